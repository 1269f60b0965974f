import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../errors';
import { parseXlsx, type SheetColumn } from './xlsx-read';

/** Worker thread entry: parses one import's XLSX off the event loop (see parseSheet in import.ts). */
export interface XlsxJob {
  buffer: Uint8Array;
  columns: SheetColumn[];
  maxRows: number;
}
export type XlsxReply =
  | { ok: true; result: Awaited<ReturnType<typeof parseXlsx>> }
  | { ok: false; status: number; message: string };

const job = workerData as XlsxJob;
let reply: XlsxReply;
try {
  const buffer = Buffer.from(job.buffer.buffer, job.buffer.byteOffset, job.buffer.byteLength);
  reply = { ok: true, result: await parseXlsx(buffer, job.columns, job.maxRows) };
} catch (err) {
  reply =
    err instanceof HttpError
      ? { ok: false, status: err.statusCode, message: err.message }
      : { ok: false, status: 415, message: 'Không đọc được tệp Excel: tệp hỏng hoặc không phải .xlsx' };
}
parentPort!.postMessage(reply);
