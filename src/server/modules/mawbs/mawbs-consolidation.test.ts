import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddPackagesResponse, Mawb, MawbEventList, MawbPackageList, TransitionDetails } from '../../../shared/contracts/mawbs';
import type { EventList, Package } from '../../../shared/contracts/packages';
import { MAWB_FLOW, MAWB_STATUSES, MAWB_TRANSITIONS } from '../../../shared/domain/mawb-lifecycle';
import { createTestContext, type TestContext } from '../../test/harness';
import { mawbHelpers } from './test-support';

/** Packages on and off MAWBs, status moves and what they write to the packages, all or nothing. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const h = mawbHelpers(() => ctx, 9_100_000);

const getPackage = async (id: number) => (await ctx.request({ method: 'GET', url: `/api/packages/${id}` })).json() as Package;
const packageEvents = async (id: number) => ((await ctx.request({ method: 'GET', url: `/api/packages/${id}/events` })).json() as EventList).items;
const mawbPackages = async (id: number) => {
  const res = await ctx.request({ method: 'GET', url: `/api/mawbs/${id}/packages` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MawbPackageList;
};
const timeline = async (id: number) => ((await ctx.request({ method: 'GET', url: `/api/mawbs/${id}/events` })).json() as MawbEventList).items;
const eventCount = async (ids: number[]) =>
  Number((await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM tracking_events WHERE package_id = ANY($1::bigint[])`, [ids]))[0]!.n);
const mawbAuditCount = async () => Number((await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'mawbs'`))[0]!.n);

describe('putting packages on a MAWB', () => {
  it('adds by tracking number or label code, cleans and de-duplicates the scan, writes on_mawb events and one audit row', async () => {
    const m = await h.createMawb();
    const [a, b, c] = await h.receiveParcels(3);
    const auditBefore = await mawbAuditCount();
    const res = await h.addPackages(m.id, `]C1${a!.trackingNumber.toLowerCase()}\r\n${b!.code}, ${a!.trackingNumber}\t${c!.trackingNumber}`, { 'if-match': `"${m.version}"` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AddPackagesResponse;
    expect(body.added.map((p) => p.id)).toEqual([a!.id, b!.id, c!.id]);
    expect(body.alreadyOnMawb).toEqual([]);
    expect(body.added[0]).toMatchObject({ code: a!.code, trackingNumber: a!.trackingNumber, customerCode: expect.stringMatching(/^KH/), status: 'on_mawb' });
    expect(body.mawb).toMatchObject({ pieces: 3, version: m.version + 1 });
    expect(res.headers.etag).toBe(`"${m.version + 1}"`);
    expect(await mawbAuditCount()).toBe(auditBefore + 1);
    const [row] = (await h.auditRows(m.id)).slice(-1);
    expect(row).toMatchObject({ action: 'add_packages', before: { pieces: 0 }, after: { pieces: 3, packageCodes: [a!.code, b!.code, c!.code] } });

    const pa = await getPackage(a!.id);
    expect(pa).toMatchObject({ mawbId: m.id, status: 'on_mawb', version: a!.version + 1 });
    const [newest] = await packageEvents(a!.id);
    expect(newest).toMatchObject({ code: 'on_mawb', iataCode: null, location: 'Los Angeles (LAX)', note: '', noteCode: 'mawb_added', noteParams: { awb: m.awbNumber } });
    const [added] = (await timeline(m.id)).filter((e) => e.kind === 'packages_added');
    expect(added).toMatchObject({ packageCount: 3, packageCodes: [a!.code, b!.code, c!.code] });
  });

  it('skips packages already on this MAWB and changes nothing when all of them are', async () => {
    const m = await h.createMawb();
    const [a, b] = await h.receiveParcels(2);
    expect((await h.addPackages(m.id, [a!.trackingNumber])).statusCode).toBe(200);
    const again = await h.addPackages(m.id, [a!.trackingNumber, b!.trackingNumber]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ added: [{ id: b!.id }], alreadyOnMawb: [a!.trackingNumber], mawb: { pieces: 2 } });
    const current = await h.getMawb(m.id);
    const auditBefore = await mawbAuditCount();
    const eventsBefore = await eventCount([a!.id, b!.id]);
    const noop = await h.addPackages(m.id, [a!.code, b!.trackingNumber]);
    expect(noop.statusCode).toBe(200);
    expect(noop.json()).toMatchObject({ added: [], alreadyOnMawb: [a!.code, b!.trackingNumber], mawb: { version: current.version } });
    expect(await mawbAuditCount()).toBe(auditBefore);
    expect(await eventCount([a!.id, b!.id])).toBe(eventsBefore);
  });

  it('refuses unknown numbers (400 naming them) and adds none of the others', async () => {
    const m = await h.createMawb();
    const [a] = await h.receiveParcels(1);
    const res = await h.addPackages(m.id, [a!.trackingNumber, 'NOPE-0001', 'nope-0002']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PACKAGES_NOT_FOUND', details: { notFound: ['NOPE-0001', 'NOPE-0002'] } });
    expect(res.json().message).toContain('NOPE-0001, NOPE-0002');
    expect((await getPackage(a!.id)).mawbId).toBeNull();
    expect((await h.getMawb(m.id)).pieces).toBe(0);
  });

  it('refuses a package on another open MAWB (409 naming it and that MAWB), all or nothing', async () => {
    const first = await h.createMawb();
    const second = await h.createMawb();
    const [a, b] = await h.receiveParcels(2);
    expect((await h.addPackages(first.id, [a!.trackingNumber])).statusCode).toBe(200);
    const res = await h.addPackages(second.id, [b!.trackingNumber, a!.trackingNumber]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PACKAGE_ON_OTHER_MAWB',
      details: { conflicts: [{ number: a!.trackingNumber, packageId: a!.id, packageCode: a!.code, mawbId: first.id, awbNumber: first.awbNumber }] },
    });
    expect(res.json().message).toContain(`${a!.code} (MAWB ${first.awbNumber})`);
    expect((await getPackage(b!.id)).mawbId).toBeNull();
    expect((await getPackage(a!.id)).mawbId).toBe(first.id);
  });

  it('two MAWBs racing for the same packages: exactly one gets them', async () => {
    const [first, second] = [await h.createMawb(), await h.createMawb()];
    const parcels = await h.receiveParcels(4);
    const numbers = parcels.map((p) => p.trackingNumber);
    const results = await Promise.all([h.addPackages(first.id, numbers), h.addPackages(second.id, [...numbers].reverse())]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results[0]!.statusCode === 200 ? first : second;
    for (const p of parcels) expect((await getPackage(p.id)).mawbId).toBe(winner.id);
    expect(await eventCount(parcels.map((p) => p.id))).toBe(parcels.length * 2);
  });

  it('refuses a package that is not received abroad (409 naming its status)', async () => {
    const m = await h.createMawb();
    const [a] = await h.receiveParcels(1);
    const expected = (await ctx.database.query<{ id: number; code: string; tracking_number: string }>(
      `SELECT id, code, tracking_number FROM packages WHERE status = 'expected' AND deleted_at IS NULL ORDER BY id LIMIT 1`,
    ))[0]!;
    const delivered = (await ctx.database.query<{ id: number; code: string }>(
      `SELECT p.id, p.code FROM packages p JOIN mawbs m ON m.id = p.mawb_id WHERE p.status = 'delivered' AND m.status = 'closed' ORDER BY p.id LIMIT 1`,
    ))[0]!;
    const res = await h.addPackages(m.id, [a!.trackingNumber, expected.tracking_number, delivered.code]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PACKAGE_STATUS_CONFLICT',
      details: { conflicts: [{ packageCode: expected.code, status: 'expected' }, { packageCode: delivered.code, status: 'delivered' }] },
    });
    expect(res.json().message).toContain(`${expected.code} (Chờ nhận)`);
    expect(res.json().message).toContain(`${delivered.code} (Đã giao)`);
    expect((await getPackage(a!.id)).mawbId).toBeNull();
  });

  it('only while the MAWB is draft or booked (409 otherwise), and rejects empty or oversized scans (400)', async () => {
    const m = await h.createMawb();
    const [a, b] = await h.receiveParcels(2);
    expect((await h.addPackages(m.id, [a!.trackingNumber])).statusCode).toBe(200);
    await h.advance(m.id, ['booked']);
    expect((await h.addPackages(m.id, [b!.trackingNumber])).statusCode).toBe(200);
    await h.advance(m.id, ['manifested']);
    const late = await h.addPackages(m.id, ['ANYTHING1']);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'MAWB_NOT_EDITABLE', details: { status: 'manifested' } });
    expect((await h.addPackages(m.id, ' , \n')).statusCode).toBe(400);
    expect((await h.addPackages(m.id, Array.from({ length: 501 }, (_, i) => `X${i}ABCDE`))).statusCode).toBe(400);
    expect((await ctx.request({ method: 'POST', url: `/api/mawbs/${m.id}/packages`, payload: { numbers: ['A'] } })).statusCode).toBe(400);
    expect((await h.addPackages(999_999, ['ANYTHING1'])).statusCode).toBe(404);
  });
});

describe('taking packages off', () => {
  it('puts the package back on hand abroad (FOH), recomputes totals, one audit row; 404 when it is not on this MAWB', async () => {
    const m = await h.createMawb();
    const [a, b] = await h.receiveParcels(2);
    expect((await h.addPackages(m.id, [a!.trackingNumber, b!.trackingNumber])).statusCode).toBe(200);
    const before = await h.getMawb(m.id);
    const auditBefore = await mawbAuditCount();
    const res = await ctx.request({ method: 'DELETE', url: `/api/mawbs/${m.id}/packages/${a!.id}`, headers: { 'if-match': `"${before.version}"` } });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as Mawb;
    expect(after).toMatchObject({ pieces: 1, version: before.version + 1 });
    expect(after.grossWeightG).toBe(b!.weightG);
    expect(await mawbAuditCount()).toBe(auditBefore + 1);
    expect(await getPackage(a!.id)).toMatchObject({ mawbId: null, status: 'received_abroad' });
    const [newest] = await packageEvents(a!.id);
    expect(newest).toMatchObject({ code: 'received_abroad', iataCode: 'FOH', location: 'Kho Portland (Mỹ)', note: '', noteCode: 'mawb_removed', noteParams: { awb: m.awbNumber } });
    expect((await timeline(m.id))[0]).toMatchObject({ kind: 'package_removed', packageCodes: [a!.code] });

    expect((await ctx.request({ method: 'DELETE', url: `/api/mawbs/${m.id}/packages/${a!.id}` })).statusCode).toBe(404);
    const stale = await ctx.request({ method: 'DELETE', url: `/api/mawbs/${m.id}/packages/${b!.id}`, headers: { 'if-match': `"${before.version}"` } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().details.current).toMatchObject({ id: m.id, version: after.version });
    // Once taken off it can go on another MAWB.
    const other = await h.createMawb();
    expect((await h.addPackages(other.id, [a!.trackingNumber])).statusCode).toBe(200);
  });

  it('keeps an exception recorded meanwhile (no event), and refuses once manifested', async () => {
    const m = await h.createMawb();
    const [a, b] = await h.receiveParcels(2);
    expect((await h.addPackages(m.id, [a!.trackingNumber, b!.trackingNumber])).statusCode).toBe(200);
    const hold = await ctx.request({ method: 'POST', url: `/api/packages/${a!.id}/events`, payload: { code: 'on_hold', note: 'Pin lithium' } });
    expect(hold.statusCode).toBe(201);
    const eventsBefore = await eventCount([a!.id]);
    expect((await ctx.request({ method: 'DELETE', url: `/api/mawbs/${m.id}/packages/${a!.id}` })).statusCode).toBe(200);
    expect(await getPackage(a!.id)).toMatchObject({ mawbId: null, status: 'on_hold' });
    expect(await eventCount([a!.id])).toBe(eventsBefore);

    await h.advance(m.id, ['booked', 'manifested']);
    const res = await ctx.request({ method: 'DELETE', url: `/api/mawbs/${m.id}/packages/${b!.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('MAWB_NOT_EDITABLE');
  });
});

describe('status moves', () => {
  const EXPECTED: Record<string, { code: string; iata: string | null; location: string }> = {
    booked: { code: 'on_mawb', iata: 'BKD', location: 'Los Angeles (LAX)' },
    manifested: { code: 'on_mawb', iata: 'MAN', location: 'Los Angeles (LAX)' },
    departed: { code: 'departed', iata: 'DEP', location: 'Los Angeles (LAX)' },
    arrived: { code: 'arrived', iata: 'RCF', location: 'Tân Sơn Nhất (SGN)' },
    // The airport alone: the step's label says "customs" in the reader's language (a stored "Hải quan …" stayed Vietnamese in English).
    in_customs: { code: 'in_customs', iata: 'CRC', location: 'Tân Sơn Nhất (SGN)' },
    cleared: { code: 'cleared', iata: 'CCD', location: 'Tân Sơn Nhất (SGN)' },
    received_at_hub: { code: 'ready', iata: 'NFD', location: 'Kho Hồ Chí Minh' },
  };

  it('walks the whole flow: each move writes its event to every package at the same instant, with one audit and timeline row', async () => {
    const hub = Number((await ctx.database.query<{ id: number }>(`SELECT id FROM stores WHERE code = 'VN-SGN'`))[0]!.id);
    const m = await h.createMawb({
      flightLegs: [
        { flightNo: 'BR 15', from: 'LAX', to: 'TPE', etd: '2030-03-01T23:40:00-08:00', eta: '2030-03-03T05:10:00+08:00' },
        { flightNo: 'BR391', from: 'TPE', to: 'SGN', etd: '2030-03-03T08:00:00+08:00', eta: '2030-03-03T10:35:00+07:00' },
      ],
    });
    const parcels = await h.receiveParcels(10);
    // One parcel names its hub; the others have none and take the destination airport.
    const patched = await ctx.request({ method: 'PATCH', url: `/api/packages/${parcels[0]!.id}`, payload: { destinationStoreId: hub }, headers: { 'if-match': `"${parcels[0]!.version}"` } });
    expect(patched.statusCode, patched.body).toBe(200);
    const ids = parcels.map((p) => p.id);
    expect((await h.addPackages(m.id, parcels.map((p) => p.trackingNumber))).statusCode).toBe(200);

    for (const to of MAWB_FLOW.slice(1)) {
      const before = await h.getMawb(m.id);
      const auditBefore = await mawbAuditCount();
      const eventsBefore = await eventCount(ids);
      // The leg is dated years ahead: the departure confirms an ATD that far from the ETD.
      const res = await h.setStatus(m.id, to, { 'if-match': `"${before.version}"` }, to === 'departed' ? 'Chuyến BR15 cất cánh đúng giờ' : undefined, to === 'departed' ? { confirm: true } : {});
      expect(res.statusCode, `${to}: ${res.body}`).toBe(200);
      const after = res.json() as Mawb;
      expect(after).toMatchObject({ status: to, version: before.version + 1 });
      expect(res.headers.etag).toBe(`"${after.version}"`);
      expect(await mawbAuditCount()).toBe(auditBefore + 1);
      const [row] = (await h.auditRows(m.id)).slice(-1);
      expect(row).toMatchObject({ action: 'status', before: { status: before.status }, after: { status: to } });
      const [line] = await timeline(m.id);
      expect(line).toMatchObject({ kind: 'status', fromStatus: before.status, toStatus: to, occurredAt: after.statusAt });

      const want = EXPECTED[to];
      if (!want) {
        // closed: the packages have moved on to slips and delivery; nothing is written to them.
        expect(await eventCount(ids)).toBe(eventsBefore);
        expect(line).toMatchObject({ iataCode: null, packageCount: 0 });
        continue;
      }
      expect(await eventCount(ids)).toBe(eventsBefore + ids.length);
      expect(line).toMatchObject({ iataCode: want.iata, packageCount: ids.length });
      for (const p of parcels) {
        const [newest] = await packageEvents(p.id);
        const location = to === 'received_at_hub' && p.id !== parcels[0]!.id ? 'Tân Sơn Nhất (SGN)' : want.location;
        expect(newest, `${to} ${p.code}`).toMatchObject({ code: want.code, iataCode: want.iata, location, occurredAt: after.statusAt, visibility: 'public' });
        if (to === 'departed') expect(newest!.note).toBe('Chuyến BR15 cất cánh đúng giờ');
        expect((await getPackage(p.id)).status).toBe(want.code);
      }
      if (to === 'departed') {
        expect(after.atd).toBe(after.flightLegs[0]!.atd);
        expect(Date.parse(after.atd!)).toBe(Date.parse(after.statusAt));
        expect(after.flightLegs[1]!.atd).toBeNull();
      }
      if (to === 'arrived') {
        expect(after.ata).toBe(after.flightLegs[1]!.ata);
        expect(Date.parse(after.ata!)).toBe(Date.parse(after.statusAt));
      }
    }
    // The departed event is in every package's timeline, as the e2e will look for.
    for (const p of parcels) expect((await packageEvents(p.id)).map((e) => e.code)).toContain('departed');
  });

  it('refuses every illegal move with 409 listing the allowed ones, and changes nothing', async () => {
    const m = await h.createMawb();
    const [a] = await h.receiveParcels(1);
    expect((await h.addPackages(m.id, [a!.trackingNumber])).statusCode).toBe(200);
    for (const from of MAWB_FLOW) {
      if (from !== 'draft') await h.advance(m.id, [from]);
      const current = await h.getMawb(m.id);
      const eventsBefore = await eventCount([a!.id]);
      const auditBefore = await mawbAuditCount();
      for (const to of MAWB_STATUSES.filter((s) => !MAWB_TRANSITIONS[from].includes(s))) {
        const res = await h.setStatus(m.id, to);
        expect(res.statusCode, `${from} → ${to}`).toBe(409);
        const body = res.json() as { code: string; message: string; details: TransitionDetails };
        expect(body.code).toBe('MAWB_TRANSITION_NOT_ALLOWED');
        expect(body.details).toEqual({ from, to, allowed: [...MAWB_TRANSITIONS[from]] });
        expect(body.message).toMatch(from === 'closed' ? /trạng thái cuối/ : /chỉ có thể chuyển sang: "/);
      }
      expect(await h.getMawb(m.id)).toEqual(current);
      expect(await eventCount([a!.id])).toBe(eventsBefore);
      expect(await mawbAuditCount()).toBe(auditBefore);
    }
    expect((await h.setStatus(m.id, 'flying')).statusCode).toBe(400);
    expect((await h.setStatus(999_999, 'booked')).statusCode).toBe(404);
  });

  it('will not manifest an empty MAWB', async () => {
    const m = await h.createMawb();
    await h.advance(m.id, ['booked']);
    const res = await h.setStatus(m.id, 'manifested');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('MAWB_EMPTY');
  });

  it('cancelling (from draft or booked) releases every package back to received abroad', async () => {
    for (const path of [[], ['booked']]) {
      const m = await h.createMawb();
      const parcels = await h.receiveParcels(2);
      expect((await h.addPackages(m.id, parcels.map((p) => p.trackingNumber))).statusCode).toBe(200);
      await h.advance(m.id, path);
      const res = await h.setStatus(m.id, 'cancelled', {}, 'Hãng hủy chỗ');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'cancelled', pieces: 0 });
      for (const p of parcels) {
        expect(await getPackage(p.id)).toMatchObject({ mawbId: null, status: 'received_abroad' });
        expect((await packageEvents(p.id))[0]).toMatchObject({ code: 'received_abroad', iataCode: 'FOH', note: 'Hãng hủy chỗ' });
      }
      expect((await timeline(m.id))[0]).toMatchObject({ kind: 'status', toStatus: 'cancelled', iataCode: 'FOH', packageCount: 2 });
      // Released packages can be consolidated again.
      const next = await h.createMawb();
      expect((await h.addPackages(next.id, [parcels[0]!.trackingNumber])).statusCode).toBe(200);
    }
  });

  it('leaves packages in a final status alone (a parcel lost in transit does not "arrive")', async () => {
    const m = await h.createMawb();
    const [a, b] = await h.receiveParcels(2);
    expect((await h.addPackages(m.id, [a!.trackingNumber, b!.trackingNumber])).statusCode).toBe(200);
    await h.advance(m.id, ['booked', 'manifested', 'departed']);
    const lost = await ctx.request({ method: 'POST', url: `/api/packages/${b!.id}/events`, payload: { code: 'lost', location: 'Taipei Taoyuan (TPE)' } });
    expect(lost.statusCode).toBe(201);
    const lostEvents = await eventCount([b!.id]);
    const res = await h.setStatus(m.id, 'arrived');
    expect(res.statusCode).toBe(200);
    expect((await getPackage(a!.id)).status).toBe('arrived');
    expect((await getPackage(b!.id)).status).toBe('lost');
    expect(await eventCount([b!.id])).toBe(lostEvents);
    expect((await timeline(m.id))[0]).toMatchObject({ packageCount: 1, packageCodes: [a!.code] });
  });

  it('refuses a stale If-Match (412) and a malformed one (400)', async () => {
    const m = await h.createMawb();
    const stale = await h.setStatus(m.id, 'booked', { 'if-match': `"${m.version + 5}"` });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().details.current).toMatchObject({ id: m.id, status: 'draft' });
    expect(stale.headers.etag).toBe(`"${m.version}"`);
    expect((await h.setStatus(m.id, 'booked', { 'if-match': 'abc' })).statusCode).toBe(400);
    expect((await h.getMawb(m.id)).status).toBe('draft');
  });
});

describe('atomic propagation', () => {
  it('a failure on one package in the middle writes no event at all and leaves the MAWB as it was', async () => {
    const m = await h.createMawb();
    const parcels = await h.receiveParcels(5);
    const ids = parcels.map((p) => p.id);
    expect((await h.addPackages(m.id, parcels.map((p) => p.trackingNumber))).statusCode).toBe(200);
    await h.advance(m.id, ['booked', 'manifested']);
    const victim = [...ids].sort((x, y) => x - y)[2]!;
    // The database refuses the departure event of the third package: the whole move must roll back.
    await ctx.database.exec(`
      CREATE FUNCTION mawb_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.package_id = ${victim} AND NEW.code = 'departed' THEN RAISE EXCEPTION 'test: refused'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER mawb_test_refuse BEFORE INSERT ON tracking_events FOR EACH ROW EXECUTE FUNCTION mawb_test_refuse();`);
    try {
      const before = await h.getMawb(m.id);
      const eventsBefore = await eventCount(ids);
      const auditBefore = await mawbAuditCount();
      const timelineBefore = (await timeline(m.id)).length;
      const packagesBefore = await Promise.all(ids.map(getPackage));

      const res = await h.setStatus(m.id, 'departed');
      expect(res.statusCode).toBe(500);
      expect(res.json().message).not.toContain('test: refused');

      expect(await eventCount(ids)).toBe(eventsBefore);
      expect(await h.getMawb(m.id)).toEqual(before);
      expect(await Promise.all(ids.map(getPackage))).toEqual(packagesBefore);
      expect(await mawbAuditCount()).toBe(auditBefore);
      expect((await timeline(m.id)).length).toBe(timelineBefore);
    } finally {
      await ctx.database.exec('DROP TRIGGER mawb_test_refuse ON tracking_events; DROP FUNCTION mawb_test_refuse();');
    }
    const retry = await h.setStatus(m.id, 'departed');
    expect(retry.statusCode).toBe(200);
    for (const id of ids) expect((await getPackage(id)).status).toBe('departed');
  });

  it('a failure while adding writes no event and leaves every package off the MAWB', async () => {
    const m = await h.createMawb();
    const parcels = await h.receiveParcels(3);
    const ids = parcels.map((p) => p.id);
    await ctx.database.exec(`
      CREATE FUNCTION mawb_test_refuse_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.package_id = ${ids[1]} AND NEW.code = 'on_mawb' THEN RAISE EXCEPTION 'test: refused'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER mawb_test_refuse_add BEFORE INSERT ON tracking_events FOR EACH ROW EXECUTE FUNCTION mawb_test_refuse_add();`);
    try {
      const eventsBefore = await eventCount(ids);
      const res = await h.addPackages(m.id, parcels.map((p) => p.trackingNumber));
      expect(res.statusCode).toBe(500);
      expect(await eventCount(ids)).toBe(eventsBefore);
      for (const id of ids) expect((await getPackage(id)).mawbId).toBeNull();
      expect(await h.getMawb(m.id)).toEqual(m);
    } finally {
      await ctx.database.exec('DROP TRIGGER mawb_test_refuse_add ON tracking_events; DROP FUNCTION mawb_test_refuse_add();');
    }
  });
});

describe('totals and the manifest', () => {
  it('pieces, gross and chargeable weight are always the sums over its packages, re-measured or not', async () => {
    const m = await h.createMawb();
    const parcels = [...(await h.receiveParcels(2, 800)), ...(await h.receiveParcels(1, 15_250))];
    expect((await h.addPackages(m.id, parcels.map((p) => p.trackingNumber))).statusCode).toBe(200);
    const sums = async () => {
      const ps = await Promise.all(parcels.map((p) => getPackage(p.id)));
      return {
        pieces: ps.length,
        grossWeightG: ps.reduce((s, p) => s + p.weightG!, 0),
        chargeableWeightG: ps.reduce((s, p) => s + (p.chargeableG ?? p.weightG!), 0),
      };
    };
    expect(await h.getMawb(m.id)).toMatchObject(await sums());
    // Re-weighing a parcel on the MAWB moves the totals with it.
    const p = await getPackage(parcels[0]!.id);
    const res = await ctx.request({ method: 'PATCH', url: `/api/packages/${p.id}`, payload: { weightG: 4321 }, headers: { 'if-match': `"${p.version}"` } });
    expect(res.statusCode, res.body).toBe(200);
    const now = await h.getMawb(m.id);
    expect(now).toMatchObject(await sums());
    expect(now.grossWeightG).toBe(4321 + 800 + 15_250);

    const manifest = await mawbPackages(m.id);
    expect(manifest).toMatchObject({ pieces: now.pieces, grossWeightG: now.grossWeightG, chargeableWeightG: now.chargeableWeightG });
    expect(manifest.items.map((i) => i.code)).toEqual(parcels.map((x) => x.code).sort());
    expect(manifest.items[0]).toMatchObject({ trackingNumber: expect.any(String), customerCode: expect.stringMatching(/^KH/), customerName: expect.any(String), contents: 'Giày thể thao' });
    const listed = await ctx.request({ method: 'GET', url: `/api/mawbs?q=${encodeURIComponent(m.awbNumber)}` });
    expect(listed.json().items[0]).toMatchObject({ id: m.id, pieces: 3, grossWeightG: now.grossWeightG });
    expect((await ctx.request({ method: 'GET', url: '/api/mawbs/999999/packages' })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: '/api/mawbs/999999/events' })).statusCode).toBe(404);
  });

  it('every mutation of a MAWB is one audit row', async () => {
    const m = await h.createMawb();
    const [a, b] = await h.receiveParcels(2);
    expect((await h.addPackages(m.id, [a!.trackingNumber, b!.trackingNumber])).statusCode).toBe(200);
    expect((await ctx.request({ method: 'DELETE', url: `/api/mawbs/${m.id}/packages/${b!.id}` })).statusCode).toBe(200);
    await h.advance(m.id, ['booked', 'manifested', 'departed']);
    expect((await h.auditRows(m.id)).map((r) => r.action)).toEqual(['create', 'add_packages', 'remove_package', 'status', 'status', 'status']);
    expect((await timeline(m.id)).map((e) => e.kind).reverse()).toEqual(['created', 'packages_added', 'package_removed', 'status', 'status', 'status']);
  });
});

describe('access', () => {
  it.each([
    ['GET', '/api/mawbs/1/packages'],
    ['POST', '/api/mawbs/1/packages'],
    ['DELETE', '/api/mawbs/1/packages/1'],
    ['POST', '/api/mawbs/1/status'],
    ['GET', '/api/mawbs/1/events'],
  ])('%s %s: 401 without a token, 403 for Staff', (method, url) => ctx.expectAdminOnly(method, url));
});
