import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startServer, type E2EServer } from './support/server';
import { signInAdmin } from '../src/server/test/sign-in';

/**
 * An import at the upload limit must not take the server down: the server (a real process, nothing else running
 * beside it) parses the sheet in a worker with a bounded heap and stops at the row cap, so its memory grows by
 * less than 100 MiB and /api/health keeps answering in under 100 ms (p99) while the file is read.
 */
const LIMIT = 10 * 1_048_576;
const MAX_RSS_GROWTH = 100 * 1_048_576;
const MAX_HEALTH_P99_MS = 100;

let server: E2EServer;
let token: string;
const dir = mkdtempSync(path.join(os.tmpdir(), 'cargo-import-load-'));

/** Random text that does not compress, so the file reaches the size limit with a given number of rows. */
const noise = (chars: number) => randomBytes(Math.ceil((chars * 3) / 4)).toString('base64').slice(0, chars);

/** A customers sheet of `rows` rows whose address and note cells hold `chars` random characters in all. */
async function writeSheet(file: string, rows: number, chars: number): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('KH');
  ws.addRow(['Họ tên', 'Điện thoại', 'Email', 'Địa chỉ', 'Ghi chú']).commit();
  const address = Math.min(300, Math.floor(chars / 4));
  for (let i = 0; i < rows; i++) {
    ws.addRow([`Khách ${noise(12)}`, `09${String(10_000_000 + i).slice(-8)}`, `${noise(10)}@x.vn`, noise(address), noise(chars - address)]).commit();
  }
  ws.commit();
  await wb.commit();
  return statSync(file).size;
}

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m![1]) * 1024;
}

async function upload(file: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)]), path.basename(file));
  return fetch(`${server.url}/api/customers/import?mode=preview`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

/**
 * Times /api/health back to back and samples the server's RSS every 10 ms until told to stop. It runs on its own
 * thread, so the time this test spends sending the file and reading the answer is not counted as the server's.
 */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const rss = () => Number(/VmRSS:\\s+(\\d+) kB/.exec(readFileSync('/proc/' + workerData.pid + '/status', 'utf8'))[1]) * 1024;
let done = false;
let peak = rss();
parentPort.on('message', () => (done = true));
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 10);
(async () => {
  const health = [];
  parentPort.postMessage({ ready: true });
  while (!done) {
    const t0 = performance.now();
    const res = await fetch(workerData.url + '/api/health');
    await res.arrayBuffer();
    health.push(performance.now() - t0);
  }
  clearInterval(sampler);
  parentPort.postMessage({ health, peak: Math.max(peak, rss()) });
})();
`;

/** Uploads the file while another thread samples the server's RSS and times /api/health, until the answer is in. */
async function measure(file: string) {
  const pid = server.process.pid!;
  const base = rssOf(pid);
  const prober = new Worker(PROBER, { eval: true, workerData: { pid, url: server.url } });
  const result = new Promise<{ health: number[]; peak: number }>((resolve, reject) => {
    prober.on('message', (m: { ready?: true; health?: number[]; peak?: number }) => m.health && resolve(m as { health: number[]; peak: number }));
    prober.on('error', reject);
  });
  await new Promise<void>((resolve) => prober.once('message', () => resolve()));
  const res = await upload(file);
  const body = (await res.json()) as { message?: string; total?: number };
  prober.postMessage('stop');
  const { health, peak } = await result;
  await prober.terminate();
  health.sort((a, b) => a - b);
  const p99 = health[Math.min(health.length - 1, Math.floor(health.length * 0.99))]!;
  console.log(`slowest /api/health answers: ${health.slice(-5).map((t) => t.toFixed(1)).join(', ')} ms`);
  return { status: res.status, body, growth: peak - base, p99, probes: health.length };
}

beforeAll(async () => {
  server = await startServer({ SEED: 'none' });
  // No demo data: the Admin enrols the second factor at the first sign-in.
  token = (await signInAdmin(server.url, ADMIN)).token;
  // A first small import loads what every import loads, so the figures below are what one upload adds.
  const small = path.join(dir, 'small.xlsx');
  await writeSheet(small, 20, 10);
  expect((await upload(small)).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('an import at the upload limit', () => {
  it('of far more rows than the cap: refused at the cap, memory and latency bounded', async () => {
    const file = path.join(dir, 'many-rows.xlsx');
    const size = await writeSheet(file, 95_000, 70);
    expect(size).toBeGreaterThan(LIMIT * 0.8);
    expect(size).toBeLessThanOrEqual(LIMIT);
    const r = await measure(file);
    console.log(`many rows: ${(size / 1_048_576).toFixed(1)} MiB → ${r.status}; RSS +${(r.growth / 1_048_576).toFixed(1)} MiB; /api/health p99 ${r.p99.toFixed(1)} ms over ${r.probes} probes`);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/quá nhiều dòng/);
    expect(r.growth).toBeLessThan(MAX_RSS_GROWTH);
    expect(r.p99).toBeLessThan(MAX_HEALTH_P99_MS);
  });

  it('of rows under the cap holding large cells: answered, memory and latency bounded', async () => {
    const file = path.join(dir, 'big-cells.xlsx');
    const size = await writeSheet(file, 5_000, 2_290);
    expect(size).toBeGreaterThan(LIMIT * 0.8);
    expect(size).toBeLessThanOrEqual(LIMIT);
    const r = await measure(file);
    console.log(`big cells: ${(size / 1_048_576).toFixed(1)} MiB → ${r.status}; RSS +${(r.growth / 1_048_576).toFixed(1)} MiB; /api/health p99 ${r.p99.toFixed(1)} ms over ${r.probes} probes`);
    expect(r.status).toBeLessThan(500);
    expect(r.growth).toBeLessThan(MAX_RSS_GROWTH);
    expect(r.p99).toBeLessThan(MAX_HEALTH_P99_MS);
  });
});
