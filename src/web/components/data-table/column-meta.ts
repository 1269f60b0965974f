import type { RowData } from '@tanstack/react-table';

/**
 * What a DataTable column may say about itself beyond TanStack's own column definition. A column whose `id` is
 * in the ListSpec's `sortable` list sorts on the server; nothing else is needed for that.
 */
declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Plain-text name for the column chooser, the phone cards and the sort picker (the header may be JSX). */
    label?: string;
    /** Numbers and money line up on the right. */
    align?: 'start' | 'end' | 'center';
    /** First click sorts descending (dates, amounts: the newest or biggest first is what one looks for). */
    sortDescFirst?: boolean;
    /** False keeps the column out of the column chooser (always shown). */
    hideable?: boolean;
    /** Hidden until the user turns it on in the column chooser. */
    defaultHidden?: boolean;
    /** Its place on a phone card: the title line, the badge beside it, or not shown at all. */
    card?: 'title' | 'badge' | 'hidden';
    /** Extra class names for its cells. */
    className?: string;
  }
}

export {};
