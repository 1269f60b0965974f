import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { ADMIN, startServer, type E2EServer } from '../e2e/support/server';
import { CpuMeter, processCpuMs } from './cpu';

/**
 * Throughput of authenticated API answers, each beside a bare node:http server returning the very same body
 * (this machine's ceiling for that body). Every figure is the median of RUNS paired runs after a warm-up, each pair
 * running the bare server and the API back to back (their order alternating), printed with min and max. Ratios
 * are comparable across runs; absolute numbers drift with the machine.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const RUNS = Number(process.env.BENCH_PAIRS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = 10;

async function cannon(url: string, headers: Record<string, string> = {}, duration = DURATION) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, count: r.requests.total };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const spread = (xs: number[], digits: number) =>
  `${median(xs).toFixed(digits)} (min ${Math.min(...xs).toFixed(digits)}, max ${Math.max(...xs).toFixed(digits)})`;

/** One figure: warm-up, then RUNS pairs of (bare, API) alternating which goes first; the median pair's line. */
async function paired(
  label: string,
  apiUrl: string,
  headers: Record<string, string>,
  meter: CpuMeter,
  /** Work run beside the API's runs only (never the bare server's): started before, awaited after. */
  beside?: () => () => Promise<void>,
): Promise<string> {
  const sample = await (await fetch(apiUrl, { headers })).text();
  const bare = await bareServer(sample);
  try {
    await cannon(bare.url, {}, WARMUP);
    await cannon(apiUrl, headers, WARMUP);
    const api: number[] = [];
    const ceiling: number[] = [];
    const p50: number[] = [];
    const serverUs: number[] = [];
    const bareUs: number[] = [];
    const databaseUs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 === 0 ? ['bare', 'api'] : ['api', 'bare'];
      for (const which of order) {
        if (which === 'bare') {
          const cpu0 = processCpuMs(bare.pid);
          const r = await cannon(bare.url);
          ceiling.push(r.rps);
          bareUs.push((1000 * (processCpuMs(bare.pid) - cpu0)) / r.count);
        }
        else {
          const stop = await meter.start();
          const stopBeside = beside?.();
          const r = await cannon(apiUrl, headers);
          await stopBeside?.();
          const cpu = await stop();
          api.push(r.rps);
          p50.push(r.p50);
          serverUs.push((1000 * cpu.serverMs) / r.count);
          databaseUs.push((1000 * cpu.databaseMs) / r.count);
        }
      }
    }
    const ratios = api.map((v, i) => v / ceiling[i]!);
    return (
      `${label}: ${spread(api, 0)} req/s (p50 ${median(p50)} ms); bare node:http ${spread(ceiling, 0)} req/s; ` +
      `ratio ${spread(ratios, 3)} (median of ${RUNS} paired runs, ${CONNECTIONS} connections, ${DURATION} s each, ${sample.length} B body)\n` +
      `  CPU per request: server ${spread(serverUs, 0)} µs` +
      (databaseUs.some((v) => v > 0) ? `, database backends ${spread(databaseUs, 0)} µs` : '') +
      `; bare node:http ${spread(bareUs, 0)} µs`
    );
  } finally {
    bare.stop();
  }
}

async function bareServer(body: string): Promise<{ url: string; pid: number; stop(): void }> {
  const code = `const http=require('node:http');const b=${JSON.stringify(body)};
    const s=http.createServer((q,r)=>{r.writeHead(200,{'content-type':'application/json'});r.end(b)});
    s.listen(0,'127.0.0.1',()=>console.log('PORT '+s.address().port));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => child.stdout!.on('data', (d) => resolve(Number(/PORT (\d+)/.exec(String(d))![1]))));
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid!, stop: () => child.kill() };
}

/** Creates a customer through the API every 100 ms until stopped; each must succeed. */
function writer(base: string, headers: Record<string, string>): () => Promise<void> {
  let running = true;
  let n = 0;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      n += 1;
      const res = await fetch(`${base}/api/customers`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ fullName: `Khách Đo Tải ${process.pid}-${n}`, phone: `09${String(Date.now() % 1e8).padStart(8, '0')}`, province: 'Hà Nội' }),
      });
      if (res.status !== 201) throw new Error(`writer: ${res.status} ${await res.text()}`);
      await new Promise((r) => setTimeout(r, Math.max(0, 100 - (Date.now() - started))));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
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

/** The built server on these settings, its CPU meter and an Admin's headers, for as long as `run` takes. */
async function onServer(env: Record<string, string>, run: (server: E2EServer, headers: Record<string, string>, meter: CpuMeter) => Promise<void>) {
  const server = await startServer({ ...env, ACCESS_TOKEN_TTL: '1h' });
  try {
    const meter = await CpuMeter.open(server.process.pid!, env.DATABASE_URL);
    try {
      await run(server, { authorization: `Bearer ${await token(server)}` }, meter);
    } finally {
      await meter.close();
    }
  } finally {
    await server.stop();
  }
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
  const only = process.env.BENCH_DRIVERS?.split(',');
  for (const d of drivers.filter((x) => !only || only.includes(x.name))) {
    try {
      // The page made for every request: the read cache off (READ_CACHE_MB=0), so every request does all the work.
      await onServer({ ...d.env, READ_CACHE_MB: '0' }, async (server, headers, meter) => {
        lines.push(await paired(`${d.name}: list page ${listPath}, made every time (read cache off)`, server.url + listPath, headers, meter));
      });
      await onServer(d.env, async (server, headers, meter) => {
        lines.push(await paired(`${d.name}: list page ${listPath} (read cache on, as served)`, server.url + listPath, headers, meter));
        // The same with the office at work: a customer created through the API every 100 ms, each one changing the
        // database, so a kept page lives at most until the next write.
        lines.push(
          await paired(`${d.name}: the same, a customer created every 100 ms beside it`, server.url + listPath, headers, meter, () =>
            writer(server.url, headers),
          ),
        );
        if (d.name === 'postgres') {
          // The scanner's lookup of one tracking number (the issue measured 929 req/s before; goal: twice that).
          const page = await (await fetch(server.url + '/api/packages?pageSize=1', { headers })).json();
          const number = page.items[0]?.trackingNumber as string | undefined;
          if (!number) throw new Error('no package to look up');
          lines.push(await paired(`${d.name}: one tracking-number lookup`, `${server.url}/api/packages/search?numbers=${encodeURIComponent(number)}`, headers, meter));
        }
      });
    } finally {
      await d.cleanup?.();
    }
  }
  return lines;
}
