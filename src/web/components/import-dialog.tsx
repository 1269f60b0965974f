import { useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Modal, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  IMPORT_INVALID_CODE,
  IMPORT_MAX_ROWS,
  type ImportCommitResult,
  type ImportMode,
  type ImportPreview,
  type ImportRow,
} from '../../shared/contracts/import';
import { api, errorMessage, isApiRequestError } from '../lib/api-client';
import { useFormat } from '../lib/use-format';
import { toastPromise } from '../lib/toast';
import { saveBlob } from './download';
import { StatusBadge } from './status-badge';
import './ui.css';

export interface ImportColumn {
  /** The record field its errors are reported under. */
  field: string;
  label: string;
  /** Where the value is in a row's data when not at `field` (a valid row carries the parsed record). */
  value?(data: Record<string, unknown>): unknown;
  format?(value: unknown): ReactNode;
}

interface ImportDialogProps {
  /** The API resource: `customers` → POST /api/customers/import. */
  resource: string;
  show: boolean;
  onHide(): void;
  /** The fields shown per row in the preview. */
  columns: ImportColumn[];
  /** File name of the template when the server names none. */
  templateName: string;
  onCommitted?(result: ImportCommitResult): void;
}

/** Rows drawn at once; a bigger file is still checked and imported whole. */
const PREVIEW_RENDER_LIMIT = 300;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function importUrl(resource: string, mode: ImportMode) {
  return `/api/${resource}/import?mode=${mode}`;
}

function formOf(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/**
 * Import from Excel in two steps: the server checks the file and shows every row with its problems (nothing is
 * written), then — only when no row is bad — the user commits it, all rows in one transaction or none.
 */
export function ImportDialog({ resource, show, onHide, columns, templateName, onCommitted }: ImportDialogProps) {
  const { t } = useTranslation('resource');
  const fmt = useFormat();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState<ImportMode | 'template' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setBusy(null);
    setError(null);
    setOnlyErrors(false);
    if (inputRef.current) inputRef.current.value = '';
  };

  const check = async (chosen: File) => {
    setBusy('preview');
    setError(null);
    setPreview(null);
    try {
      const result = await api.postMultipart<ImportPreview>(importUrl(resource, 'preview'), formOf(chosen));
      setPreview(result);
      setOnlyErrors(result.invalid > 0);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const commit = async () => {
    if (!file) return;
    setBusy('commit');
    setError(null);
    try {
      const result = await toastPromise(api.postMultipart<ImportCommitResult>(importUrl(resource, 'commit'), formOf(file)), {
        pending: t('import.committing'),
        success: (r) => t('import.committed', { count: r.created }),
      });
      onCommitted?.(result);
      onHide();
    } catch (e) {
      // Someone changed data since the preview (a phone now taken…): the server sends the rows again.
      if (isApiRequestError(e) && e.data.code === IMPORT_INVALID_CODE && e.data.details && typeof e.data.details === 'object') {
        const again = e.data.details as ImportPreview;
        setPreview(again);
        setOnlyErrors(true);
      } else {
        setError(errorMessage(e));
      }
    } finally {
      setBusy(null);
    }
  };

  const downloadTemplate = async () => {
    setBusy('template');
    try {
      const f = await api.getFile(`/api/${resource}/import/template`);
      saveBlob(f.blob, f.filename ?? templateName);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const rows = preview ? (onlyErrors ? preview.rows.filter((r) => r.errors.length) : preview.rows) : [];
  const shown = rows.slice(0, PREVIEW_RENDER_LIMIT);
  const canCommit = Boolean(file && preview && preview.invalid === 0 && preview.total > 0 && !busy);
  const known = new Set(columns.map((c) => c.field));

  return (
    <Modal show={show} onHide={busy === 'commit' ? () => {} : onHide} onExited={reset} size="xl" aria-labelledby={`${id}-title`} scrollable>
      <Modal.Header closeButton={busy !== 'commit'} closeLabel={t('common:actions.close')}>
        <Modal.Title as="h2" className="h5" id={`${id}-title`}>
          <i className="bi bi-file-earmark-arrow-up me-2" aria-hidden="true" />
          {t('import.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ol className="small text-body-secondary ps-3 mb-3">
          <li>
            {t('import.step1')}{' '}
            <Button variant="link" size="sm" className="p-0 align-baseline" onClick={() => void downloadTemplate()} disabled={busy === 'template'}>
              {t('import.template')}
            </Button>
          </li>
          <li>{t('import.step2', { max: fmt.integer(IMPORT_MAX_ROWS) })}</li>
          <li>{t('import.step3')}</li>
        </ol>
        <Form.Group controlId={`${id}-file`} className="mb-3">
          <Form.Label className="fw-medium">{t('import.file')}</Form.Label>
          <Form.Control
            ref={inputRef}
            type="file"
            accept={`.xlsx,${XLSX_TYPE}`}
            disabled={busy !== null}
            onChange={(e) => {
              const chosen = (e.target as HTMLInputElement).files?.[0] ?? null;
              setFile(chosen);
              if (chosen) void check(chosen);
              else setPreview(null);
            }}
          />
        </Form.Group>
        {busy === 'preview' && (
          <div className="d-flex align-items-center gap-2 text-body-secondary" role="status">
            <Spinner size="sm" aria-hidden="true" />
            {t('import.checking')}
          </div>
        )}
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        {preview && (
          <>
            <div className="d-flex flex-wrap align-items-center gap-2 mb-2" aria-live="polite" data-testid="import-summary">
              <span>{t('import.summary', { total: fmt.integer(preview.total) })}</span>
              <StatusBadge tone="success" icon="bi-check-circle">
                {t('import.valid', { count: preview.valid })}
              </StatusBadge>
              <StatusBadge tone={preview.invalid ? 'danger' : 'secondary'} icon="bi-x-circle">
                {t('import.invalid', { count: preview.invalid })}
              </StatusBadge>
              {preview.invalid > 0 && (
                <Form.Check
                  className="ms-auto"
                  type="switch"
                  role="switch"
                  id={`${id}-only-errors`}
                  label={t('import.onlyErrors')}
                  checked={onlyErrors}
                  onChange={(e) => setOnlyErrors(e.target.checked)}
                />
              )}
            </div>
            {preview.invalid > 0 && (
              <Alert variant="warning" className="small py-2">
                {t('import.fixAndRetry')}
              </Alert>
            )}
            {preview.ignoredColumns.length > 0 && (
              <Alert variant="info" className="small py-2">
                {t('import.ignoredColumns', { columns: preview.ignoredColumns.join(', ') })}
              </Alert>
            )}
            <div className="import-preview border rounded">
              <Table size="sm" className="mb-0 small align-middle" data-testid="import-preview">
                <thead>
                  <tr>
                    <th scope="col">{t('import.row')}</th>
                    {columns.map((c) => (
                      <th key={c.field} scope="col">
                        {c.label}
                      </th>
                    ))}
                    <th scope="col">{t('import.problems')}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((r) => (
                    <PreviewRow key={r.row} row={r} columns={columns} known={known} />
                  ))}
                </tbody>
              </Table>
            </div>
            {rows.length > shown.length && <p className="small text-body-secondary mt-2 mb-0">{t('import.more', { count: rows.length - shown.length })}</p>}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide} disabled={busy === 'commit'}>
          {t('common:actions.cancel')}
        </Button>
        <Button variant="primary" onClick={() => void commit()} disabled={!canCommit}>
          {busy === 'commit' && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {preview && preview.invalid === 0 ? t('import.commit', { count: preview.total }) : t('import.commitDisabled')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function cellText(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return <span className="text-body-tertiary">—</span>;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function PreviewRow({ row, columns, known }: { row: ImportRow; columns: ImportColumn[]; known: Set<string> }) {
  const bad = row.errors.length > 0;
  const rowErrors = row.errors.filter((e) => !known.has(e.field));
  return (
    <tr className={bad ? 'table-danger' : undefined} data-row={row.row}>
      <th scope="row" className="text-nowrap">
        <i className={`bi ${bad ? 'bi-x-circle-fill text-danger' : 'bi-check-circle-fill text-success'} me-1`} aria-hidden="true" />
        {row.row}
      </th>
      {columns.map((c) => {
        const errs = row.errors.filter((e) => e.field === c.field);
        const value = c.value ? c.value(row.data) : row.data[c.field];
        return (
          <td key={c.field} className={errs.length ? 'fw-semibold' : undefined}>
            {c.format && value !== null && value !== undefined && value !== '' ? c.format(value) : cellText(value)}
            {errs.map((e, i) => (
              <div key={i} className="text-danger-emphasis small fw-normal">
                <i className="bi bi-exclamation-circle me-1" aria-hidden="true" />
                {e.message}
              </div>
            ))}
          </td>
        );
      })}
      <td className="text-danger-emphasis">
        {rowErrors.map((e, i) => (
          <div key={i}>{e.field ? `${e.field}: ${e.message}` : e.message}</div>
        ))}
      </td>
    </tr>
  );
}
