import type { Column } from '@tanstack/react-table';
import './column-meta';

export const SELECT_COLUMN_ID = '__select';

/** A column's plain-text name: its meta label, else a string header, else its id. */
export function columnLabel<T>(column: Column<T, unknown>): string {
  const header = column.columnDef.header;
  return column.columnDef.meta?.label ?? (typeof header === 'string' ? header : column.id);
}
