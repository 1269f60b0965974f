import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { EXPORT_MAX_ROWS, type ExportQuery } from '../../../shared/contracts/list-query';
import { foldVietnamese } from '../../../shared/text';
import type { Db } from '../../db/client';
import { HttpError } from '../errors';
import type { AnyResource, ExportColumn } from './define';
import { countRows, iterateItems, whereFor } from './list-engine';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
const VN_OFFSET_MS = 7 * 3_600_000;

/** Today's date in Vietnam, for file names. */
export function vnDate(now = new Date()): string {
  return new Date(now.getTime() + VN_OFFSET_MS).toISOString().slice(0, 10);
}

/** "Khách hàng" → "khach-hang": what old clients that ignore filename* get. */
export function asciiFileName(name: string): string {
  return (
    foldVietnamese(name)
      .replace(/[^a-z0-9.]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'export'
  );
}

/** RFC 5987 / 6266: an ASCII `filename` fallback plus the real name as `filename*=UTF-8''…`. */
export function contentDisposition(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const ext = dot > 0 ? fileName.slice(dot) : '';
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  const ascii = `${asciiFileName(base)}${ext.toLowerCase().replace(/[^a-z0-9.]/g, '')}`;
  const encoded = encodeURIComponent(fileName).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A timestamp as Vietnamese wall-clock time: XLSX dates carry no zone, so we shift the instant. */
function vnWallClock(iso: string): Date {
  return new Date(Date.parse(iso) + VN_OFFSET_MS);
}

function xlsxValue<T>(col: ExportColumn<T>, item: T): string | number | Date | null {
  const v = col.value(item);
  if (v === null || v === undefined || v === '') return null;
  if (col.type === 'datetime') return vnWallClock(String(v));
  return v;
}

/** Cells that a spreadsheet would run as a formula get a leading apostrophe (CSV injection). */
function csvCell<T>(col: ExportColumn<T>, item: T): string {
  const v = col.value(item);
  if (v === null || v === undefined) return '';
  if (col.type === 'datetime') return vnWallClock(String(v)).toISOString().slice(0, 19).replace('T', ' ');
  if (typeof v === 'number') return String(v);
  return csvQuote(/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
}

export function csvQuote(s: string): string {
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * Streams every row the list filters match as XLSX (exceljs streaming writer) or CSV (UTF-8 with BOM so
 * Excel reads Vietnamese), in list order, a batch of rows at a time.
 */
export async function sendExport<TItem>(reply: FastifyReply, db: Db, def: AnyResource, query: ExportQuery): Promise<FastifyReply> {
  const spec = def.export;
  if (!spec) throw new Error(`${def.name} has no export`);
  const total = await countRows(db, def, whereFor(def, query));
  if (total > EXPORT_MAX_ROWS) {
    throw new HttpError(400, `Có ${total.toLocaleString('vi-VN')} dòng, quá giới hạn xuất ${EXPORT_MAX_ROWS.toLocaleString('vi-VN')} dòng. Hãy lọc bớt.`);
  }
  const columns = spec.columns as ExportColumn<TItem>[];
  const fileName = `${spec.fileName}-${vnDate()}.${query.format}`;
  reply.header('content-disposition', contentDisposition(fileName)).header('x-total-count', String(total));
  const batches = iterateItems<TItem>(db, def, query, { limit: EXPORT_MAX_ROWS });

  if (query.format === 'csv') {
    async function* lines() {
      yield `\uFEFF${columns.map((c) => csvQuote(c.header)).join(',')}\r\n`;
      for await (const batch of batches) {
        yield batch.map((item) => `${columns.map((c) => csvCell(c, item)).join(',')}\r\n`).join('');
      }
    }
    return reply.type(CSV_CONTENT_TYPE).send(Readable.from(lines()));
  }

  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(spec.fileName), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width ?? 18,
    style: c.type === 'datetime' ? { numFmt: 'dd/mm/yyyy hh:mm' } : c.type === 'int' ? { numFmt: '#,##0' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const produce = async () => {
    for await (const batch of batches) {
      for (const item of batch) sheet.addRow(columns.map((c) => xlsxValue(c, item))).commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  produce().catch((err) => {
    reply.log.error({ err }, 'export failed while streaming');
    out.destroy(err as Error);
  });
  return reply.type(XLSX_CONTENT_TYPE).send(out);
}
