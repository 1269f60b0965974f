import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
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
import { HttpError } from '../errors';
import { currentLanguage } from '../request-language';
import { ROOT } from '../../paths';
import type { AnyResource, ImportColumn } from './define';
import { createInTransaction, inWriteTransaction } from './write';
import type { ParsedSheet } from './xlsx-read';
import type { XlsxJob, XlsxReply } from './xlsx-worker';

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

/** A worker's heap for one parse: what a 5,000-row sheet needs with room to spare; beyond it the parse fails. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };
/** A parse taking longer than this is stopped (a real import's takes a second or two). */
const PARSE_TIMEOUT_MS = 60_000;
const tooComplex = () => new HttpError(400, 'Tệp Excel quá lớn hoặc quá phức tạp để đọc');

/** tsx's ESM API (a dev dependency, there whenever the sources run), as the file its "import" export names. */
function tsxEsmApi(): string {
  const pkgFile = createRequire(path.join(ROOT, 'package.json')).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(pkgFile), pkg.exports['./esm/api']!.import.default)).href;
}

/** The worker entry: built next to main.js in dist/server; under tsx or vitest the .ts source, loaded through tsx. */
function startWorker(job: XlsxJob): Worker {
  // The upload moves to the worker (its memory is transferred, not copied): a 10 MiB file is held once.
  const opts = { workerData: job, transferList: [job.buffer.buffer as ArrayBuffer], resourceLimits: WORKER_LIMITS };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./xlsx-worker.js', import.meta.url), opts);
  const entry = new URL('./xlsx-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsxEsmApi())}).then((m) => m.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  return new Worker(boot, { ...opts, eval: true });
}

/** Hands the upload to a worker, which takes its memory: the caller must not read `buffer` afterwards. */
function parseInWorker(buffer: Buffer, columns: ImportColumn[]): Promise<ParsedSheet> {
  // A buffer that owns its whole ArrayBuffer is moved as is; a view into a shared one is copied first.
  const whole = buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength;
  const job: XlsxJob = {
    buffer: whole ? new Uint8Array(buffer.buffer, 0, buffer.byteLength) : new Uint8Array(buffer),
    columns: columns.map(({ field, header, en, aliases, type }) => ({ field, header, en, aliases, type })),
    maxRows: IMPORT_MAX_ROWS,
  };
  return new Promise((resolve, reject) => {
    const worker = startWorker(job);
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => settle(() => reject(tooComplex())), PARSE_TIMEOUT_MS);
    worker.on('message', (m: XlsxReply) =>
      settle(() => (m.ok ? resolve(m.result) : reject(new HttpError(m.status, m.message)))),
    );
    worker.on('error', (err: NodeJS.ErrnoException) =>
      settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex() : err)),
    );
    worker.on('exit', (code) => settle(() => reject(new Error(`XLSX worker exited with code ${code} without answering`))));
  });
}

let parsing: Promise<unknown> = Promise.resolve();

/**
 * Reads the first sheet in a worker thread, one file at a time: the event loop stays free for other requests,
 * reading stops at IMPORT_MAX_ROWS, and the worker's heap is bounded (WORKER_LIMITS), so an upload at the size
 * limit costs tens of MiB at most whatever it holds.
 */
function parseSheet(buffer: Buffer, columns: ImportColumn[]): Promise<ParsedSheet> {
  // The upload is read once, by the worker.
  const run = parsing.then(() => parseInWorker(buffer, columns));
  parsing = run.catch(() => undefined);
  return run;
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

/**
 * The answer of an import as a JSON stream, a batch of rows at a time. A preview echoes up to 5,000 rows: neither
 * a second parse of the typed result on the way out (which would copy every row again) nor the whole body as one
 * string is held, so an upload at the size limit stays within its memory bound.
 */
export function importResultJson(result: ImportPreview | ImportCommitResult): Readable {
  if (result.mode !== 'preview') return Readable.from([JSON.stringify(result)]);
  const { rows, ...head } = result;
  return Readable.from(
    (function* () {
      yield `${JSON.stringify(head).slice(0, -1)},"rows":[`;
      let batch = '';
      for (let i = 0; i < rows.length; i++) {
        batch += (i ? ',' : '') + JSON.stringify(rows[i]);
        if (batch.length >= 65_536) {
          yield batch;
          batch = '';
        }
      }
      yield `${batch}]}`;
    })(),
  );
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

/** An empty workbook with the import's header row (and each column's hint as a cell note), named in the reader's language. */
export async function importTemplate(def: AnyResource): Promise<{ file: Buffer; fileName: string }> {
  const spec = def.import;
  if (!spec) throw new Error(`${def.name} has no import`);
  // Loaded here, not at start: the package takes 0.3–0.7 s to load, and only this template and the import worker need it.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const english = currentLanguage() === 'en';
  const sheet = workbook.addWorksheet((english ? spec.templateNameEn : spec.templateName).slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((c) => ({ header: english && c.en ? c.en : c.header, key: c.field, width: c.width ?? 20 }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  spec.columns.forEach((c, i) => {
    if (c.hint) header.getCell(i + 1).note = c.hint;
  });
  return { file: Buffer.from(await workbook.xlsx.writeBuffer()), fileName: `${english ? spec.templateNameEn : spec.templateName}.xlsx` };
}
