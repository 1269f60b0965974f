import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IMPORT_INVALID_CODE,
  IMPORT_MAX_ROWS,
  type ImportCommitResult,
  type ImportFieldError,
  type ImportPreview,
  type ImportRow,
} from '../../../shared/contracts/import';
import { localizeMessage } from '../../../shared/i18n/localize';
import { foldVietnamese } from '../../../shared/text';
import { HttpError } from '../errors';
import { currentLanguage } from '../../plugins/language';
import type { AnyResource, ImportColumn } from './define';
import { createInTransaction, inWriteTransaction } from './write';

/** Every XLSX is a ZIP archive: local file header "PK\x03\x04". */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The uploaded file, checked by content rather than by name or declared type. */
export async function readXlsxUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new HttpError(415, 'Hãy tải lên tệp XLSX (multipart/form-data)');
  const file = await req.file();
  if (!file) throw new HttpError(400, 'Chưa chọn tệp để nhập');
  const buffer = await file.toBuffer();
  if (buffer.length < ZIP_MAGIC.length || !buffer.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) {
    throw new HttpError(415, 'Tệp không phải là bảng tính Excel (.xlsx)');
  }
  return buffer;
}

type Plain = string | number | boolean | Date | null;

/** A cell as a plain value: rich text joined, hyperlinks (e-mails) as their text, formulas as their result. */
export function plainCell(v: ExcelJS.CellValue): Plain {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'object' || v instanceof Date) return v;
  if ('richText' in v) return v.richText.map((t) => t.text).join('');
  if ('formula' in v || 'sharedFormula' in v) return plainCell((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('hyperlink' in v) return plainCell(v.text as ExcelJS.CellValue);
  return null;
}

function convert(value: Plain, type: ImportColumn['type']): unknown {
  if (value === null) return undefined;
  if (type === 'int') {
    if (typeof value === 'number') return value;
    const compact = String(value).replace(/[\s.,₫]|đ|vnd/gi, '');
    return /^-?\d+$/.test(compact) ? Number(compact) : String(value).trim() || undefined;
  }
  if (type === 'phone' && typeof value === 'number') {
    const digits = String(value);
    // Excel stores 0912345678 typed into a number cell as 912345678: give the trunk zero back.
    return digits.length === 9 || (digits.length === 10 && digits.startsWith('2')) ? `0${digits}` : digits;
  }
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

interface ParsedSheet {
  rows: Array<{ row: number; cells: Record<string, unknown> }>;
  ignoredColumns: string[];
}

const fold = (s: string) => foldVietnamese(s).replace(/[^a-z0-9]/g, '');

/** Reads the first sheet: row 1 is the header, every later non-empty row a record. */
export async function parseSheet(buffer: Buffer, columns: ImportColumn[]): Promise<ParsedSheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw new HttpError(415, 'Không đọc được tệp Excel: tệp hỏng hoặc không phải .xlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount < 1) throw new HttpError(400, 'Tệp không có dữ liệu');
  if (sheet.actualRowCount - 1 > IMPORT_MAX_ROWS) {
    throw new HttpError(400, `Tệp có quá nhiều dòng: tối đa ${IMPORT_MAX_ROWS.toLocaleString('vi-VN')} dòng mỗi lần nhập`);
  }
  const byName = new Map<string, ImportColumn>();
  for (const c of columns) for (const name of [c.header, c.field, ...(c.aliases ?? [])]) byName.set(fold(name), c);
  const fieldAt = new Map<number, ImportColumn>();
  const ignoredColumns: string[] = [];
  sheet.getRow(1).eachCell((cell, col) => {
    const title = String(plainCell(cell.value) ?? '').trim();
    if (!title) return;
    const match = byName.get(fold(title));
    if (match && ![...fieldAt.values()].includes(match)) fieldAt.set(col, match);
    else ignoredColumns.push(title);
  });
  if (!fieldAt.size) {
    throw new HttpError(400, `Không nhận ra cột nào ở dòng tiêu đề. Các cột của mẫu: ${columns.map((c) => c.header).join(', ')}`);
  }
  const rows: ParsedSheet['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: Record<string, unknown> = {};
    for (const [col, column] of fieldAt) {
      const v = convert(plainCell(r.getCell(col).value), column.type);
      if (v !== undefined) cells[column.field] = v;
    }
    if (Object.keys(cells).length) rows.push({ row: rowNumber, cells });
  });
  if (!rows.length) throw new HttpError(400, 'Tệp không có dòng dữ liệu nào dưới dòng tiêu đề');
  return { rows, ignoredColumns };
}

/** Validates every row (its own fields, then across rows and against the database) without writing. */
export async function previewImport(app: FastifyInstance, def: AnyResource, buffer: Buffer): Promise<ImportPreview> {
  const spec = def.import;
  if (!spec) throw new Error(`${def.name} has no import`);
  const { rows, ignoredColumns } = await parseSheet(buffer, spec.columns);
  const results: ImportRow[] = [];
  const valid: Array<{ index: number; row: number; data: unknown }> = [];
  rows.forEach((r, index) => {
    const parsed = spec.row.safeParse(r.cells);
    if (parsed.success) {
      results.push({ row: r.row, data: parsed.data as Record<string, unknown>, errors: [] });
      valid.push({ index, row: r.row, data: parsed.data });
    } else {
      const errors: ImportFieldError[] = parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
      results.push({ row: r.row, data: r.cells, errors });
    }
  });
  if (spec.check && valid.length) {
    const more = await spec.check(app.deps.database.db, valid);
    for (const [index, errors] of more) {
      results[index]!.errors.push(...errors);
      results[index]!.data = rows[index]!.cells;
    }
  }
  const invalid = results.filter((r) => r.errors.length).length;
  // Row errors are data of the answer (not an error body): put them in the request's language here. zod's
  // built-in ones already are (plugins/language.ts); the contracts' and the services' own go through the catalog.
  const lang = currentLanguage();
  if (lang !== 'vi') {
    for (const r of results) r.errors = r.errors.map((e) => ({ ...e, message: localizeMessage(e.message, lang) }));
  }
  return { mode: 'preview', total: results.length, valid: results.length - invalid, invalid, ignoredColumns, rows: results };
}

/** All or nothing: any bad row → 422 with the preview (nothing written); else every row in one transaction. */
export async function commitImport(app: FastifyInstance, req: FastifyRequest, def: AnyResource, buffer: Buffer): Promise<ImportCommitResult> {
  const preview = await previewImport(app, def, buffer);
  if (preview.invalid) {
    throw new HttpError(
      422,
      `Có ${preview.invalid}/${preview.total} dòng lỗi; chưa nhập dòng nào. Hãy sửa tệp rồi nhập lại.`,
      IMPORT_INVALID_CODE,
      preview,
    );
  }
  const ids = await inWriteTransaction(app, req, def, async (ctx) => {
    const created: number[] = [];
    for (const r of preview.rows) created.push((await createInTransaction<{ id: number; version: number }>(ctx, def, r.data, 'import')).id);
    return created;
  });
  return { mode: 'commit', created: ids.length, ids };
}

/** An empty workbook with the import's header row (and each column's hint as a cell note). */
export async function importTemplate(def: AnyResource): Promise<Buffer> {
  const spec = def.import;
  if (!spec) throw new Error(`${def.name} has no import`);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(spec.templateName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((c) => ({ header: c.header, key: c.field, width: c.width ?? 20 }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  spec.columns.forEach((c, i) => {
    if (c.hint) header.getCell(i + 1).note = c.hint;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
