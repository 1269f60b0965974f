import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ADMIN, startServer } from '../e2e/support/server';

/**
 * `node --import tsx bench/profile.ts [path]` (`{tracking}` in the path: a real tracking number): the built server on PostgreSQL under `node --cpu-prof`, 10 connections
 * for BENCH_SECONDS (8) on an authenticated list page, then the profile's self time by where the code lives
 * (idle, GC, each npm package, our own code). Prints one line per share.
 */
interface Node { id: number; callFrame: { functionName: string; url: string }; children?: number[] }

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

async function main() {
  const listPath = process.argv[2] ?? '/api/customers?pageSize=50&sort=-createdAt';
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `cargo_profile_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cargo-prof-'));
  const server = await startServer({ DATABASE_URL: u.toString(), ACCESS_TOKEN_TTL: '1h' }, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  try {
    const login = await fetch(server.url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const { token } = await login.json();
    const headers = { authorization: `Bearer ${token}` };
    // "{tracking}" in the path stands for a real package's tracking number (the scanner lookup).
    let target = listPath;
    if (target.includes('{tracking}')) {
      const page = await (await fetch(server.url + '/api/packages?pageSize=1', { headers })).json();
      target = target.replace('{tracking}', encodeURIComponent(page.items[0].trackingNumber));
    }
    const r = await autocannon({ url: server.url + target, connections: 10, duration: seconds, headers });
    console.log(`profiled ${target}: ${r.requests.average.toFixed(0)} req/s, ${r.non2xx} non-2xx`);
  } finally {
    await server.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  const prof = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  rmSync(dir, { recursive: true, force: true });
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const fn = new Map<string, number>();
  let total = 0;
  prof.samples.forEach((id, i) => {
    const dt = prof.timeDeltas[i] ?? 0;
    const n = byId.get(id)!;
    total += dt;
    const b = bucket(n);
    self.set(b, (self.get(b) ?? 0) + dt);
    const key = `${n.callFrame.functionName || '(anonymous)'} ${b}`;
    fn.set(key, (fn.get(key) ?? 0) + dt);
  });
  const pct = (v: number) => `${((100 * v) / total).toFixed(1)} %`;
  console.log('self time by place: ' + [...self].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, v]) => `${k} ${pct(v)}`).join(', '));
  console.log('top functions: ' + [...fn].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${k} ${pct(v)}`).join(', '));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
