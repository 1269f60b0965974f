import { useState, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';
import { useCommand } from './use-command';

export interface DeleteRecordOptions {
  /** The If-Match delete of the record as loaded (e.g. `() => deleteThing(id, etag)`). */
  remove(): Promise<unknown>;
  /** The toast while it runs and once it is done. */
  pending: string;
  success: string;
  /** Drops the record from the cache (e.g. `cache.removed(id)`) before leaving for the list. */
  onDeleted(): void;
  /** The list to go back to once the record is gone. */
  listPath: string;
}

/** Ask, delete, drop from the cache, go to the list; a failure (the toast says why) closes the dialog. */
function useDeleteRecord({ remove, pending, success, onDeleted, listPath }: DeleteRecordOptions) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const del = useCommand({
    run: () => remove(),
    pending,
    success,
    onSuccess: () => {
      onDeleted();
      navigate(listPath);
    },
    onError: () => setAsking(false),
  });
  return { asking, busy: del.busy, ask: () => setAsking(true), cancel: () => setAsking(false), confirm: () => del.runAsync() };
}

export interface DeleteRecordButtonProps extends DeleteRecordOptions {
  /** The confirm dialog's title and text. */
  title: string;
  text: ReactNode;
  /** A trash icon with the label as its accessible name, instead of icon and label. */
  iconOnly?: boolean;
}

/** The detail screen's delete button and the dialog that asks first (the dialog is a portal, so it may sit here). */
export function DeleteRecordButton({ title, text, iconOnly = false, ...options }: DeleteRecordButtonProps) {
  const { t } = useTranslation('common');
  const del = useDeleteRecord(options);
  return (
    <>
      {iconOnly ? (
        <Button variant="outline-danger" onClick={del.ask} aria-label={t('actions.delete')}>
          <i className="bi bi-trash" aria-hidden="true" />
        </Button>
      ) : (
        <Button variant="outline-danger" onClick={del.ask}>
          <i className="bi bi-trash me-1" aria-hidden="true" />
          {t('actions.delete')}
        </Button>
      )}
      <ConfirmDialog
        show={del.asking}
        title={title}
        confirmLabel={t('actions.delete')}
        variant="danger"
        busy={del.busy}
        onConfirm={() => void del.confirm()}
        onCancel={del.cancel}
      >
        {text}
      </ConfirmDialog>
    </>
  );
}
