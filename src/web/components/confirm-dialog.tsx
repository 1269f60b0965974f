import type { ReactNode } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  show: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' for what cannot be undone. */
  variant?: 'primary' | 'danger' | 'warning';
  /** While the confirmed action runs: the buttons are disabled and the dialog cannot be dismissed. */
  busy?: boolean;
  /** The confirm button is disabled (what the dialog asks for is not filled in yet). */
  confirmDisabled?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before an action; Escape and the backdrop cancel, and the safe choice has the focus. */
export function ConfirmDialog({ show, title, children, confirmLabel, cancelLabel, variant = 'primary', busy = false, confirmDisabled = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal show={show} onHide={busy ? () => {} : onCancel} centered backdrop={busy ? 'static' : true} keyboard={!busy} aria-labelledby="confirm-dialog-title">
      <Modal.Header closeButton={!busy} closeLabel={t('actions.close')}>
        <Modal.Title as="h2" className="h5" id="confirm-dialog-title">
          {title}
        </Modal.Title>
      </Modal.Header>
      {children && <Modal.Body>{children}</Modal.Body>}
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel ?? t('actions.cancel')}
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={busy || confirmDisabled}>
          {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel ?? t('actions.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
