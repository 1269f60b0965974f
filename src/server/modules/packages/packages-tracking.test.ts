import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventAppendResponse, EventList, LabelsResponse, Package, PackageList, ReceiveResponse, SearchResponse } from '../../../shared/contracts/packages';
import { useTestContext } from '../../test/harness';
import { latestEventJson } from './packages.events';
import { seededStoresAndCustomer, type SuiteCustomer } from './test-support';

/** Tracking beyond CRUD: scanner search, events and the status they derive, receiving, labels. */

const ctx = useTestContext();
let stores: Record<string, number>;
let customer: SuiteCustomer;
beforeAll(async () => {
  ({ stores, customer } = await seededStoresAndCustomer(ctx.database, 'newest'));
});

const list = (query: string) => ctx.getOk<PackageList>(`/api/packages${query}`);
const get = async (id: number) => (await ctx.request({ method: 'GET', url: `/api/packages/${id}` })).json() as Package;
const events = async (id: number) => ((await ctx.request({ method: 'GET', url: `/api/packages/${id}/events` })).json() as EventList).items;
const audit = async (id: number) =>
  ctx.database.query<{ action: string; before: Package | null; after: (Package & { event?: { code: string } }) | null }>(
    `SELECT action, before, after FROM audit_log WHERE entity = 'packages' AND entity_id = $1 ORDER BY id`,
    [String(id)],
  );

let seq = 0;
const newNumber = () => `TRK${String(Date.now()).slice(-7)}${String(++seq).padStart(4, '0')}`;
const create = async (over: Record<string, unknown> = {}) => {
  return ctx.postCreated<Package>('/api/packages', { trackingNumber: newNumber(), customerId: customer.id, ...over });
};
const addEvent = (id: number, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.request({ method: 'POST', url: `/api/packages/${id}/events`, payload, headers });
const search = (numbers: string) => ctx.getOk<SearchResponse>(`/api/packages/search?numbers=${encodeURIComponent(numbers)}`);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
// A package's first event is its creation (now); events that should outrank it are dated a few minutes
// ahead, inside the tolerance for scanner clocks.
const minutesAhead = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

describe('seed', () => {
  it('every package has events, and its status is its newest event', async () => {
    const [row] = await ctx.database.query<{ total: number; bad: number; orphans: number; backwards: number }>(`
      SELECT count(*)::int AS total,
        count(*) FILTER (WHERE e.code IS NULL OR e.code <> p.status OR e.occurred_at <> p.status_at)::int AS bad,
        count(*) FILTER (WHERE e.code IS NULL)::int AS orphans,
        (SELECT count(*)::int FROM tracking_events WHERE occurred_at > now()) AS backwards
      FROM packages p
      LEFT JOIN LATERAL (SELECT code, occurred_at FROM tracking_events e WHERE e.package_id = p.id
                         ORDER BY occurred_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 1) e ON true`); // DESC NULLS LAST: the order of the package's event index
    expect(row!.total).toBeGreaterThanOrEqual(2000);
    expect(row).toMatchObject({ bad: 0, orphans: 0, backwards: 0 });
  });

  it('uses believable carrier numbers and places', async () => {
    const rows = await ctx.database.query<{ tracking_number: string }>('SELECT tracking_number FROM packages ORDER BY id LIMIT 2000');
    const kinds = { ups: /^1Z[A-Z0-9]{16}$/, usps: /^9[2-4]\d{20}$/, digits12: /^\d{12}$/, japanPost: /^EJ\d{9}JP$/ };
    for (const [kind, re] of Object.entries(kinds)) expect(rows.some((r) => re.test(r.tracking_number)), kind).toBe(true);
    expect(rows.every((r) => Object.values(kinds).some((re) => re.test(r.tracking_number)))).toBe(true);
    const places = (await ctx.database.query<{ location: string }>('SELECT DISTINCT location FROM tracking_events')).map((r) => r.location);
    for (const p of ['Kho Portland (Mỹ)', 'Kho Tokyo (Nhật Bản)', 'Los Angeles (LAX)', 'Tokyo Narita (NRT)', 'Incheon (ICN)', 'Tân Sơn Nhất (SGN)', 'Nội Bài (HAN)']) {
      expect(places).toContain(p);
    }
  });
});

describe('scanner search', () => {
  it('parses mixed separators, duplicates, scanner prefixes and case; answers found in order and not found', async () => {
    const seeded = (await list('?status=departed,ready,delivered&pageSize=5&sort=code')).items;
    expect(seeded).toHaveLength(5);
    const [a, b, c, d, e] = seeded.map((p) => p.trackingNumber) as [string, string, string, string, string];
    const input = `]C1${a}\r\n${b.toLowerCase()}, \u0002${c}\u0003;NOPE-0001\t${d}  ${a}\n\n"${e}" nope-0002 ${b}\nZZ99999`;
    const res = await search(input);
    expect(res.found.map((p) => p.trackingNumber)).toEqual([a, b, c, d, e]);
    expect(res.found.map((p) => p.matched)).toEqual([a, b, c, d, e]);
    expect(res.notFound).toEqual(['NOPE-0001', 'NOPE-0002', 'ZZ99999']);
    for (const hit of res.found) {
      const p = seeded.find((s) => s.id === hit.id)!;
      expect(hit).toMatchObject({ status: p.status, statusAt: p.statusAt, code: p.code, customer: p.customer });
      expect(hit.latestEvent).toMatchObject({ packageId: p.id, code: p.status, occurredAt: p.statusAt });
    }
  });

  it('finds a package by its label code too, once even when both numbers are given', async () => {
    const p = (await list('?status=on_slip&pageSize=1')).items[0]!;
    const res = await search(`${p.code.toLowerCase()}\n${p.trackingNumber}`);
    expect(res.found).toHaveLength(1);
    expect(res.found[0]).toMatchObject({ id: p.id, matched: p.code });
    expect(res.notFound).toEqual([]);
  });

  it('takes 500 numbers and refuses 501 with a 400 that says so', async () => {
    const numbers = (n: number) => Array.from({ length: n }, (_, i) => `NX${String(i).padStart(8, '0')}`);
    const ok = await ctx.request({ method: 'POST', url: '/api/packages/search', payload: { numbers: numbers(500).join('\n') } });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as SearchResponse).notFound).toHaveLength(500);
    const tooMany = await ctx.request({ method: 'GET', url: `/api/packages/search?numbers=${numbers(501).join(',')}` });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('500') });
    expect(tooMany.json().message).toContain('501');
    const asList = await ctx.request({ method: 'POST', url: '/api/packages/search', payload: { numbers: numbers(501) } });
    expect(asList.statusCode).toBe(400);
    // 501 entries with a duplicate are 500 numbers.
    const dup = await ctx.request({ method: 'POST', url: '/api/packages/search', payload: { numbers: [...numbers(500), 'nx00000000'] } });
    expect(dup.statusCode).toBe(200);
  });

  it('refuses an empty or missing list and unknown parameters', async () => {
    for (const url of ['/api/packages/search', '/api/packages/search?numbers=', '/api/packages/search?numbers=%20,%0A', '/api/packages/search?numbers=A1234&x=1']) {
      const res = await ctx.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
    }
  });

  it("reads each package's newest event from the package's own index, not by walking every event's time", async () => {
    // The seed's events (thousands) are there; a query whose order the index cannot give walked them all backwards.
    const [p] = await ctx.database.query<{ id: number }>('SELECT id FROM packages ORDER BY id LIMIT 1');
    const result = (await ctx.database.db.execute(
      sql`EXPLAIN (FORMAT JSON) SELECT ${latestEventJson} FROM packages WHERE packages.id = ${p!.id}`,
    )) as unknown as { rows: Array<Record<string, unknown>> };
    const raw = Object.values(result.rows[0]!)[0];
    const indexes: string[] = [];
    const walk = (node: Record<string, unknown>) => {
      if (typeof node['Index Name'] === 'string') indexes.push(node['Index Name']);
      for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
    };
    walk(((typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
    expect(indexes).toContain('tracking_events_package_idx');
    expect(indexes).not.toContain('tracking_events_occurred_idx');
  });

  it('does not find deleted packages', async () => {
    const p = await create();
    expect((await search(p.trackingNumber)).found).toHaveLength(1);
    await ctx.request({ method: 'DELETE', url: `/api/packages/${p.id}`, headers: { 'if-match': '"1"' } });
    expect(await search(p.trackingNumber)).toEqual({ found: [], notFound: [p.trackingNumber] });
  });
});

describe('events and the status they give', () => {
  it('appends an event, moves the status and version, and writes one audit row', async () => {
    const p = await create();
    const res = await addEvent(p.id, { code: 'on_hold', location: 'Kho Tokyo', note: 'Chờ khách xác nhận', visibility: 'internal' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as EventAppendResponse;
    expect(body.event).toMatchObject({ code: 'on_hold', iataCode: null, location: 'Kho Tokyo', visibility: 'internal', actorId: expect.any(Number), actorName: expect.any(String) });
    expect(body.package).toMatchObject({ id: p.id, status: 'on_hold', statusAt: body.event.occurredAt, version: 2 });
    expect(res.headers.etag).toBe('"2"');
    const rows = await audit(p.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'event']);
    expect(rows[1]).toMatchObject({ before: { status: 'expected' }, after: { status: 'on_hold', event: { code: 'on_hold' } } });
  });

  it('the newest by occurredAt wins, whatever the order they were recorded in', async () => {
    const p = await create();
    const departed = (await addEvent(p.id, { code: 'departed', occurredAt: minutesAhead(5), location: 'Los Angeles (LAX)' })).json() as EventAppendResponse;
    expect(departed.package).toMatchObject({ status: 'departed', version: 2 });
    expect(departed.event.iataCode).toBe('DEP');
    // Recorded late but happened before the others: history grows, status stays, version stays.
    const late = await addEvent(p.id, { code: 'received_abroad', occurredAt: hoursAgo(30), location: 'Kho Portland (Mỹ)' });
    expect(late.statusCode).toBe(201);
    expect((late.json() as EventAppendResponse).package).toMatchObject({ status: 'departed', statusAt: departed.event.occurredAt, version: 2 });
    const arrived = await addEvent(p.id, { code: 'arrived', occurredAt: minutesAhead(8), iataCode: 'arr' });
    expect((arrived.json() as EventAppendResponse).package).toMatchObject({ status: 'arrived', version: 3 });
    const timeline = await events(p.id);
    expect(timeline.map((e) => e.code)).toEqual(['arrived', 'departed', 'expected', 'received_abroad']);
    expect(timeline[0]!.iataCode).toBe('ARR');
    expect((await get(p.id)).status).toBe('arrived');
    expect((await audit(p.id)).map((r) => r.action)).toEqual(['create', 'event', 'event', 'event']);
  });

  it('two events at the same instant: the one recorded later wins', async () => {
    const p = await create();
    const at = minutesAhead(3);
    await addEvent(p.id, { code: 'ready', occurredAt: at });
    const second = (await addEvent(p.id, { code: 'damaged', occurredAt: at })).json() as EventAppendResponse;
    expect(second.package.status).toBe('damaged');
    expect(second.event.iataCode).toBe('DIS');
  });

  it('checks If-Match when sent, and validates the event', async () => {
    const p = await create();
    expect((await addEvent(p.id, { code: 'ready' }, { 'if-match': '"7"' })).statusCode).toBe(412);
    expect((await addEvent(p.id, { code: 'ready' }, { 'if-match': '"1"' })).statusCode).toBe(201);
    const cases: Array<Record<string, unknown>> = [
      { code: 'teleported' },
      {},
      { code: 'ready', iataCode: 'XYZ' },
      { code: 'ready', occurredAt: 'yesterday' },
      { code: 'ready', occurredAt: new Date(Date.now() + 3_600_000).toISOString() },
      { code: 'ready', visibility: 'secret' },
      { code: 'ready', actorId: 1 },
    ];
    for (const payload of cases) {
      const res = await addEvent(p.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await addEvent(987654321, { code: 'ready' })).statusCode).toBe(404);
    expect((await get(p.id)).version).toBe(2);
  });

  it('events are append-only: no route changes or removes one, and the database refuses it', async () => {
    const p = await create();
    const [e] = await events(p.id);
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      for (const url of [`/api/packages/${p.id}/events/${e!.id}`, `/api/packages/${p.id}/events`]) {
        const res = await ctx.request({ method, url, payload: method === 'DELETE' ? undefined : { code: 'delivered' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    await expect(ctx.database.query(`UPDATE tracking_events SET code = 'delivered' WHERE id = $1`, [e!.id])).rejects.toThrow(/append-only/);
    await expect(ctx.database.query(`DELETE FROM tracking_events WHERE id = $1`, [e!.id])).rejects.toThrow(/append-only/);
    expect((await events(p.id))[0]).toEqual(e);
  });
});

describe('receiving', () => {
  const receive = (payload: Record<string, unknown>) => ctx.request({ method: 'POST', url: '/api/packages/receive', payload });
  const box = { weightG: 1200, lengthMm: 500, widthMm: 400, heightMm: 300 };

  it('receives an expected package: weights, figures, the RCS event, one audit row', async () => {
    const p = await create({ contents: 'Sữa Meiji' });
    const res = await receive({ storeId: stores['JP-TYO'], trackingNumber: ` ]C1${p.trackingNumber.toLowerCase()}\r`, ...box, customerCode: customer.code });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ReceiveResponse;
    expect(body.outcome).toBe('received');
    // 50 × 40 × 30 cm = 60 000 cm³ ÷ 6000 = 10 kg against 1.2 kg.
    expect(body.package).toMatchObject({
      id: p.id,
      status: 'received_abroad',
      store: { code: 'JP-TYO' },
      weightG: 1200,
      volumetricG: 10_000,
      chargeableG: 10_000,
      contents: 'Sữa Meiji',
      unidentified: false,
      version: 2,
    });
    expect(body.event).toMatchObject({ code: 'received_abroad', iataCode: 'RCS', location: 'Kho Tokyo (Nhật Bản)', packageId: p.id });
    expect(res.headers.etag).toBe('"2"');
    expect((await events(p.id)).map((e) => e.code)).toEqual(['received_abroad', 'expected']);
    const rows = await audit(p.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'receive']);
    expect(rows[1]).toMatchObject({ before: { status: 'expected', weightG: null }, after: { status: 'received_abroad', weightG: 1200, event: { code: 'received_abroad' } } });
  });

  it('attaches the parcel to the customer\'s open order as it is received (the order follows it), and refuses another customer\'s order', async () => {
    // Two active customers (orders are made for active customers only).
    const [mine, other] = await ctx.database.query<{ id: number; code: string }>(`SELECT id, code FROM customers WHERE deleted_at IS NULL AND status = 'active' ORDER BY id LIMIT 2`);
    const order = await ctx.postCreated<{ id: number; code: string; status: string; customerId: number }>('/api/orders', { customerId: Number(mine!.id), kind: 'consignment', currency: 'VND', items: [], serviceFeeMode: 'fixed', serviceFeeFixed: 50_000 });
    const tn = newNumber();
    const res = await receive({ storeId: stores['US-OR'], trackingNumber: tn, ...box, customerCode: mine!.code, orderId: order.id });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as ReceiveResponse;
    expect(body.package).toMatchObject({ orderId: order.id, order: { id: order.id, code: order.code }, status: 'received_abroad' });
    expect((await audit(body.package.id)).map((r) => r.action)).toEqual(['receive', 'attach_order']);
    const attached = await ctx.getOk<{ packageCount?: number; status: string }>(`/api/orders/${order.id}`);
    expect(attached.status).not.toBe('new');

    // Another customer's order: refused as the order page refuses it, and nothing is received.
    const theirs = await ctx.postCreated<{ id: number }>('/api/orders', { customerId: Number(other!.id), kind: 'consignment', currency: 'VND', items: [], serviceFeeMode: 'fixed', serviceFeeFixed: 50_000 });
    const tn2 = newNumber();
    const refused = await receive({ storeId: stores['US-OR'], trackingNumber: tn2, ...box, customerCode: mine!.code, orderId: theirs.id });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(Number((await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM packages WHERE tracking_number = $1', [tn2]))[0]!.n)).toBe(0);
  });

  it('keeps the chargeable weight unrounded: the price list rounds it once, in its own unit (never 2,5 kg first)', async () => {
    const res = await receive({ storeId: stores['US-OR'], trackingNumber: newNumber(), customerCode: customer.code, weightG: 2301, lengthMm: 200, widthMm: 150, heightMm: 100 });
    expect((res.json() as ReceiveResponse).package).toMatchObject({ volumetricG: 500, chargeableG: 2301 });
  });

  it('an unknown number with no customer becomes an unidentified package (201)', async () => {
    const tn = newNumber();
    const res = await receive({ storeId: stores['US-OR'], trackingNumber: tn, ...box, contents: 'Không rõ người nhận' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as ReceiveResponse;
    expect(body.outcome).toBe('unidentified');
    expect(body.package).toMatchObject({ trackingNumber: tn, customer: null, unidentified: true, status: 'received_abroad', version: 1, store: { code: 'US-OR' } });
    expect(res.headers.location).toBe(`/api/packages/${body.package.id}`);
    expect((await events(body.package.id)).map((e) => e.code)).toEqual(['received_abroad']);
    expect((await audit(body.package.id)).map((r) => r.action)).toEqual(['receive']);
    expect((await list('?unidentified=true&pageSize=200')).items.map((p) => p.id)).toContain(body.package.id);
    // Found its owner: the flag goes when a customer is set.
    const patched = await ctx.request({ method: 'PATCH', url: `/api/packages/${body.package.id}`, headers: { 'if-match': '"1"' }, payload: { customerId: customer.id } });
    expect(patched.json()).toMatchObject({ customerId: customer.id, unidentified: false, version: 2 });
  });

  it('an unknown number with a suite code is created for that customer', async () => {
    const res = await receive({ storeId: stores['US-OR'], trackingNumber: newNumber(), ...box, customerCode: customer.suiteCode.toLowerCase(), destinationStoreId: stores['VN-HAN'] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ outcome: 'created', package: { customerId: customer.id, unidentified: false, destinationStore: { code: 'VN-HAN' } } });
  });

  it('receiving twice is a 409 naming the status', async () => {
    const tn = newNumber();
    expect((await receive({ storeId: stores['US-OR'], trackingNumber: tn, ...box, customerCode: customer.code })).statusCode).toBe(201);
    const again = await receive({ storeId: stores['US-OR'], trackingNumber: tn, ...box });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_RECEIVED', details: { status: 'received_abroad' } });
    expect(again.json().message).toContain('Đã nhận ở kho nước ngoài');
    const delivered = (await list('?status=delivered&pageSize=1')).items[0]!;
    const late = await receive({ storeId: stores['US-OR'], trackingNumber: delivered.trackingNumber, ...box });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('Đã giao');
    expect((await get(delivered.id)).version).toBe(delivered.version);
  });

  it('two desks scanning the same parcel at once: one receives it, the other gets a 409', async () => {
    const p = await create();
    const same = () => receive({ storeId: stores['US-OR'], trackingNumber: p.trackingNumber, ...box });
    const answers = await Promise.all([same(), same()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await events(p.id)).filter((e) => e.code === 'received_abroad')).toHaveLength(1);
    const tn = newNumber();
    const unknown = () => receive({ storeId: stores['US-OR'], trackingNumber: tn, ...box });
    const created = await Promise.all([unknown(), unknown()]);
    expect(created.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(Number((await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM packages WHERE tracking_number = $1', [tn]))[0]!.n)).toBe(1);
  });

  it('refuses a Vietnamese store, an unknown customer code and a mismatched owner', async () => {
    const hub = await receive({ storeId: stores['VN-SGN'], trackingNumber: newNumber(), ...box });
    expect(hub.statusCode).toBe(400);
    expect(hub.json().details[0].path).toBe('storeId');
    const nobody = await receive({ storeId: stores['US-OR'], trackingNumber: newNumber(), ...box, customerCode: 'KH999999' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().details[0].path).toBe('customerCode');
    const [other] = await ctx.database.query<{ code: string }>('SELECT code FROM customers WHERE id <> $1 AND deleted_at IS NULL LIMIT 1', [customer.id]);
    const p = await create();
    const mismatch = await receive({ storeId: stores['US-OR'], trackingNumber: p.trackingNumber, ...box, customerCode: other!.code });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().details[0].path).toBe('customerCode');
    expect((await get(p.id)).status).toBe('expected');
    for (const bad of [{ weightG: 0 }, { lengthMm: null }, { heightMm: 9999 }, { status: 'delivered' }]) {
      const res = await receive({ storeId: stores['US-OR'], trackingNumber: newNumber(), ...box, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('uses the shipping settings in force: divisor and rounding step', async () => {
    await ctx.database.query(
      `INSERT INTO settings (kind, key, value, effective_from) VALUES
         ('shipping', 'volumetric_divisor', '5000', '2020-01-01'),
         ('shipping', 'weight_rounding_step_g', '100', '2020-01-01'),
         ('shipping', 'volumetric_divisor', '4000', '2999-01-01')`,
    );
    try {
      const res = await receive({ storeId: stores['US-OR'], trackingNumber: newNumber(), customerCode: customer.code, weightG: 1001, lengthMm: 300, widthMm: 200, heightMm: 100 });
      // 6 000 cm³ ÷ 5000 = 1.2 kg; max(1 001, 1 200) on a 100 g step = 1 200 g (the 2999 divisor is not in force yet).
      expect((res.json() as ReceiveResponse).package).toMatchObject({ volumetricG: 1200, chargeableG: 1200 });
    } finally {
      await ctx.database.query(`DELETE FROM settings WHERE kind = 'shipping'`);
    }
  });
});

describe('labels', () => {
  it('answers what each label prints, in the order asked', async () => {
    const [a, b] = (await list('?status=received_abroad&unidentified=false&pageSize=2')).items;
    const res = await ctx.request({ method: 'GET', url: `/api/packages/labels?ids=${b!.id},${a!.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json() as LabelsResponse;
    expect(items.map((l) => l.id)).toEqual([b!.id, a!.id]);
    expect(items[1]).toEqual({
      id: a!.id,
      code: a!.code,
      trackingNumber: a!.trackingNumber,
      customerCode: a!.customer!.code,
      customerName: a!.customer!.fullName,
      weightG: a!.weightG,
      chargeableG: a!.chargeableG,
      lengthMm: a!.lengthMm,
      widthMm: a!.widthMm,
      heightMm: a!.heightMm,
      originStore: a!.store,
      destinationStore: a!.destinationStore,
      contents: a!.contents,
      status: 'received_abroad',
    });
  });

  it('404 names the ids it cannot find; 400 for a bad list', async () => {
    const one = (await list('?pageSize=1')).items[0]!;
    const missing = await ctx.request({ method: 'GET', url: `/api/packages/labels?ids=${one.id},987654321` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('987654321');
    for (const q of ['', '?ids=', '?ids=a,b', `?ids=${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`]) {
      expect((await ctx.request({ method: 'GET', url: `/api/packages/labels${q}` })).statusCode, q).toBe(400);
    }
  });
});
