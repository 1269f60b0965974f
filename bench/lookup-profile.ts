import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/server/db/client';
import { ROOT } from '../src/server/paths';
import { searchPackages } from '../src/server/modules/packages/index';
import { lookupStatement } from './office-split';
import { officeDataDir } from './office-data';
import { pct } from './office';

/**
 * `node --import tsx bench/lookup-profile.ts`: where one tracking-number lookup spends its time on PGlite, in the
 * server's own code path (`searchPackages`, the function behind GET /api/packages/search) without HTTP, on the kept
 * office data (OFFICE_PACKAGES, default 300,000; no server may hold the directory). Prints, each as p50/p95 over
 * LOOKUP_RUNS (500) lookups of different numbers:
 *   - the whole function, then the same SQL text sent straight to PGlite (`query` with array rows, as the app does);
 *   - PostgreSQL's own planning and execution of it (EXPLAIN (ANALYZE) through PGlite);
 *   - the WASM boundary alone: `SELECT 1`, and a one-parameter statement returning one short text;
 * then re-runs the lookups under node's --cpu-prof (a child process) and prints the busy time by place: inside
 * PostgreSQL (WebAssembly), PGlite's JavaScript (protocol messages, result parsing), drizzle, our code, GC.
 */
const PACKAGES = Number(process.env.OFFICE_PACKAGES ?? 300_000);
const RUNS = Number(process.env.LOOKUP_RUNS ?? 500);

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${pct(s, 50).toFixed(2)} ms, p95 ${pct(s, 95).toFixed(2)} ms`;
}

async function open(): Promise<{ database: Database; numbers: string[] }> {
  const database = await openDatabase({ dataDir: path.join(officeDataDir(PACKAGES), 'pglite') });
  const numbers = (await database.query<{ n: string }>(`SELECT tracking_number AS n FROM packages ORDER BY id % 997, id LIMIT $1`, [RUNS])).map((r) => r.n);
  return { database, numbers };
}

async function time(runs: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(20, runs); i++) await fn(i);
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

async function measure() {
  const { database, numbers } = await open();
  const pglite = database.pglite!;
  try {
    // The statement the app sends, as PGlite receives it.
    const { sql: lookupSql, options } = await lookupStatement(database, numbers[0]!);
    const params = (i: number) => [numbers[i % numbers.length], numbers[i % numbers.length]];
    console.log(`lookup statement: ${lookupSql.length} characters, ${(lookupSql.match(/\$\d+/g) ?? []).length} parameters`);
    console.log(`searchPackages(), the whole lookup without HTTP: ${stats(await time(RUNS, (i) => searchPackages(database.db, [numbers[i % numbers.length]!])))}`);
    console.log(`the same SQL straight to PGlite (array rows): ${stats(await time(RUNS, (i) => pglite.query(lookupSql, params(i), options as never)))}`);
    const planning: number[] = [];
    const execution: number[] = [];
    const explainWall = await time(Math.min(RUNS, 200), async (i) => {
      const r = await pglite.query<{ 'QUERY PLAN': Array<{ 'Planning Time': number; 'Execution Time': number; Plan: unknown }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${lookupSql}`, params(i));
      const plan = r.rows[0]!['QUERY PLAN'][0]!;
      planning.push(plan['Planning Time']);
      execution.push(plan['Execution Time']);
    });
    console.log(`EXPLAIN (ANALYZE) of it through PGlite: planning ${stats(planning)}; execution ${stats(execution)}; the EXPLAIN call itself ${stats(explainWall)}`);
    const plan = await pglite.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${lookupSql}`, params(1));
    console.log('its plan:\n' + plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n'));
    console.log(`SELECT 1 through PGlite (simple query): ${stats(await time(RUNS, () => pglite.query('SELECT 1')))}`);
    console.log(`SELECT $1::text through PGlite (one parameter, parse/bind/execute): ${stats(await time(RUNS, (i) => pglite.query('SELECT $1::text', [numbers[i % numbers.length]], { rowMode: 'array' })))}`);
  } finally {
    await database.close();
  }
}

/** The child under --cpu-prof: lookups only, for LOOKUP_SECONDS; prints the window it ran in (the profile's clock). */
async function child() {
  const { database, numbers } = await open();
  try {
    for (let i = 0; i < 50; i++) await searchPackages(database.db, [numbers[i % numbers.length]!]);
    const t0 = Number(process.hrtime.bigint() / 1000n);
    const until = Date.now() + 1000 * Number(process.env.LOOKUP_SECONDS ?? 10);
    let n = 0;
    while (Date.now() < until) await searchPackages(database.db, [numbers[n++ % numbers.length]!]);
    console.log(`WINDOW ${t0} ${Number(process.hrtime.bigint() / 1000n)} ${n}`);
  } finally {
    await database.close();
  }
}

interface Node { id: number; callFrame: { functionName: string; url: string }; children?: number[] }

function place(n: Node): string {
  const { url, functionName } = n.callFrame;
  if (functionName === '(idle)') return '(idle)';
  if (functionName === '(garbage collector)') return '(GC)';
  if (functionName === '(program)') return '(program)';
  if (url.startsWith('wasm://') || /^(wasm-function|\$)/.test(functionName)) return 'PostgreSQL in WebAssembly';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1] === '@electric-sql/pglite' ? 'PGlite JavaScript' : m[1]!;
  if (url.includes('/src/')) return 'our code';
  if (url.startsWith('node:')) return 'node internals';
  if (url === '') return 'native (JSON, regexp, builtins)';
  return url;
}

async function profile() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cargo-lookup-prof-'));
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const c = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', 'tsx', path.join(ROOT, 'bench/lookup-profile.ts')], {
        env: { ...process.env, LOOKUP_PROFILE_CHILD: '1' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      c.stdout.on('data', (d) => (text += d));
      c.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`profiled child exited ${code}`))));
    });
    const [, from, to, count] = /WINDOW (\d+) (\d+) (\d+)/.exec(out)!.map(Number) as [number, number, number, number];
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
    const prof = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };
    const byId = new Map(prof.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    const fns = new Map<string, number>();
    let at = prof.startTime;
    let total = 0;
    prof.samples.forEach((id, i) => {
      at += prof.timeDeltas[i] ?? 0;
      if (at < from || at > to) return;
      const dt = prof.timeDeltas[i] ?? 0;
      const n = byId.get(id)!;
      total += dt;
      self.set(place(n), (self.get(place(n)) ?? 0) + dt);
      const fn = `${n.callFrame.functionName || '(anonymous)'} (${place(n)})`;
      fns.set(fn, (fns.get(fn) ?? 0) + dt);
    });
    const share = (v: number) => `${((100 * v) / total).toFixed(1)} %`;
    const perLookup = (v: number) => `${(v / 1000 / count).toFixed(2)} ms`;
    console.log(`under --cpu-prof: ${count} lookups in ${((to - from) / 1e6).toFixed(1)} s (${((to - from) / 1000 / count).toFixed(2)} ms each, profiler on)`);
    console.log(
      'time by place (share; per lookup): ' +
        [...self]
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => `${k} ${share(v)} (${perLookup(v)})`)
          .join(', '),
    );
    console.log(
      'top functions by self time:\n' +
        [...fns]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 12)
          .map(([k, v]) => `  ${share(v).padStart(7)}  ${k}`)
          .join('\n'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.LOOKUP_PROFILE_CHILD === '1') {
  child().catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  measure()
    .then(profile)
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
