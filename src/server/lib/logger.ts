import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * How the server logs. On a terminal, one readable line per event (the start banner and its one-time passwords
 * stay on screen); for a log collector (stdout is a pipe or a file, or LOG_FORMAT=json), pino's JSON lines.
 * Requests are logged at debug level, so the default `info` shows start-up, warnings and errors only.
 */
export type LogFormat = 'json' | 'text';

export function chooseLogFormat(setting: Config['LOG_FORMAT'], stdoutIsTTY: boolean): LogFormat {
  if (setting === 'auto') return stdoutIsTTY ? 'text' : 'json';
  return setting;
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
// Fields every pino line has, or that the readable line already shows in its own place.
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'reqId', 'method', 'url', 'statusCode', 'ms']);

const two = (n: number) => String(n).padStart(2, '0');

function value(v: unknown): string {
  if (typeof v === 'string') return /[\s"=]/.test(v) || v === '' ? JSON.stringify(v) : v;
  return JSON.stringify(v) ?? String(v);
}

/** One pino JSON record as a readable line: `14:03:27 WARN  message key=value`; an error adds its stack below. */
export function formatLogLine(record: Record<string, unknown>): string {
  const at = new Date(typeof record.time === 'number' ? record.time : Date.now());
  const time = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
  const level = (LEVELS[record.level as number] ?? String(record.level)).padEnd(5);
  const parts = [time, level];
  if (typeof record.method === 'string' && typeof record.url === 'string') {
    // A request line: `GET /api/orders → 200 (12 ms)`.
    parts.push(`${record.method} ${record.url}${record.statusCode !== undefined ? ` → ${record.statusCode}` : ''}${typeof record.ms === 'number' ? ` (${Math.round(record.ms)} ms)` : ''}`);
  }
  const isRequest = typeof record.method === 'string' && typeof record.url === 'string';
  if (typeof record.msg === 'string' && record.msg !== '' && !(isRequest && record.msg === 'request')) parts.push(record.msg);
  const extra = Object.entries(record)
    .filter(([k, v]) => !SHOWN.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${value(v)}`);
  if (extra.length) parts.push(extra.join(' '));
  let line = parts.join(' ');
  const err = record.err as { message?: string; stack?: string } | undefined;
  if (err && typeof err === 'object') {
    line += err.stack ? `\n  ${err.stack.split('\n').join('\n  ')}` : ` error=${value(err.message)}`;
  }
  return line;
}

/** A pino destination that writes each JSON record as a readable line to `out`. */
function textLogStream(out: { write(text: string): unknown }) {
  return {
    write(chunk: string) {
      for (const raw of chunk.split('\n')) {
        if (!raw) continue;
        let record: Record<string, unknown>;
        try {
          record = JSON.parse(raw);
        } catch {
          out.write(raw + '\n');
          continue;
        }
        out.write(formatLogLine(record) + '\n');
      }
    },
  };
}

/** Fastify's `logger` option for this configuration (`out` and `isTTY` default to the process's stdout). */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  out: { write(text: string): unknown; isTTY?: boolean } = process.stdout,
): { level: string; stream?: { write(chunk: string): void } } {
  const format = chooseLogFormat(config.LOG_FORMAT, Boolean(out.isTTY));
  return format === 'text' ? { level: config.LOG_LEVEL, stream: textLogStream(out) } : { level: config.LOG_LEVEL, ...(out === process.stdout ? {} : { stream: { write: (c: string) => void out.write(c) } }) };
}

/**
 * One line per answered request, at debug level (a failed one at error), instead of Fastify's two at info
 * ("incoming request", "request completed"). Fastify's other lines (404s, error handling) are unchanged.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const fields = { method: req.method, url: req.url, statusCode: reply.statusCode, ms: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request failed');
    else reply.log.debug(fields, 'request');
  }
}
