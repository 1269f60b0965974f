import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { sameValue } from '../same-value';
import { TableScroll } from '../table-scroll';

/** A field shown when two people edited the same record: its path in the record and how to show a value. */
export interface ConflictField {
  name: string;
  label: string;
  format?(value: unknown): ReactNode;
}

export interface ConflictDialogProps {
  show: boolean;
  fields: ConflictField[];
  /** The record as it was when this form opened. */
  base: Record<string, unknown>;
  /** The record as the other person saved it (the 412's `details.current`). */
  theirs: Record<string, unknown>;
  /** The form's values now, in record shape. */
  mine: Record<string, unknown>;
  /** Discard my edits and load theirs. */
  onReload(): void;
  /** Keep my edits on top of their version (nothing is saved until I save again). */
  onKeepMine(): void;
  onClose(): void;
}

function valueAt(record: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), record);
}

/** The fields the other person changed since this form opened. */
function changedFields(fields: ConflictField[], base: Record<string, unknown>, theirs: Record<string, unknown>): ConflictField[] {
  return fields.filter((f) => !sameValue(valueAt(base, f.name), valueAt(theirs, f.name)));
}

function show(field: ConflictField, value: unknown, empty: string): ReactNode {
  if (value === null || value === undefined || value === '') return <span className="text-body-tertiary">{empty}</span>;
  if (field.format) return field.format(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The answer to a 412: someone saved this record after it was opened here. Nothing is lost silently: the user
 * sees what the other person changed and chooses to load their version or to keep their own edits over it.
 */
export function ConflictDialog({ show: open, fields, base, theirs, mine, onReload, onKeepMine, onClose }: ConflictDialogProps) {
  const { t } = useTranslation('resource');
  const [details, setDetails] = useState(false);
  const changed = changedFields(fields, base, theirs);
  const empty = t('conflict.empty');
  return (
    <Modal show={open} onHide={onClose} size="lg" centered aria-labelledby="conflict-title" onExited={() => setDetails(false)}>
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title as="h2" className="h5" id="conflict-title">
          <i className="bi bi-people me-2 text-warning" aria-hidden="true" />
          {t('conflict.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('conflict.text')}</p>
        {changed.length === 0 ? (
          <Alert variant="info" className="small mb-0">
            {t('conflict.noVisibleChange')}
          </Alert>
        ) : (
          <>
            <p className="mb-2">
              {t('conflict.changedFields', { count: changed.length })}: <strong>{changed.map((f) => f.label).join(', ')}</strong>
            </p>
            {details && (
              <TableScroll>
                <Table size="sm" bordered className="mb-0 small align-middle" data-testid="conflict-diff">
                  <thead>
                    <tr>
                      <th scope="col">{t('conflict.field')}</th>
                      <th scope="col">{t('conflict.whenOpened')}</th>
                      <th scope="col">{t('conflict.theirs')}</th>
                      <th scope="col">{t('conflict.mine')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {changed.map((f) => {
                      const mineValue = valueAt(mine, f.name);
                      const clash = !sameValue(mineValue, valueAt(base, f.name)) && !sameValue(mineValue, valueAt(theirs, f.name));
                      return (
                        <tr key={f.name} className={clash ? 'table-warning' : undefined}>
                          <th scope="row" className="fw-medium">
                            {f.label}
                          </th>
                          <td className="text-decoration-line-through text-body-secondary">{show(f, valueAt(base, f.name), empty)}</td>
                          <td className="fw-semibold">{show(f, valueAt(theirs, f.name), empty)}</td>
                          <td>{show(f, mineValue, empty)}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </Table>
                <p className="small text-body-secondary mt-2 mb-0">{t('conflict.clashHint')}</p>
              </TableScroll>
            )}
          </>
        )}
      </Modal.Body>
      <Modal.Footer className="flex-wrap">
        {changed.length > 0 && (
          <Button variant="link" className="me-auto px-0" onClick={() => setDetails((d) => !d)} aria-expanded={details}>
            {details ? t('conflict.hideTheirs') : t('conflict.showTheirs')}
          </Button>
        )}
        <Button variant="outline-secondary" onClick={onKeepMine}>
          {t('conflict.keepMine')}
        </Button>
        <Button variant="primary" onClick={onReload} autoFocus>
          {t('conflict.reload')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
