import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import './column-meta';

/**
 * The code column a record list starts with: the code in tabular figures, linked to the record's page
 * (`${path}/${id}`), always shown unless `hideable`; `card: 'title'` makes it a phone card's title line.
 */
export function codeColumn<T extends { id: number; code: string }>(opts: { header: string; size: number; path: string; hideable?: boolean; card?: 'title' }): ColumnDef<T, string> {
  return {
    id: 'code',
    accessorFn: (row) => row.code,
    header: opts.header,
    size: opts.size,
    meta: { ...(opts.hideable ? {} : { hideable: false }), className: 'font-tabular', ...(opts.card ? { card: opts.card } : {}) },
    cell: (c) => (
      <Link to={`${opts.path}/${c.row.original.id}`} className="fw-medium">
        {c.getValue()}
      </Link>
    ),
  };
}
