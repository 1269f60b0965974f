import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { ADMIN, startServer, type E2EServer } from '../e2e/support/server';

/**
 * Throughput of an authenticated 50-row list page, beside a bare node:http server returning fixed JSON of the
 * same size measured in the same run (this machine's ceiling). Ratios are comparable across runs; absolute
 * numbers drift with the machine.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;

async function cannon(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

async function bareServer(body: string): Promise<{ url: string; stop(): void }> {
  const code = `const http=require('node:http');const b=${JSON.stringify(body)};
    const s=http.createServer((q,r)=>{r.writeHead(200,{'content-type':'application/json'});r.end(b)});
    s.listen(0,'127.0.0.1',()=>console.log('PORT '+s.address().port));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => child.stdout!.on('data', (d) => resolve(Number(/PORT (\d+)/.exec(String(d))![1]))));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

async function token(server: E2EServer): Promise<string> {
  const res = await fetch(server.url + '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return (await res.json()).token;
}

export async function benchThroughput(listPath = '/api/customers?pageSize=50&sort=-createdAt'): Promise<string[]> {
  const lines: string[] = [];
  const drivers: Array<{ name: string; env: Record<string, string>; cleanup?: () => Promise<void> }> = [{ name: 'pglite', env: {} }];
  const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  try {
    const admin = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
    await admin.connect();
    const name = `cargo_bench_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    drivers.push({
      name: 'postgres',
      env: { DATABASE_URL: u.toString() },
      cleanup: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    });
  } catch {
    lines.push('postgres: not reachable, skipped');
  }
  for (const d of drivers) {
    const server = await startServer({ ...d.env, ACCESS_TOKEN_TTL: '1h' });
    try {
      const t = await token(server);
      const headers = { authorization: `Bearer ${t}` };
      const sample = await (await fetch(server.url + listPath, { headers })).text();
      const bare = await bareServer(sample);
      try {
        const ceiling = await cannon(bare.url);
        const api = await cannon(server.url + listPath, headers);
        lines.push(
          `${d.name}: list page ${listPath} ${api.rps.toFixed(0)} req/s (p50 ${api.p50} ms, p99 ${api.p99} ms); ` +
            `bare node:http ${ceiling.rps.toFixed(0)} req/s; ratio ${(api.rps / ceiling.rps).toFixed(3)} ` +
            `(${CONNECTIONS} connections, ${DURATION} s, ${sample.length} B body)`,
        );
      } finally {
        bare.stop();
      }
    } finally {
      await server.stop();
      await d.cleanup?.();
    }
  }
  return lines;
}
