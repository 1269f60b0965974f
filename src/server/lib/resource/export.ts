import { PassThrough, pipeline, Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { EXPORT_MAX_ROWS, type ExportQuery } from '../../../shared/contracts/list-query';
import { foldVietnamese } from '../../../shared/text';
import type { Db } from '../../db/client';
import { HttpError } from '../errors';
import { XlsxWriter, type XlsxRow } from '../xlsx-writer';
import { CURRENCY_DECIMALS, isCurrency } from '../../../shared/domain/money';
import { formatScaled } from '../../../shared/domain/money-input';
import type { MessageLanguage } from '../../../shared/i18n/language';
import { localizeMessage } from '../../../shared/i18n/localize';
import { chooseEncoding } from '../accept-encoding';
import { currentLanguage } from '../request-language';
import type { AnyResource, ExportCellType, ExportColumn } from './define';
import { countRows, iterateItems, whereFor } from './list-engine';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
const VN_OFFSET_MS = 7 * 3_600_000;

/** Today's date in Vietnam, for file names. */
function vnDate(now = new Date()): string {
  return new Date(now.getTime() + VN_OFFSET_MS).toISOString().slice(0, 10);
}

/** "Khách hàng" → "khach-hang": what old clients that ignore filename* get. */
function asciiFileName(name: string): string {
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

/** The unit a column's type puts after its header: what the screens write after the figure. */
const HEADER_UNIT: Partial<Record<ExportCellType, string>> = {
  'weight-kg': 'kg',
  'length-cm': 'cm',
  money: '₫',
  'rate-number': '₫',
};

/** A column's header in the reader's language, with its unit: "Cân nặng (kg)", "Weight (kg)". */
function exportHeader(col: ExportColumn<unknown>, lang: MessageLanguage): string {
  const base = lang === 'en' ? col.en : col.header;
  const unit = HEADER_UNIT[col.type ?? 'text'];
  return unit ? `${base} (${unit})` : base;
}

const YES_NO: Record<MessageLanguage, [string, string]> = { vi: ['Có', 'Không'], en: ['Yes', 'No'] };

/** Integer minor units → the amount in major units (4599 USD cents → 45.99), or null for an unknown currency. */
function majorUnits(minor: number, currency: string | null | undefined): number | null {
  if (!currency || !isCurrency(currency)) return null;
  return minor / 10 ** CURRENCY_DECIMALS[currency];
}

/**
 * A cell as the screens show it (see ExportCellType): numbers stay numbers (Excel sums them), in the unit the
 * header names; text in the reader's language. The one place that turns stored integers into exported figures.
 */
function exportCell<T>(col: ExportColumn<T>, item: T, lang: MessageLanguage): string | number | Date | null {
  const v = col.value(item);
  if (v === null || v === undefined || v === '') return null;
  switch (col.type) {
    case 'datetime':
      return vnWallClock(String(v));
    case 'label':
      return localizeMessage(String(v), lang);
    case 'bool':
      return YES_NO[lang][v ? 0 : 1];
    case 'weight-kg':
      return Number(v) / 1000;
    case 'length-cm':
      return Number(v) / 10;
    case 'money-with-currency':
      return majorUnits(Number(v), col.currency?.(item)) ?? Number(v);
    case 'rate-number': {
      const n = Number(v);
      return Number.isFinite(n) ? n : String(v);
    }
    default:
      return typeof v === 'boolean' ? YES_NO[lang][v ? 0 : 1] : v;
  }
}

/** The Excel number format of a column, or of one cell when it depends on the row (its currency). */
function numFmt<T>(col: ExportColumn<T>, item?: T): string | undefined {
  switch (col.type) {
    case 'datetime':
      return 'dd/mm/yyyy hh:mm';
    case 'int':
    case 'money':
      return '#,##0';
    case 'weight-kg':
      return '#,##0.0##';
    case 'length-cm':
      return '#,##0.0';
    case 'rate-number':
      return '#,##0.00';
    case 'money-with-currency': {
      const currency = item === undefined ? undefined : col.currency?.(item);
      if (!currency || !isCurrency(currency)) return '#,##0.00';
      const decimals = CURRENCY_DECIMALS[currency];
      return `#,##0${decimals ? `.${'0'.repeat(decimals)}` : ''} "${currency}"`;
    }
    default:
      return undefined;
  }
}

/** Cells that a spreadsheet would run as a formula get a leading apostrophe (CSV injection). */
function csvCell<T>(col: ExportColumn<T>, item: T, lang: MessageLanguage): string {
  const v = exportCell(col, item, lang);
  if (v === null) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 19).replace('T', ' ');
  if (typeof v === 'number') return String(v);
  return csvQuote(/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
}

function csvQuote(s: string): string {
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Streams every row the list filters match as XLSX (lib/xlsx-writer) or CSV (UTF-8 with BOM so
 * Excel reads Vietnamese), in list order, a batch of rows at a time.
 */
export async function sendExport<TItem>(reply: FastifyReply, db: Db, def: AnyResource, query: ExportQuery): Promise<FastifyReply> {
  const spec = def.export;
  if (!spec) throw new Error(`${def.name} has no export`);
  const total = await countRows(db, def, whereFor(def, query));
  if (total > EXPORT_MAX_ROWS) {
    throw new HttpError(400, `Có ${formatScaled(total, 0, { lang: 'vi' })} dòng, quá giới hạn xuất ${formatScaled(EXPORT_MAX_ROWS, 0, { lang: 'vi' })} dòng. Hãy lọc bớt.`);
  }
  const columns = spec.columns as ExportColumn<TItem>[];
  // Taken now: the rows are written after the handler returns, outside the request's language scope.
  const lang = currentLanguage();
  const headers = columns.map((c) => exportHeader(c as ExportColumn<unknown>, lang));
  const name = lang === 'en' ? spec.fileNameEn : spec.fileName;
  const fileName = `${name}-${vnDate()}.${query.format}`;
  reply.header('content-disposition', contentDisposition(fileName)).header('x-total-count', String(total));
  const batches = iterateItems<TItem>(db, def, query, { limit: EXPORT_MAX_ROWS });

  if (query.format === 'csv') {
    async function* lines() {
      yield `\uFEFF${headers.map((h) => csvQuote(h)).join(',')}\r\n`;
      for await (const batch of batches) {
        yield batch.map((item) => `${columns.map((c) => csvCell(c, item, lang)).join(',')}\r\n`).join('');
      }
    }
    // Text compresses several times over; a long CSV goes brotli or gzip (fastest levels, on the thread pool) when the
    // client takes it, as large JSON answers do. XLSX is a ZIP already.
    const encoding = chooseEncoding(reply.request.headers['accept-encoding']);
    reply.type(CSV_CONTENT_TYPE).header('vary', 'accept-encoding');
    if (!encoding) return reply.send(Readable.from(lines()));
    const zip = encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }) : createGzip({ level: 1 });
    return reply.header('content-encoding', encoding).send(pipeline(Readable.from(lines()), zip, () => {}));
  }

  const out = new PassThrough();
  const writer = new XlsxWriter(out);
  // A money column in the row's own currency gets its format per cell; every other format is the column's.
  const perRowFormat = columns.map((c) => c.type === 'money-with-currency');
  const anyPerRow = perRowFormat.some(Boolean);
  async function* rows(): AsyncGenerator<XlsxRow[]> {
    for await (const batch of batches) {
      yield batch.map((item) => ({
        cells: columns.map((c) => exportCell(c, item, lang)),
        formats: anyPerRow ? columns.map((c, i) => (perRowFormat[i] ? numFmt(c, item) : undefined)) : undefined,
      }));
    }
  }
  const produce = async () => {
    await writer.addSheet(name, columns.map((c, i) => ({ header: headers[i]!, width: c.width ?? 18, numFmt: numFmt(c) })), rows());
    await writer.finish();
  };
  produce().catch((err) => {
    reply.log.error({ err }, 'export failed while streaming');
    out.destroy(err as Error);
  });
  return reply.type(XLSX_CONTENT_TYPE).send(out);
}
