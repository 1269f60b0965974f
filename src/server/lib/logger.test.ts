import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestContext } from '../test/harness';
import { chooseLogFormat, formatLogLine, loggerOptions } from './logger';

/** A stand-in for stdout that keeps what is written: a terminal or a pipe. */
function capture(isTTY: boolean) {
  const chunks: string[] = [];
  return { isTTY, write: (s: string) => chunks.push(s), lines: () => chunks.join('').split('\n').filter(Boolean) };
}

async function linesOfOneRequest(env: Record<string, string>, isTTY: boolean) {
  const out = capture(isTTY);
  const ctx = await createTestContext(env, { logger: loggerOptions(loadConfig(env), out) });
  try {
    const res = await ctx.request({ method: 'GET', url: '/api/health', token: null });
    expect(res.statusCode).toBe(200);
    ctx.app.log.info({ to: 'ha@cargo.vn' }, 'mail queued');
  } finally {
    await ctx.close();
  }
  return out.lines();
}

describe('the log format', () => {
  it('is readable text on a terminal, JSON on a pipe or file, and LOG_FORMAT forces either', () => {
    expect(chooseLogFormat('auto', true)).toBe('text');
    expect(chooseLogFormat('auto', false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('text', false)).toBe('text');
    expect(loadConfig({}).LOG_FORMAT).toBe('auto');
    expect(() => loadConfig({ LOG_FORMAT: 'pretty' })).toThrow(/LOG_FORMAT/);
  });

  it('writes a record as one line: time, level, message, its fields; an error adds its stack', () => {
    const time = new Date(2026, 11, 6, 14, 3, 27).getTime();
    expect(formatLogLine({ level: 30, time, pid: 1, hostname: 'h', msg: 'mail queued', to: 'ha@cargo.vn', note: 'two words' })).toBe(
      '14:03:27 INFO  mail queued to=ha@cargo.vn note="two words"',
    );
    expect(formatLogLine({ level: 20, time, reqId: 'x', method: 'GET', url: '/api/orders?page=2', statusCode: 200, ms: 12.4, msg: 'request' })).toBe(
      '14:03:27 DEBUG GET /api/orders?page=2 → 200 (12 ms)',
    );
    const withError = formatLogLine({ level: 50, time, msg: 'unhandled error', err: { message: 'boom', stack: 'Error: boom\n    at f (x.ts:1:1)' } });
    expect(withError).toBe('14:03:27 ERROR unhandled error\n  Error: boom\n      at f (x.ts:1:1)');
  });

  it('on a terminal: readable lines, and requests only at LOG_LEVEL=debug', async () => {
    const info = await linesOfOneRequest({ LOG_LEVEL: 'info' }, true);
    expect(info.some((l) => l.startsWith('{'))).toBe(false);
    expect(info).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d INFO {2}mail queued to=ha@cargo\.vn$/));
    expect(info.some((l) => l.includes('/api/health'))).toBe(false);

    const debug = await linesOfOneRequest({ LOG_LEVEL: 'debug' }, true);
    const requestLines = debug.filter((l) => l.includes('/api/health'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatch(/^\d\d:\d\d:\d\d DEBUG GET \/api\/health → 200 \(\d+ ms\)$/);
  }, 60_000);

  it('on a pipe, or with LOG_FORMAT=json on a terminal: one JSON record a line, the request one at debug', async () => {
    for (const [env, isTTY] of [
      [{ LOG_LEVEL: 'debug' }, false],
      [{ LOG_LEVEL: 'debug', LOG_FORMAT: 'json' }, true],
    ] as const) {
      const lines = await linesOfOneRequest(env, isTTY);
      const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const requests = records.filter((r) => r.url === '/api/health');
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ level: 20, method: 'GET', statusCode: 200, msg: 'request' });
      expect(records).toContainEqual(expect.objectContaining({ level: 30, msg: 'mail queued', to: 'ha@cargo.vn' }));
    }
  }, 60_000);
});
