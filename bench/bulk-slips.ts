import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ADMIN, startServer } from '../e2e/support/server';

/**
 * Bulk slip creation on PostgreSQL: BENCH_BULK_CUSTOMERS customers (default 1,000), each with BENCH_BULK_PACKAGES
 * ready packages (default 3) at one Vietnamese hub, generated in SQL on a fresh database with the demo seed; then
 * ONE `POST /api/delivery-slips/bulk` with preview:false for exactly those customers, timed through real HTTP.
 * Budget (the delivery-slip issue): 1,000 customers' slips in under 10 s. Checks that every customer got its slip.
 */
const CUSTOMERS = Number(process.env.BENCH_BULK_CUSTOMERS ?? 1_000);
const PER_CUSTOMER = Number(process.env.BENCH_BULK_PACKAGES ?? 3);
const BUDGET_S = 10;

async function generate(url: string): Promise<{ hubId: number; customerIds: number[] }> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {});
  await c.connect();
  try {
    const hub = (await c.query(`SELECT id FROM stores WHERE kind = 'hub' ORDER BY id LIMIT 1`)).rows[0];
    const origin = (await c.query(`SELECT id FROM stores WHERE kind <> 'hub' ORDER BY id LIMIT 1`)).rows[0];
    if (!hub || !origin) throw new Error('the demo seed has no hub or no origin store');
    const ids = (
      await c.query(
        `INSERT INTO customers (full_name, phone, province, customer_group, search_text)
         SELECT 'Khách Bulk ' || g, '08' || lpad(g::text, 8, '0'), 'Hà Nội', (ARRAY['retail','wholesale','vip'])[1 + g % 3],
                'khach bulk ' || g || ' 08' || lpad(g::text, 8, '0')
           FROM generate_series(1, $1::int) g
         RETURNING id`,
        [CUSTOMERS],
      )
    ).rows.map((r) => Number(r.id));
    // Ready at the hub since 1–30 days, with a measured weight (the freight comes from the pricing rule).
    await c.query(
      `INSERT INTO packages (tracking_number, customer_id, store_id, destination_store_id, weight_g, chargeable_g, contents,
                            status, status_at, search_text)
       SELECT '1ZBULK' || lpad((i * 100 + k)::text, 10, '0'), cid, $2::bigint, $3::bigint, 800 + k * 300, 1000 + k * 500, 'Hàng bulk',
              'ready', now() - ((1 + i % 30) * interval '1 day'), '1zbulk' || lpad((i * 100 + k)::text, 10, '0')
         FROM unnest($1::bigint[]) WITH ORDINALITY AS u(cid, i) CROSS JOIN generate_series(1, $4::int) k`,
      [ids, origin.id, hub.id, PER_CUSTOMER],
    );
    await c.query(
      `INSERT INTO tracking_events (package_id, code, occurred_at, location)
       SELECT id, 'ready', status_at, 'Bench' FROM packages WHERE tracking_number LIKE '1ZBULK%'`,
    );
    await c.query('VACUUM ANALYZE');
    return { hubId: Number(hub.id), customerIds: ids };
  } finally {
    await c.end();
  }
}

export async function benchBulkSlips(): Promise<string[]> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return ['bulk slips: PostgreSQL not reachable, skipped'];
  }
  const name = `cargo_bench_bulk_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const server = await startServer({ DATABASE_URL: u.toString(), ACCESS_TOKEN_TTL: '1h' });
  try {
    const { hubId, customerIds } = await generate(u.toString());
    const login = await fetch(server.url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const { token } = await login.json();
    const t = performance.now();
    const res = await fetch(server.url + '/api/delivery-slips/bulk', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ storeId: hubId, customerIds, preview: false }),
    });
    const body = (await res.json()) as { items?: Array<{ slipId: number | null }>; totals?: { packages: number }; message?: string };
    const seconds = (performance.now() - t) / 1000;
    if (res.status !== 201) return [`FAIL bulk create of ${CUSTOMERS.toLocaleString('en')} customers' slips: HTTP ${res.status} ${body.message ?? ''}`];
    const made = body.items?.filter((l) => l.slipId != null).length ?? 0;
    if (made !== CUSTOMERS) return [`FAIL bulk create: ${made} slips made for ${CUSTOMERS} customers`];
    return [
      `${seconds <= BUDGET_S ? 'PASS' : 'FAIL'} bulk create of ${CUSTOMERS.toLocaleString('en')} customers' slips (${body.totals!.packages.toLocaleString('en')} packages), one request: ${seconds.toFixed(2)} s (budget ${BUDGET_S} s)`,
    ];
  } finally {
    await server.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

// Alone: `node --import tsx bench/bulk-slips.ts` (after `npm run build`).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchBulkSlips()
    .then((lines) => lines.forEach((l) => console.log(l)))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
