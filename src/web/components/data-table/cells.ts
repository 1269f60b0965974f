import type { Column } from '@tanstack/react-table';
import './column-meta';

export const SELECT_COLUMN_ID = '__select';

/** A column's plain-text name: its meta label, else a string header, else its id. */
export function columnLabel<T>(column: Column<T, unknown>): string {
  const header = column.columnDef.header;
  return column.columnDef.meta?.label ?? (typeof header === 'string' ? header : column.id);
}

/**
 * The width of a date-time column ("24/11/2026 20:15", dd/MM/yyyy HH:mm): the text whole plus the cell's padding
 * and the sort arrow of its header, so no list cuts the minutes to "20:…".
 */
export const DATE_TIME_COLUMN_SIZE = 165;
