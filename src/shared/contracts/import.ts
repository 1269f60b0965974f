import { z } from 'zod';

/**
 * Import, the same for every resource that offers it:
 * `POST /api/<resource>/import?mode=preview|commit`, multipart/form-data with one XLSX file (any field
 * name). The first sheet's first row holds the column headers (those of the template from
 * `GET /api/<resource>/import/template`; matching ignores case and accents); each later non-empty row is
 * one record.
 *
 * - preview (the default) writes nothing and answers 200 ImportPreview: every row with its parsed data
 *   and its errors (field = the record's field, or '' for the whole row);
 * - commit writes every row in one transaction and answers 200 ImportCommitResult, or, when any row is
 *   bad, writes nothing and answers 422 `{ message, code: 'IMPORT_INVALID', details: ImportPreview }`.
 * A file that is not an XLSX (checked by its content) is 415; a bigger one than the upload limit 413;
 * a file with no header we know, no rows, or more than IMPORT_MAX_ROWS rows is 400.
 */

const IMPORT_MODES = ['preview', 'commit'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_INVALID_CODE = 'IMPORT_INVALID';

export const ImportQuery = z.strictObject(
  { mode: z.enum(IMPORT_MODES, { error: 'mode phải là preview hoặc commit' }).default('preview') },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `Tham số không được hỗ trợ: ${iss.keys.join(', ')}` : undefined) },
);
export type ImportQuery = z.infer<typeof ImportQuery>;

export const ImportFieldError = z.object({ field: z.string(), message: z.string() });
export type ImportFieldError = z.infer<typeof ImportFieldError>;

export const ImportRow = z.object({
  /** The row number as Excel shows it (the header is row 1). */
  row: z.number().int(),
  /** The parsed record when the row is valid, else the cell values as read (keyed by field). */
  data: z.record(z.string(), z.unknown()),
  errors: z.array(ImportFieldError),
});
export type ImportRow = z.infer<typeof ImportRow>;

export const ImportPreview = z.object({
  mode: z.literal('preview'),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Header cells that match no field; their values are ignored. */
  ignoredColumns: z.array(z.string()),
  rows: z.array(ImportRow),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportCommitResult = z.object({
  mode: z.literal('commit'),
  created: z.number().int(),
  ids: z.array(z.number().int()),
});
export type ImportCommitResult = z.infer<typeof ImportCommitResult>;

export const ImportResult = z.discriminatedUnion('mode', [ImportPreview, ImportCommitResult]);
export type ImportResult = z.infer<typeof ImportResult>;
