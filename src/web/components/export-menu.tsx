import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ExportFormat, ListSpec } from '../../shared/contracts/list-query';
import { api } from '../lib/api-client';
import { useListParams } from './data-table/list-params';
import { saveBlob } from './download';
import { useCommand } from './use-command';

interface ExportMenuProps {
  /** The API resource: `customers` → GET /api/customers/export. */
  resource: string;
  spec: ListSpec;
  /** Used when the server names no file. */
  fallbackName: string;
  urlPrefix?: string;
  size?: 'sm' | 'lg';
}

/**
 * Export of the list as the user sees it (same search, filters and sort; every page), as XLSX or CSV, saved
 * under the name the server gives it.
 */
export function ExportMenu({ resource, spec, fallbackName, urlPrefix, size }: ExportMenuProps) {
  const { t } = useTranslation('resource');
  const params = useListParams(spec, urlPrefix);
  const exportRun = useCommand({
    run: (format: ExportFormat) => api.getFile(`/api/${resource}/export`, { ...params.exportQuery, format }),
    pending: t('export.pending'),
    success: t('export.done'),
    onSuccess: (file, format) => saveBlob(file.blob, file.filename ?? `${fallbackName}.${format}`),
  });
  const busy = exportRun.busy;
  const run = (format: ExportFormat) => exportRun.run(format);

  return (
    <Dropdown align="end">
      <Dropdown.Toggle size={size} variant="outline-secondary" disabled={busy} id={`export-${resource}`} aria-label={t('export.button')}>
        <i className="bi bi-download" aria-hidden="true" />
        <span className="ms-1 d-none d-sm-inline">{t('export.button')}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Header>{params.narrowed ? t('export.filtered') : t('export.all')}</Dropdown.Header>
        <Dropdown.Item as="button" onClick={() => run('xlsx')}>
          <i className="bi bi-file-earmark-excel me-2" aria-hidden="true" />
          {t('export.xlsx')}
        </Dropdown.Item>
        <Dropdown.Item as="button" onClick={() => run('csv')}>
          <i className="bi bi-filetype-csv me-2" aria-hidden="true" />
          {t('export.csv')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
