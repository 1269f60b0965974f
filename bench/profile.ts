import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ADMIN, startServer } from '../e2e/support/server';
import { deepCursor, generate } from './large';

/**
 * `node --import tsx bench/profile.ts [path]` (`{tracking}` in the path: a real package's tracking number): where
 * the built server's CPU goes under load, on PostgreSQL (PROFILE_DRIVER=pglite: the embedded database). The demo data is seeded by a first start; the server is then
 * started again under `node --cpu-prof` and loaded with 10 connections for BENCH_SECONDS (8). Only the samples taken
 * while the load ran count (start-up, seeding and shutdown are left out: they once made up most of a profile). Prints
 * the idle share, self time by where the code lives (each npm package, our code, node, native), the top functions by
 * self time and by inclusive time. PROFILE_KEEP=file keeps the profile for Chrome's DevTools.
 * PROFILE_ONCE=1 profiles one request instead of the load (an export, say); PROFILE_PACKAGES=n adds n generated
 * packages (and as many customers) to the demo data first (PostgreSQL only). PROFILE_DATABASE=name profiles a kept
 * database instead (a generated 1 M one, say: `BENCH_DATABASE` of the large bench), left as it was found.
 * `{cursor}` in the path: the cursor of the page after row PROFILE_CURSOR_ROW (99,950) in the path's sort, as the
 * pager holds it at depth. PROFILE_CONNECTIONS (10): 1 profiles sequential requests, as the large bench makes them.
 */
interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number }

function bucket(n: Node): string {
  const { url, functionName } = n.callFrame;
  if (functionName === '(idle)') return '(idle)';
  if (functionName === '(garbage collector)') return '(GC)';
  if (functionName === '(program)') return '(program)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.includes('/dist/server/') || url.includes('/src/')) return 'our code';
  if (url.startsWith('node:')) return 'node internals';
  if (url === '') return 'native (JSON, regexp, builtins)';
  return url;
}

const frameName = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} (${bucket(n)}${n.callFrame.url ? `:${path.basename(n.callFrame.url)}:${n.callFrame.lineNumber + 1}` : ''})`;

async function main() {
  const listPath = process.argv[2] ?? '/api/customers?pageSize=50&sort=-createdAt';
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const kept = process.env.PROFILE_DATABASE;
  if (kept !== undefined && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error(`PROFILE_DATABASE: not a plain database name: ${kept}`);
  const name = kept ?? `cargo_profile_${process.pid}`;
  if (!kept) await admin.query(`CREATE DATABASE ${name}`);
  const connections = Number(process.env.PROFILE_CONNECTIONS ?? 10);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cargo-prof-'));
  // PROFILE_DRIVER=pglite profiles the embedded database (in the server's own thread) instead.
  const pglite = process.env.PROFILE_DRIVER === 'pglite';
  // Where making a page goes: the read cache off (PROFILE_READ_CACHE=1 profiles pages answered from it instead).
  const cache = { READ_CACHE_MB: process.env.PROFILE_READ_CACHE === '1' ? '64' : '0' };
  const env: Record<string, string> = pglite
    ? { DATA_DIR: path.join(dir, 'data'), ACCESS_TOKEN_TTL: '1h', ...cache }
    : { DATABASE_URL: u.toString(), ACCESS_TOKEN_TTL: '1h', ...cache };
  let window: [number, number];
  try {
    await (await startServer(env)).stop(); // migrations and the demo seed, not profiled
    const extra = Number(process.env.PROFILE_PACKAGES ?? 0);
    if (extra > 0 && !pglite && !kept) await generate(u.toString(), { packages: extra, customers: extra, extraEvents: 0, slips: 0 });
    const server = await startServer(env, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
    try {
      const login = await fetch(server.url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
      const { token } = await login.json();
      const headers = { authorization: `Bearer ${token}` };
      let target = listPath;
      if (target.includes('{tracking}')) {
        const page = await (await fetch(server.url + '/api/packages?pageSize=1', { headers })).json();
        target = target.replace('{tracking}', encodeURIComponent(page.items[0].trackingNumber));
      }
      if (target.includes('{cursor}')) {
        const sort = new URL(target, server.url).searchParams.get('sort') ?? '-createdAt';
        const cursor = await deepCursor(u.toString(), sort.replace(/^-/, ''), sort.startsWith('-'), Number(process.env.PROFILE_CURSOR_ROW ?? 99_950), 'after');
        target = target.replace('{cursor}', encodeURIComponent(cursor));
      }
      const once = process.env.PROFILE_ONCE === '1';
      if (!once) await autocannon({ url: server.url + target, connections, duration: 2, headers }); // warm-up
      // V8's profile clock and process.hrtime are both CLOCK_MONOTONIC: the load's window in the profile's µs.
      const t0 = Number(process.hrtime.bigint() / 1000n);
      if (once) {
        const res = await fetch(server.url + target, { headers });
        const bytes = (await res.arrayBuffer()).byteLength;
        window = [t0, Number(process.hrtime.bigint() / 1000n)];
        console.log(`profiled one request ${target}: HTTP ${res.status}, ${bytes} bytes in ${((window[1] - t0) / 1e6).toFixed(2)} s`);
      } else {
        const r = await autocannon({ url: server.url + target, connections, duration: seconds, headers });
        window = [t0, Number(process.hrtime.bigint() / 1000n)];
        console.log(`profiled ${target} (${connections} connections): ${r.requests.average.toFixed(0)} req/s, latency p50 ${r.latency.p50} ms, p97.5 ${r.latency.p97_5} ms, ${r.non2xx} non-2xx`);
      }
    } finally {
      await server.stop();
    }
  } finally {
    if (!kept) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const text = file ? readFileSync(path.join(dir, file), 'utf8') : '';
  if (!file) throw new Error('no profile written');
  rmSync(dir, { recursive: true, force: true });
  if (process.env.PROFILE_KEEP) writeFileSync(process.env.PROFILE_KEEP, text);
  const prof = JSON.parse(text) as Profile;

  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const selfFn = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  let at = prof.startTime;
  let total = 0;
  let idle = 0;
  prof.samples.forEach((id, i) => {
    const dt = prof.timeDeltas[i] ?? 0;
    at += dt;
    if (at < window[0] || at > window[1]) return;
    const n = byId.get(id)!;
    total += dt;
    const b = bucket(n);
    if (b === '(idle)') {
      idle += dt;
      return;
    }
    add(self, b, dt);
    add(selfFn, frameName(n), dt);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const key = frameName(byId.get(cur)!);
      if (seen.has(key)) continue;
      seen.add(key);
      add(inclusive, key, dt);
    }
  });
  if (total < 0.5 * (window[1] - window[0])) throw new Error('the profile does not cover the load window: clocks differ?');
  const busy = total - idle;
  const pct = (v: number, of = busy) => `${((100 * v) / of).toFixed(1)} %`;
  const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k);
  console.log(`main thread during the load: idle ${pct(idle, total)}, busy ${pct(busy, total)}; shares below are of the busy time`);
  console.log('self time by place: ' + top(self, 14).map(([k, v]) => `${k} ${pct(v)}`).join(', '));
  console.log('top functions by self time:\n' + top(selfFn, 15).map(([k, v]) => `  ${pct(v).padStart(7)}  ${k}`).join('\n'));
  const skip = /^\((root|program|anonymous)\)|^(processTicksAndRejections|runMicrotasks|emit|callbackTrampoline) /;
  console.log('top functions by inclusive time:\n' + top(inclusive, 60).filter(([k]) => !skip.test(k)).slice(0, 30).map(([k, v]) => `  ${pct(v).padStart(7)}  ${k}`).join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
