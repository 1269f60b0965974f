import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '../../../shared/contracts/import';
import { formatScaled } from '../../../shared/domain/money-input';
import { foldVietnamese } from '../../../shared/text';
import { HttpError } from '../errors';
import type { ImportColumn } from './define';

/**
 * Reads an import's XLSX as a stream: the ZIP's central directory gives each part, and the parts are
 * inflated and parsed in the order we need them (workbook, styles, shared strings, then the first sheet
 * row by row), so reading stops at the row cap instead of building the whole workbook in memory. Runs in
 * a worker thread (xlsx-worker.ts) with a bounded heap; parseXlsx is the same code, callable in-process.
 */

type Plain = string | number | boolean | Date | null;

/** A cell as a plain value: rich text joined, hyperlinks (e-mails) as their text, formulas as their result. */
function plainCell(v: ExcelJS.CellValue): Plain {
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

export interface ParsedSheet {
  rows: Array<{ row: number; cells: Record<string, unknown> }>;
  ignoredColumns: string[];
}

/** What the worker needs of a column (no functions, so it crosses the thread boundary). */
export type SheetColumn = Pick<ImportColumn, 'field' | 'header' | 'en' | 'aliases' | 'type'>;

const fold = (s: string) => foldVietnamese(s).replace(/[^a-z0-9]/g, '');

const unreadable = () => new HttpError(415, 'Không đọc được tệp Excel: tệp hỏng hoặc không phải .xlsx');

// ---- ZIP: the central directory, then one part at a time ------------------------------------------------------

interface ZipEntry {
  method: number;
  compressedSize: number;
  localHeader: number;
}

/** The entries of a ZIP by name, from its central directory (an upload is at most a few MiB: no ZIP64 needed). */
function zipEntries(buf: Buffer): Map<string, ZipEntry> {
  const minEocd = 22;
  let eocd = -1;
  for (let i = buf.length - minEocd; i >= Math.max(0, buf.length - minEocd - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw unreadable();
    const method = buf.readUInt16LE(p + 10);
    const compressedSize = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const localHeader = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    entries.set(name.replace(/^\/+/, ''), { method, compressedSize, localHeader });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** One part, inflated as a stream and cut off past maxBytes (a small ZIP can hold a huge part). */
function partStream(buf: Buffer, e: ZipEntry, maxBytes: number): Readable {
  const h = e.localHeader;
  if (h + 30 > buf.length || buf.readUInt32LE(h) !== 0x04034b50) throw unreadable();
  const start = h + 30 + buf.readUInt16LE(h + 26) + buf.readUInt16LE(h + 28);
  const data = buf.subarray(start, start + e.compressedSize);
  if (e.method !== 0 && e.method !== 8) throw unreadable();
  let seen = 0;
  const source = Readable.from([data], { objectMode: false });
  const out = e.method === 0 ? source : source.pipe(createInflateRaw());
  if (e.method === 8) source.on('error', (err) => out.destroy(err));
  out.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) out.destroy(new HttpError(400, 'Tệp Excel quá lớn hoặc quá phức tạp để đọc'));
  });
  return out;
}

// exceljs's streaming reader, driven part by part (its own driver reads the ZIP in file order and writes a
// sheet that comes before the shared strings to a temporary file in full).
interface StreamReader {
  workbookRels?: Array<{ Id: string; Target: string }>;
  model?: { sheets?: Array<{ id: number; name: string; rId: string }> };
  _parseRels(s: Readable): Promise<void>;
  _parseWorkbook(s: Readable): Promise<void>;
  _parseStyles(s: Readable): Promise<void>;
  _parseSharedStrings(s: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(s: Readable, sheetNo: string): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

/** Parts other than the sheet are read whole; none of a real import's comes near this. */
const PART_LIMIT = 48 * 1_048_576;
/** The sheet is read row by row and stopped at the cap; this bounds a single absurd row. */
const SHEET_LIMIT = 512 * 1_048_576;

/** Reads the first sheet: row 1 is the header, every later non-empty row a record (at most maxRows). */
export async function parseXlsx(buffer: Buffer, columns: SheetColumn[], maxRows = IMPORT_MAX_ROWS): Promise<ParsedSheet> {
  const entries = zipEntries(buffer);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(undefined as never, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as StreamReader;
  const part = (name: string, limit = PART_LIMIT) => {
    const e = entries.get(name);
    return e ? partStream(buffer, e, limit) : undefined;
  };
  const sheetPath = await (async () => {
    try {
      const rels = part('xl/_rels/workbook.xml.rels');
      if (rels) await reader._parseRels(rels);
      const book = part('xl/workbook.xml');
      if (!book) throw unreadable();
      await reader._parseWorkbook(book);
      const styles = part('xl/styles.xml');
      if (styles) await reader._parseStyles(styles);
      const strings = part('xl/sharedStrings.xml');
      if (strings) for await (const _ of reader._parseSharedStrings(strings)) void _;
    } catch (err) {
      throw err instanceof HttpError ? err : unreadable();
    }
    // The first sheet in the workbook's order, as the non-streaming reader's worksheets[0].
    const first = reader.model?.sheets?.[0];
    const target = first && reader.workbookRels?.find((r) => r.Id === first.rId)?.Target;
    if (target) return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    return [...entries.keys()].filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)).sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
  })();
  const sheetStream = sheetPath ? part(sheetPath, SHEET_LIMIT) : undefined;
  if (!sheetStream) throw new HttpError(400, 'Tệp không có dữ liệu');

  const byName = new Map<string, SheetColumn>();
  // Either language's header is read, so a file exported in English comes back in whatever the UI language is now.
  for (const c of columns) for (const name of [c.header, c.field, ...(c.en ? [c.en] : []), ...(c.aliases ?? [])]) byName.set(fold(name), c);
  const fieldAt = new Map<number, SheetColumn>();
  const ignoredColumns: string[] = [];
  const rows: ParsedSheet['rows'] = [];
  // Rows with any value, the header included: more than maxRows + 1 is refused as soon as it is seen.
  let valued = 0;
  const sheetNo = /sheet(\d+)\.xml$/.exec(sheetPath!)?.[1] ?? '1';
  try {
    for (const { value: sheet } of reader._parseWorksheet(sheetStream, sheetNo)) {
      for await (const r of sheet) {
        if (!r.hasValues) continue;
        valued++;
        if (valued - 1 > maxRows) {
          throw new HttpError(400, `Tệp có quá nhiều dòng: tối đa ${formatScaled(maxRows, 0, { lang: 'vi' })} dòng mỗi lần nhập`);
        }
        if (r.number === 1) {
          r.eachCell((cell, col) => {
            const title = String(plainCell(cell.value) ?? '').trim();
            if (!title) return;
            const match = byName.get(fold(title));
            if (match && ![...fieldAt.values()].includes(match)) fieldAt.set(col, match);
            else ignoredColumns.push(title);
          });
          continue;
        }
        const cells: Record<string, unknown> = {};
        for (const [col, column] of fieldAt) {
          const v = convert(plainCell(r.getCell(col).value), column.type);
          if (v !== undefined) cells[column.field] = v;
        }
        if (Object.keys(cells).length) rows.push({ row: r.number, cells });
      }
    }
  } catch (err) {
    throw err instanceof HttpError ? err : unreadable();
  } finally {
    sheetStream.destroy();
  }
  if (!valued) throw new HttpError(400, 'Tệp không có dữ liệu');
  if (!fieldAt.size) {
    throw new HttpError(400, `Không nhận ra cột nào ở dòng tiêu đề. Các cột của mẫu: ${columns.map((c) => c.header).join(', ')}`);
  }
  if (!rows.length) throw new HttpError(400, 'Tệp không có dòng dữ liệu nào dưới dòng tiêu đề');
  return { rows, ignoredColumns };
}
