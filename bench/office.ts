import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/server/db/client';
import { ROOT } from '../src/server/paths';
import { ADMIN, startServer, type E2EServer } from '../e2e/support/server';
import { officeSize, pgliteOffice, postgresOffice } from './office-data';
import { cpuDuring, probeThread, sampleActivity } from './office-reasons';
import { splitFigure, splitLookup } from './office-split';

/**
 * `npm run bench:office`: the embedded default at an office's real size, and an office's mixed load, on both drivers.
 *
 * For each driver (OFFICE_DRIVERS, default `pglite,postgres`) on its kept office data (bench/office-data.ts: made
 * once, OFFICE_PACKAGES packages, default 300,000):
 *   1. the built server started on that data, its start time (budget 5 s on an existing data directory);
 *   2. the single-user pass, the read cache off (each request does all its work): every list page, sort and filter of
 *      the packages, slips, customers, transactions and audit lists (budget 50 ms p95), the tracking-number lookup
 *      (5 ms p95) and both dashboards (500 ms p95), OFFICE_RUNS sequential requests each;
 *      Then OFFICE_WRITES single-user write cycles (a receiving scan, a slip made, finalised and confirmed): what a
 *      write costs with nobody else at work, to set against the mixed load's figures;
 *   3. the mixed office load: OFFICE_STAFF staff (default 20; a list such as `5,10,20` runs each), each signed in
 *      with their own token, coming in over the first 6 s, for OFFICE_SECONDS (default 120) counted after
 *      OFFICE_WARMUP (default 15) not counted, with the read cache off and then on (as served);
 *      p50/p95/p99 and errors per kind of request (budget: p95 ≤ 200 ms on PGlite, ≤ 100 ms on PostgreSQL, no
 *      errors), and the measured reasons: the CPU the server, PostgreSQL and the simulated staff used, how late the
 *      server's own thread answered a probe that needs no database, and on PostgreSQL what the database sessions
 *      were doing (sampled from pg_stat_activity);
 *   Each list figure not met is then run again in this process with the server stopped, its page statement and its
 *   totals statement timed apart, and a lookup over budget split into its statement's planning and execution
 *   (bench/office-split.ts): which one holds the time.
 *   4. `npm run backup` of the whole database (budget 60 s), and with OFFICE_RESTORE=1 its restore into an empty
 *      PostgreSQL database (the documented way from PGlite to PostgreSQL).
 * OFFICE_RUNS=0 skips the single-user pass, OFFICE_SECONDS=0 the load, OFFICE_CACHE=on one of the two servers,
 * OFFICE_BACKUP=0 the backup: e.g. the load alone at another staff count. OFFICE_PROFILE=DIR profiles the server.
 * Build first (`npm run build`); PostgreSQL from TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
const PACKAGES = Number(process.env.OFFICE_PACKAGES ?? 300_000);
/** OFFICE_STAFF: the staff counts of the mixed load, one run each (e.g. `5,10,20`: where an office outgrows PGlite). */
const STAFF_COUNTS = (process.env.OFFICE_STAFF ?? '20').split(',').map(Number);
const STAFF = Math.max(...STAFF_COUNTS);
/** OFFICE_WRITES: single-user write cycles (scan, slip create, finalise, confirm): a write's cost without contention. */
const WRITES = Number(process.env.OFFICE_WRITES ?? 20);
const SECONDS = Number(process.env.OFFICE_SECONDS ?? 120);
/**
 * OFFICE_WARMUP: seconds at the start of each load that are worked but not counted. Measured without one: every slow
 * request of a PostgreSQL run (18 over 150 ms in 90 s) fell within the first 0.3 s, when 20 staff clicked at once
 * on a server that had yet to open its connections and compile its first answers.
 */
const WARMUP = Number(process.env.OFFICE_WARMUP ?? 15);
const RUNS = Number(process.env.OFFICE_RUNS ?? 40);
const DASHBOARD_RUNS = Number(process.env.OFFICE_DASHBOARD_RUNS ?? 12);
const LOOKUP_RUNS = Number(process.env.OFFICE_LOOKUP_RUNS ?? 200);
/** OFFICE_ONLY: measure only the single-user figures whose name contains it (the load still runs unless OFFICE_SECONDS=0). */
const ONLY = process.env.OFFICE_ONLY;
/** OFFICE_CACHE: which servers run (`off,on`: read cache off, then on as served). OFFICE_BACKUP=0 skips the backup. */
const CACHES = (process.env.OFFICE_CACHE ?? 'off,on').split(',') as Array<'off' | 'on'>;
const BACKUP = process.env.OFFICE_BACKUP !== '0';

export const BUDGET = {
  listMs: 50,
  lookupMs: 5,
  dashboardMs: 500,
  startS: 5,
  backupS: 60,
  mixedMs: { pglite: 200, postgres: 100 },
} as const;

const PACKAGE_STATUSES = ['expected', 'received_abroad', 'on_mawb', 'departed', 'arrived', 'customs_hold', 'cleared', 'ready', 'on_slip', 'out_for_delivery', 'delivered', 'on_hold', 'damaged', 'lost', 'returned'];
const SLIP_STATUSES = ['draft', 'ready', 'out_for_delivery', 'delivered', 'failed', 'cancelled'];

export function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A small seeded generator: the same staff make the same choices in every run, so runs compare. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Latencies and errors per kind of request. */
export class Recorder {
  private readonly times = new Map<string, number[]>();
  private readonly errors = new Map<string, number>();
  readonly samples: string[] = [];

  /** Requests made during the warm-up: timed apart, not judged; a failure there still counts as an error. */
  readonly warmupTimes: number[] = [];

  get warmup() {
    return this.warmupTimes.length;
  }

  addWarmup(ms: number, ok: boolean, detail = '') {
    this.warmupTimes.push(ms);
    if (!ok) this.add('warm-up', 0, false, detail);
  }

  /** The warm-up's own spread, all kinds together: what a cold start costs the first clicks. */
  warmupLine(): string {
    const s = [...this.warmupTimes].sort((a, b) => a - b);
    return s.length === 0 ? 'warm-up: no requests' : `warm-up (not judged): ${s.length} requests, p50 ${pct(s, 50).toFixed(1)} ms, p95 ${pct(s, 95).toFixed(1)} ms, slowest ${s.at(-1)!.toFixed(1)} ms`;
  }

  add(kind: string, ms: number, ok: boolean, detail = '') {
    if (!this.times.has(kind)) this.times.set(kind, []);
    this.times.get(kind)!.push(ms);
    if (!ok) {
      this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
      if (this.samples.length < 5) this.samples.push(`${kind}: ${detail}`.slice(0, 300));
    }
  }

  /** One line per kind, slowest p95 first, each judged against `budgetMs` at p95 and no errors. */
  lines(budgetMs: number): string[] {
    return [...this.times.entries()]
      .map(([kind, xs]) => {
        const s = [...xs].sort((a, b) => a - b);
        const errors = this.errors.get(kind) ?? 0;
        const p95 = pct(s, 95);
        return { p95, line: `${p95 <= budgetMs && errors === 0 ? 'met    ' : 'NOT MET'} ${kind}: ${s.length} requests, p50 ${pct(s, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${pct(s, 99).toFixed(1)} ms, ${errors} errors (budget p95 ≤ ${budgetMs} ms, 0 errors)` };
      })
      .sort((a, b) => b.p95 - a.p95)
      .map((x) => x.line);
  }

  get total() {
    let n = 0;
    for (const xs of this.times.values()) n += xs.length;
    return n;
  }

  get errorCount() {
    let n = 0;
    for (const e of this.errors.values()) n += e;
    return n;
  }
}

/** One request through real HTTP, timed to its last byte. */
async function timed(base: string, token: string, p: string, init: RequestInit = {}): Promise<{ ms: number; status: number; body: string }> {
  const t = performance.now();
  const res = await fetch(base + p, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers ?? {}) } });
  const body = await res.text();
  return { ms: performance.now() - t, status: res.status, body };
}

/** Signs in; the sign-in route allows 30 a minute per address, so a 429 waits as long as it is told to. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  for (;;) {
    const res = await fetch(base + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    if (res.status === 429) {
      await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 5)));
      continue;
    }
    if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { token: string }).token;
  }
}

/**
 * The office's staff and what their day needs, written straight into the database before the server opens it:
 * `staff` Admin accounts (business routes are Admin only) with the seeded admin's password, and the generated ready
 * parcels bound for the first hub (the generator leaves them without a destination, so no slip could take them).
 */
export async function prepareOffice(database: Database, staff: number): Promise<{ emails: string[]; hubId: number }> {
  await database.query(
    `INSERT INTO employees (code, full_name, email, search_text)
     SELECT 'DT' || lpad(g::text, 4, '0'), 'Nhân viên đo tải ' || g, 'office-staff-' || g || '@cargo.test', 'nhan vien do tai ' || g
       FROM generate_series(1, $1::int) g
     ON CONFLICT (code) DO NOTHING`,
    [staff],
  );
  await database.query(
    `INSERT INTO users (email, password_hash, role, full_name, employee_id)
     SELECT e.email, (SELECT password_hash FROM users WHERE lower(email) = lower($1)), 'Admin', e.full_name, e.id
       FROM employees e
      WHERE e.code LIKE 'DT%' AND NOT EXISTS (SELECT 1 FROM users u WHERE u.employee_id = e.id)`,
    [ADMIN.email],
  );
  const [hub] = await database.query<{ id: number }>(`SELECT id FROM stores WHERE kind = 'hub' ORDER BY id LIMIT 1`);
  await database.query(`UPDATE packages SET destination_store_id = $1 WHERE status = 'ready' AND destination_store_id IS NULL AND tracking_number LIKE '1ZBENCH%'`, [hub!.id]);
  return { emails: Array.from({ length: staff }, (_, i) => `office-staff-${i + 1}@cargo.test`), hubId: Number(hub!.id) };
}

/** What the list paths need to name: a customer with parcels, an actor, days. */
interface Ctx {
  customerId: number;
  hubId: number;
  slipCustomerId: number;
  actorId: number;
  trackingNumbers: string[];
  slipCodes: string[];
  day: (daysAgo: number) => string;
}

interface ListFigure {
  list: 'packages' | 'slips' | 'customers' | 'transactions' | 'audit';
  name: string;
  path: (i: number) => string;
}

/** Every sort in both directions, unfiltered and under a filter, then the filters, searches and deep pages. */
export function listFigures(c: Ctx): ListFigure[] {
  const out: ListFigure[] = [];
  const sorts = (list: ListFigure['list'], api: string, keys: string[], filtered: (i: number) => string) => {
    for (const k of keys)
      for (const d of ['', '-']) {
        out.push({ list, name: `${list} sorted by ${d}${k}`, path: () => `${api}?sort=${d}${k}&pageSize=50` });
        out.push({ list, name: `${list} filtered, sorted by ${d}${k}`, path: (i) => `${api}?${filtered(i)}&sort=${d}${k}&pageSize=50` });
      }
  };
  const week = `createdFrom=${c.day(7)}&createdTo=${c.day(0)}`;
  sorts('packages', '/api/packages', ['code', 'trackingNumber', 'status', 'statusAt', 'weightG', 'chargeableG', 'createdAt'], (i) => `status=${PACKAGE_STATUSES[i % 15]}`);
  out.push(
    { list: 'packages', name: 'packages of one customer', path: () => `/api/packages?customerId=${c.customerId}&pageSize=50` },
    { list: 'packages', name: 'packages by weight range', path: (i) => `/api/packages?weightGMin=${500 + (i % 10) * 1000}&weightGMax=${1499 + (i % 10) * 1000}&pageSize=50` },
    { list: 'packages', name: 'packages created this week', path: () => `/api/packages?${week}&sort=-createdAt&pageSize=50` },
    { list: 'packages', name: 'packages ready at the hub, not on a slip', path: () => `/api/packages?status=ready&onSlip=false&pageSize=50` },
    { list: 'packages', name: 'packages search q (tracking number)', path: (i) => `/api/packages?q=${c.trackingNumbers[i % c.trackingNumbers.length]}&pageSize=50` },
    { list: 'packages', name: 'packages page 201 (offset 10,000)', path: () => `/api/packages?page=201&pageSize=50` },
    { list: 'packages', name: 'packages last page', path: () => `/api/packages?cursor=last&pageSize=50` },
    { list: 'packages', name: 'packages 200 rows', path: () => `/api/packages?pageSize=200` },
  );
  sorts('slips', '/api/delivery-slips', ['code', 'createdAt', 'statusAt', 'deliveredAt', 'status', 'total', 'amountToCollect'], (i) => `status=${SLIP_STATUSES[i % 6]}`);
  out.push(
    { list: 'slips', name: 'slips of one customer', path: () => `/api/delivery-slips?customerId=${c.slipCustomerId}&pageSize=50` },
    { list: 'slips', name: 'slips delivered last month', path: () => `/api/delivery-slips?deliveredFrom=${c.day(30)}&deliveredTo=${c.day(0)}&sort=-deliveredAt&pageSize=50` },
    { list: 'slips', name: 'slips by courier, retries', path: () => `/api/delivery-slips?method=courier&firstAttempt=false&pageSize=50` },
    { list: 'slips', name: 'slips search q (code)', path: (i) => `/api/delivery-slips?q=${c.slipCodes[i % c.slipCodes.length]}&pageSize=50` },
    { list: 'slips', name: 'slips page 201 (offset 10,000)', path: () => `/api/delivery-slips?page=201&pageSize=50` },
  );
  sorts('customers', '/api/customers', ['code', 'fullName', 'phone', 'province', 'group', 'status', 'createdAt', 'balance'], (i) => `group=${['retail', 'wholesale', 'vip'][i % 3]}`);
  out.push(
    { list: 'customers', name: 'customers search q (trigram)', path: (i) => `/api/customers?q=bench%20${1000 + i}&pageSize=50` },
    { list: 'customers', name: 'customers by province', path: (i) => `/api/customers?province=${encodeURIComponent(['Hà Nội', 'Đà Nẵng', 'Cần Thơ'][i % 3]!)}&sort=fullName&pageSize=50` },
    { list: 'customers', name: 'customers owing (balance below 0)', path: () => `/api/customers?balanceMax=-1&sort=balance&pageSize=50` },
    { list: 'customers', name: 'customers page 201 (offset 10,000)', path: () => `/api/customers?page=201&pageSize=50` },
  );
  sorts('transactions', '/api/transactions', ['createdAt', 'code', 'amount'], (i) => `type=${['payment', 'deposit', 'collection'][i % 3]}`);
  out.push(
    { list: 'transactions', name: 'transactions of one customer', path: () => `/api/transactions?customerId=${c.slipCustomerId}&pageSize=50` },
    { list: 'transactions', name: 'transactions this week', path: () => `/api/transactions?${week}&pageSize=50` },
  );
  for (const k of ['at', 'id'])
    for (const d of ['', '-']) {
      out.push({ list: 'audit', name: `audit sorted by ${d}${k}`, path: () => `/api/audit-logs?sort=${d}${k}&pageSize=50` });
      out.push({ list: 'audit', name: `audit of packages, sorted by ${d}${k}`, path: () => `/api/audit-logs?entity=packages&sort=${d}${k}&pageSize=50` });
    }
  out.push(
    { list: 'audit', name: 'audit by one actor', path: () => `/api/audit-logs?actorId=${c.actorId}&pageSize=50` },
    { list: 'audit', name: 'audit this week', path: () => `/api/audit-logs?atFrom=${c.day(7)}&atTo=${c.day(0)}&pageSize=50` },
  );
  return out;
}

/** The dashboards' periods: the screen's default 30 days ending on different days, and every 4th the whole year. */
function dashboardPath(kind: string, c: Ctx, i: number) {
  return `/api/dashboard/${kind}?${i % 4 === 3 ? `from=${c.day(364)}&to=${c.day(0)}` : `from=${c.day(29 + (i % 3))}&to=${c.day(i % 3)}`}`;
}

async function context(base: string, token: string, hubId: number): Promise<Ctx> {
  const get = async (p: string) => {
    const r = await timed(base, token, p);
    if (r.status !== 200) throw new Error(`${p}: ${r.status} ${r.body}`);
    return JSON.parse(r.body) as { items: Array<Record<string, unknown>> };
  };
  const customer = (await get('/api/packages?pageSize=50&sort=-createdAt')).items.find((p) => p.customerId != null)!;
  const slips = (await get('/api/delivery-slips?pageSize=50&sort=-createdAt')).items;
  const audit = (await get('/api/audit-logs?pageSize=1')).items[0];
  const sample = (await get('/api/packages?pageSize=200&sort=weightG')).items.map((p) => String(p.trackingNumber));
  // A day in Vietnam's calendar (UTC+7), n days ago.
  const day = (n: number) => new Date(Date.now() + 7 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);
  return {
    customerId: Number(customer.customerId),
    hubId,
    slipCustomerId: Number(slips[0]?.customerId ?? customer.customerId),
    actorId: Number((audit as { actorId?: number } | undefined)?.actorId ?? 1),
    trackingNumbers: sample,
    slipCodes: slips.map((s) => String(s.code)),
    day,
  };
}

/** One single-user figure as printed, with its p50 (NaN when a request failed). */
interface Figure {
  name: string;
  line: string;
  p50: number;
}

async function figure(base: string, token: string, name: string, path: (i: number) => string, budgetMs: number, runs: number): Promise<Figure | undefined> {
  if (ONLY && !name.includes(ONLY)) return undefined;
  for (let i = 0; i < Math.min(5, runs); i++) await timed(base, token, path(i));
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await timed(base, token, path(i));
    if (r.status !== 200) return { name, line: `NOT MET ${name}: HTTP ${r.status} ${r.body.slice(0, 200)}`, p50: NaN };
    times.push(r.ms);
  }
  times.sort((a, b) => a - b);
  const p95 = pct(times, 95);
  const p50 = pct(times, 50);
  const line = `${p95 <= budgetMs ? 'met    ' : 'NOT MET'} ${name}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget ${budgetMs} ms, ${runs} sequential requests)`;
  return { name, line, p50 };
}

/** A single-user figure not met, with the in-process measurement (bench/office-split.ts) that says where its time goes. */
interface NotMet {
  name: string;
  httpP50: number;
  split: (database: Database) => Promise<string | undefined>;
}

/** The single-user pass: every list figure, the lookup and the dashboards, one request at a time. */
async function singleUser(base: string, token: string, c: Ctx, log: (line: string) => void) {
  let met = 0;
  let all = 0;
  const notMet: NotMet[] = [];
  /** Counts and prints a figure; one not met is kept with the in-process measurement that gives its reason. */
  const note = (f: Figure | undefined, split?: NotMet['split']) => {
    if (!f) return;
    all += 1;
    if (f.line.startsWith('met')) met += 1;
    else if (split) notMet.push({ name: f.name, httpP50: f.p50, split });
    log(f.line);
  };
  for (const f of listFigures(c)) note(await figure(base, token, f.name, f.path, BUDGET.listMs, RUNS), (db) => splitFigure(db, f.path(0)));
  note(
    await figure(base, token, 'tracking-number lookup', (i) => `/api/packages/search?numbers=${c.trackingNumbers[(i * 7) % c.trackingNumbers.length]}`, BUDGET.lookupMs, LOOKUP_RUNS),
    (db) => splitLookup(db, c.trackingNumbers),
  );
  for (const kind of ['ecommerce', 'analytics']) note(await figure(base, token, `dashboard ${kind} (30 days; every 4th a year)`, (i) => dashboardPath(kind, c, i), BUDGET.dashboardMs, DASHBOARD_RUNS));
  log(`single-user figures: ${met} of ${all} met`);
  return notMet;
}

/** A request as the staff make it: timed, its outcome handed to `record`, its JSON body back when it succeeded. */
function caller(base: string, token: string, record: (kind: string, ms: number, ok: boolean, detail: string, at: number) => void) {
  return async (kind: string, p: string, init: RequestInit = {}): Promise<Record<string, unknown> | undefined> => {
    const at = Date.now();
    try {
      const r = await timed(base, token, p, init);
      const ok = r.status === 200 || r.status === 201;
      record(kind, r.ms, ok, `${r.status} ${r.body.slice(0, 200)}`, at);
      return ok ? (JSON.parse(r.body) as Record<string, unknown>) : undefined;
    } catch (err) {
      record(kind, 0, false, String(err), at);
      return undefined;
    }
  };
}
type Call = ReturnType<typeof caller>;

/** A parcel scanned in at the receiving desk, weighed and measured. */
function receiveScan(call: Call, p: Record<string, unknown>, weightG: number) {
  return call('receive scan', '/api/packages/receive', {
    method: 'POST',
    body: JSON.stringify({ storeId: p.storeId, trackingNumber: p.trackingNumber, weightG, lengthMm: 300, widthMm: 200, heightMm: 150 }),
  });
}

/** A slip for one ready parcel: made, finalised and confirmed (cash), with `pause` between the steps. */
async function slipCycle(call: Call, p: Record<string, unknown>, pause: () => Promise<unknown> = async () => {}) {
  const slip = await call('slip create', '/api/delivery-slips', { method: 'POST', body: JSON.stringify({ customerId: p.customerId, packageIds: [p.id] }) });
  if (!slip) return;
  await pause();
  const finalised = await call('slip finalise', `/api/delivery-slips/${slip.id}/status`, { method: 'POST', body: JSON.stringify({ status: 'ready' }) });
  if (!finalised) return;
  await pause();
  await call('slip confirm', `/api/delivery-slips/${slip.id}/confirm`, {
    method: 'POST',
    headers: { 'idempotency-key': randomUUID() },
    body: JSON.stringify({ collectedAmount: finalised.amountToCollect, method: 'cash', receiverName: 'Người nhận đo tải' }),
  });
}

/**
 * A write's own cost: OFFICE_WRITES cycles of a receiving scan, then a slip made for one ready parcel, finalised and
 * confirmed, one request at a time (parcels from pages the mixed load's staff do not take). Printed for reference:
 * the mixed load's budget is the one that applies to writes.
 */
async function singleUserWrites(base: string, token: string, c: Ctx, log: (line: string) => void) {
  const rec = new Recorder();
  const expected = await pool(base, token, `/api/packages?status=expected&sort=code&pageSize=${WRITES}&page=${Math.ceil(5000 / WRITES)}`);
  const ready = await pool(base, token, `/api/packages?status=ready&onSlip=false&destinationStoreId=${c.hubId}&sort=-code&pageSize=${WRITES}`);
  const call = caller(base, token, (kind, ms, ok, detail) => rec.add(kind, ms, ok, detail));
  for (let i = 0; i < WRITES; i++) {
    if (expected[i]) await receiveScan(call, expected[i]!, 1200);
    if (ready[i]) await slipCycle(call, ready[i]!);
  }
  log(`single-user writes (${WRITES} cycles, one request at a time; for reference):`);
  for (const line of rec.lines(Infinity)) log(`  ${line.replace(/^(met {4}|NOT MET) /, '').replace(/ \(budget .*\)$/, '')}`);
  for (const s of rec.samples) log(`  error sample: ${s}`);
}

/** Parcels for one member of staff to take: disjoint pages of a list, so no two staff reach for the same one. */
async function pool(base: string, token: string, p: string): Promise<Array<Record<string, unknown>>> {
  const r = await timed(base, token, p);
  if (r.status !== 200) throw new Error(`${p}: ${r.status} ${r.body}`);
  return (JSON.parse(r.body) as { items: Array<Record<string, unknown>> }).items;
}

/**
 * The office at work: each member of staff signed in with their own token, at office pace (a think time of 2–6 s
 * between requests). Every fourth is at the receiving desk (a scan every few seconds, with lookups), every fourth
 * after that at the delivery desk (a slip made, finalised and handed over in turn with slip pages and lookups), the
 * rest in the back office (list pages of every list, filters, sorts and deep pages, lookups). Everyone opens both
 * dashboards once a minute, staggered.
 */
export async function officeLoad(base: string, tokens: string[], c: Ctx, seconds: number, warmup = 0, onMeasuring: () => void = () => {}): Promise<Recorder> {
  const rec = new Recorder();
  const figures = listFigures(c);
  const desk = (i: number) => (i % 4 === 0 ? 'receiving' : i % 4 === 1 ? 'delivery' : 'office');
  // Each desk's parcels, taken before the clock starts.
  const expected = await Promise.all(tokens.map((t, i) => (desk(i) === 'receiving' ? pool(base, t, `/api/packages?status=expected&sort=code&pageSize=200&page=${1 + i}`) : [])));
  const ready = await Promise.all(
    tokens.map((t, i) => (desk(i) === 'delivery' ? pool(base, t, `/api/packages?status=ready&onSlip=false&destinationStoreId=${c.hubId}&sort=code&pageSize=50&page=${1 + i}`) : [])),
  );
  // The clock starts once the parcels are taken; the first `warmup` seconds are worked but not counted (the server's
  // first connections and compilations), then `seconds` are measured.
  const started = Date.now();
  const measureFrom = started + warmup * 1000;
  const until = measureFrom + seconds * 1000;
  const record = (kind: string, ms: number, ok: boolean, detail: string, at: number) =>
    at >= measureFrom ? rec.add(kind, ms, ok, detail) : rec.addWarmup(ms, ok, `${kind}: ${detail}`);
  const measuring = setTimeout(onMeasuring, warmup * 1000);
  await Promise.all(
    tokens.map(async (token, i) => {
      const rnd = prng(1000 + i);
      const call = caller(base, token, record);
      const think = () => new Promise((r) => setTimeout(r, 2000 + rnd() * 4000));
      // Staff come in over the first few seconds, not all at the same millisecond.
      await new Promise((r) => setTimeout(r, rnd() * 6000));
      let nextDashboard = started + (i * 60_000) / tokens.length;
      let dashboards = 0;
      let step = 0;
      const lookup = () => call('lookup', `/api/packages/search?numbers=${c.trackingNumbers[Math.floor(rnd() * c.trackingNumbers.length)]}`);
      const list = (only?: ListFigure['list']) => {
        const choices = only ? figures.filter((f) => f.list === only) : figures;
        const f = choices[Math.floor(rnd() * choices.length)]!;
        return call(`list ${f.list}`, f.path(Math.floor(rnd() * 1000)));
      };
      while (Date.now() < until) {
        step += 1;
        if (Date.now() >= nextDashboard) {
          await call('dashboard ecommerce', dashboardPath('ecommerce', c, dashboards));
          await call('dashboard analytics', dashboardPath('analytics', c, dashboards));
          dashboards += 1;
          nextDashboard += 60_000;
        } else if (desk(i) === 'receiving') {
          const p = step % 2 === 1 ? expected[i]!.shift() : undefined;
          if (p) await receiveScan(call, p, 800 + Math.floor(rnd() * 5000));
          else await lookup();
        } else if (desk(i) === 'delivery') {
          const p = step % 4 === 1 ? ready[i]!.shift() : undefined;
          if (p) await slipCycle(call, p, think);
          else if (step % 2 === 0) await list('slips');
          else await lookup();
        } else if (rnd() < 0.2) await lookup();
        else await list();
        await think();
      }
    }),
  );
  clearTimeout(measuring);
  return rec;
}

/** Seconds from spawning the built server to its "running at" line. */
async function started(env: Record<string, string>): Promise<{ server: E2EServer; seconds: number }> {
  const t = performance.now();
  // OFFICE_PROFILE=DIR: the server runs under V8's sampling profiler and writes its profile into DIR when it stops
  // (samples land where the thread is, a blocking file call included): where a slow request's time went.
  const profile = process.env.OFFICE_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.OFFICE_PROFILE)}`] : [];
  const server = await startServer({ ACCESS_TOKEN_TTL: '2h', LOG_LEVEL: 'error', ...env }, profile, 600_000);
  return { server, seconds: (performance.now() - t) / 1000 };
}

/** The start-up step lines the server printed (each step as it begins, "  … in N s" as it ends), the rest left out. */
export function startSteps(output: string): string[] {
  return output
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => /…$|^\s+.* in \d+(\.\d+)? s\b|start-up took/.test(l));
}

/** `npm run backup` (or `restore`) as an operator runs it, timed; the file's size in MiB. */
async function backupCli(command: 'backup' | 'restore', file: string, env: Record<string, string>): Promise<{ seconds: number; out: string }> {
  const t = performance.now();
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/run-ts.mjs', 'src/server/db/backup-cli.ts', command, file], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.on('exit', (code) => (code === 0 ? resolve(text.trim()) : reject(new Error(`${command} exited ${code}: ${text}`))));
  });
  return { seconds: (performance.now() - t) / 1000, out };
}

export async function benchOffice(log: (line: string) => void = console.log): Promise<void> {
  const size = officeSize(PACKAGES);
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const drivers = (process.env.OFFICE_DRIVERS ?? 'pglite,postgres').split(',');
  log(
    `office: ${size.packages.toLocaleString('en')} packages, ${(size.packages * (1 + size.extraEvents)).toLocaleString('en')} events, ` +
      `${size.customers.toLocaleString('en')} customers, ${size.slips.toLocaleString('en')} slips; ${STAFF_COUNTS.join(', ')} staff for ${SECONDS} s`,
  );
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cargo-office-'));
  try {
    for (const driver of drivers) {
      log(`— ${driver} —`);
      let env: Record<string, string>;
      let database: Database;
      if (driver === 'pglite') {
        const data = await pgliteOffice(size, log);
        log(`data: ${data.generated ? 'generated' : 'kept'} in ${data.dataDir} (generation took ${data.seconds.toFixed(0)} s, demo seed and migrations included)`);
        env = { DATA_DIR: data.dataDir };
        database = await openDatabase({ dataDir: path.join(data.dataDir, 'pglite') });
      } else {
        const data = await postgresOffice(adminUrl, size, log);
        log(`data: ${data.generated ? 'generated' : 'kept'} in ${new URL(data.url).pathname.slice(1)} (generation took ${data.seconds.toFixed(0)} s)`);
        env = { DATABASE_URL: data.url };
        database = await openDatabase({ databaseUrl: data.url });
      }
      let prepared: Awaited<ReturnType<typeof prepareOffice>>;
      try {
        prepared = await prepareOffice(database, STAFF);
      } finally {
        await database.close();
      }
      const mixedBudget = BUDGET.mixedMs[driver as 'pglite' | 'postgres'];
      let notMet: NotMet[] = [];
      for (const cache of CACHES) {
        const { server, seconds } = await started({ ...env, ...(cache === 'off' ? { READ_CACHE_MB: '0' } : {}) });
        try {
          log(`${seconds <= BUDGET.startS ? 'met    ' : 'NOT MET'} start on the existing data (read cache ${cache}): ${seconds.toFixed(1)} s (budget ${BUDGET.startS} s)`);
          // The server names each start-up step and its time: where a slow start spends it.
          for (const line of startSteps(server.output())) log(`    ${line}`);
          const admin = await signIn(server.url, ADMIN.email, ADMIN.password);
          const c = await context(server.url, admin, prepared.hubId);
          if (cache === 'off' && RUNS > 0) notMet = await singleUser(server.url, admin, c, log);
          if (cache === 'off' && WRITES > 0) await singleUserWrites(server.url, admin, c, log);
          if (SECONDS > 0) {
            const tokens: string[] = [];
            for (const email of prepared.emails) tokens.push(await signIn(server.url, email, ADMIN.password));
            for (const staff of STAFF_COUNTS) {
              // The reasons are measured over the counted seconds only, as the latencies are.
              let cpu: () => string | undefined = () => undefined;
              let probe: () => Promise<string> = async () => '';
              let activity: ReturnType<typeof sampleActivity> | undefined;
              const rec = await officeLoad(server.url, tokens.slice(0, staff), c, SECONDS, WARMUP, () => {
                cpu = cpuDuring(server.process.pid!);
                probe = probeThread(server.url);
                if (driver === 'postgres') activity = sampleActivity(env.DATABASE_URL!);
              });
              const cpuLine = cpu();
              const thread = await probe();
              const sessions = await (await activity)?.();
              log(
                `mixed load, ${staff} staff, ${SECONDS} s counted after ${WARMUP} s of warm-up, read cache ${cache === 'on' ? 'on (as served)' : 'off'}: ` +
                  `${rec.total} requests counted (${rec.warmup} in the warm-up), ${rec.errorCount} errors`,
              );
              for (const line of rec.lines(mixedBudget)) log(`  ${line}`);
              log(`  ${rec.warmupLine()}`);
              for (const s of rec.samples) log(`  error sample: ${s}`);
              if (cpuLine) log(`  ${cpuLine}`);
              log(`  ${thread}`);
              for (const line of sessions?.lines() ?? []) log(`  ${line}`);
            }
          }
        } finally {
          await server.stop();
        }
      }
      // Each list figure not met, again in this process with the server stopped: the page and the totals apart.
      if (notMet.length > 0) {
        const database = await openDatabase(driver === 'pglite' ? { dataDir: path.join(env.DATA_DIR!, 'pglite') } : { databaseUrl: env.DATABASE_URL! });
        try {
          log(`the ${notMet.length} single-user figures not met, each again in this process (the reason: which statement, or which part of it, holds the time):`);
          for (const f of notMet) {
            const line = await f.split(database);
            if (line) log(`  ${f.name}: ${line}; over HTTP p50 ${f.httpP50.toFixed(1)} ms`);
          }
        } finally {
          await database.close();
        }
      }
      if (!BACKUP) continue;
      const file = path.join(tmp, `${driver}.ndjson.gz`);
      const backup = await backupCli('backup', file, env);
      log(`${backup.seconds <= BUDGET.backupS ? 'met    ' : 'NOT MET'} npm run backup: ${backup.seconds.toFixed(1)} s, ${(statSync(file).size / 1048576).toFixed(0)} MiB (budget ${BUDGET.backupS} s) — ${backup.out.split('\n').at(-1)}`);
      if (driver === 'pglite' && process.env.OFFICE_RESTORE === '1') {
        const name = `cargo_bench_office_restore_${process.pid}`;
        const u = new URL(adminUrl);
        u.pathname = `/${name}`;
        const admin = await openDatabase({ databaseUrl: adminUrl, poolSize: 1 });
        try {
          await admin.exec(`CREATE DATABASE ${name}`);
          const restore = await backupCli('restore', file, { DATABASE_URL: u.toString() });
          log(`npm run restore of that backup into an empty PostgreSQL database: ${restore.seconds.toFixed(1)} s — ${restore.out.split('\n').at(-1)}`);
        } finally {
          await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await admin.close();
        }
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(ROOT, 'bench/office.ts')) {
  benchOffice().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
