import type { Table } from '@tanstack/react-table';
import { useId } from 'react';
import { Dropdown, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { columnLabel } from './cells';

/** Show or hide columns, and put columns and widths back as they were. */
export function ColumnChooser<T>({ table, onReset }: { table: Table<T>; onReset(): void }) {
  const { t } = useTranslation('resource');
  const id = useId();
  const columns = table.getAllLeafColumns().filter((c) => c.getCanHide());
  const shown = columns.filter((c) => c.getIsVisible()).length;
  return (
    <Dropdown align="end" autoClose="outside">
      <Dropdown.Toggle id={id} size="sm" variant="outline-secondary" title={t('table.columns')}>
        <i className="bi bi-layout-three-columns" aria-hidden="true" />
        <span className="ms-1 d-none d-lg-inline">{t('table.columns')}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="p-2 column-chooser">
        <div className="small text-body-secondary mb-1">{t('table.columnsHint')}</div>
        {columns.map((c) => (
          <Form.Check
            key={c.id}
            id={`${id}-${c.id}`}
            type="switch"
            role="switch"
            label={columnLabel(c)}
            checked={c.getIsVisible()}
            // The last visible column stays: an empty table helps nobody.
            disabled={c.getIsVisible() && shown === 1}
            onChange={(e) => c.toggleVisibility(e.target.checked)}
          />
        ))}
        <Dropdown.Divider />
        <button type="button" className="btn btn-link btn-sm p-0" onClick={onReset}>
          {t('table.resetColumns')}
        </button>
      </Dropdown.Menu>
    </Dropdown>
  );
}
