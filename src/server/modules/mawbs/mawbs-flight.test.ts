import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mawb, MawbEventList } from '../../../shared/contracts/mawbs';
import type { EventList, Package } from '../../../shared/contracts/packages';
import { PACKAGE_STATUS_LABELS } from '../../../shared/domain/package-status';
import { createTestContext, type TestContext } from '../../test/harness';
import { mawbHelpers } from './test-support';

/**
 * What a day of flights showed wrong: packages from another country's warehouse on a MAWB, steps that record
 * the click time instead of the flight's, exceptions overwritten by a MAWB step, parcels for another hub made
 * "ready" where the flight lands, and customs clearance worded as a hold.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const h = mawbHelpers(() => ctx, 9_300_000);

const getPackage = async (id: number) => (await ctx.request({ method: 'GET', url: `/api/packages/${id}` })).json() as Package;
const packageEvents = async (id: number) => ((await ctx.request({ method: 'GET', url: `/api/packages/${id}/events` })).json() as EventList).items;
const timeline = async (id: number) => ((await ctx.request({ method: 'GET', url: `/api/mawbs/${id}/events` })).json() as MawbEventList).items;
const addEvent = (id: number, payload: Record<string, unknown>) => ctx.request({ method: 'POST', url: `/api/packages/${id}/events`, payload });
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const hoursAhead = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

/**
 * A MAWB LAX → SGN with one leg (BR25) whose ETD was `etdHoursAgo` hours ago, with `n` parcels, booked and
 * manifested now. Steps cannot be dated before the previous one (the packages' events must stay in order), so a
 * time "entered" here is a few milliseconds after the manifest: never the click time of the step that records it.
 */
async function manifestedWithLeg(etdHoursAgo: number, n = 1, opts: { destination?: string } = {}) {
  const m = await h.createMawb({
    flightLegs: [{ flightNo: 'BR25', from: 'LAX', to: 'SGN', etd: hoursAgo(etdHoursAgo), eta: hoursAgo(etdHoursAgo - 15) }],
  });
  const parcels = await h.receiveParcels(n, 1200, opts);
  expect((await h.addPackages(m.id, parcels.map((p) => p.trackingNumber))).statusCode).toBe(200);
  await h.advance(m.id, ['booked', 'manifested']);
  const manifestedAt = Date.parse((await h.getMawb(m.id)).statusAt);
  await new Promise((r) => setTimeout(r, 60));
  return { m, parcels, after: (ms: number) => new Date(manifestedAt + ms).toISOString() };
}

describe('a package goes only on a MAWB leaving from its warehouse', () => {
  it('refuses (409) a parcel received in Tokyo on a MAWB leaving Portland, naming both', async () => {
    const m = await h.createMawb({ origin: 'PDX' });
    const [tokyo] = await h.receiveParcels(1, 800, { store: 'JP-TYO' });
    const res = await h.addPackages(m.id, [tokyo!.trackingNumber]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('PACKAGE_ORIGIN_MISMATCH');
    expect(res.json().message).toContain(tokyo!.code);
    expect(res.json().message).toContain('Kho Tokyo');
    expect(res.json().message).toContain('PDX');
    expect((await getPackage(tokyo!.id)).mawbId).toBeNull();
    // The same parcel fits a MAWB leaving Tokyo.
    const fromTokyo = await h.createMawb({ origin: 'NRT' });
    expect((await h.addPackages(fromTokyo.id, [tokyo!.trackingNumber])).statusCode).toBe(200);
  });
});

describe('departure and arrival record the flight, not the click', () => {
  it('departing records the ATD and flight entered on the MAWB, its timeline and its packages', async () => {
    const { m, parcels, after: later } = await manifestedWithLeg(0.1);
    const atd = later(10);
    const res = await h.setStatus(m.id, 'departed', {}, undefined, { at: atd, flightNo: undefined });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as Mawb;
    expect(after.atd).toBe(atd);
    expect(after.flightLegs[0]!.atd).toBe(atd);
    expect(after.statusAt).toBe(atd);
    const [step] = (await timeline(m.id)).filter((e) => e.toStatus === 'departed');
    expect(step!.occurredAt).toBe(atd);
    const [dep] = await packageEvents(parcels[0]!.id);
    expect(dep).toMatchObject({ code: 'departed', occurredAt: atd });
    expect((await getPackage(parcels[0]!.id)).status).toBe('departed');
  });

  it('departing a MAWB with no flight legs needs a flight number, and records it', async () => {
    const m = await h.createMawb();
    const [p] = await h.receiveParcels(1);
    expect((await h.addPackages(m.id, [p!.trackingNumber])).statusCode).toBe(200);
    await h.advance(m.id, ['booked', 'manifested']);
    const none = await h.setStatus(m.id, 'departed', {}, undefined, { flightNo: undefined });
    expect(none.statusCode, none.body).toBe(409);
    expect(none.json().code).toBe('MAWB_FLIGHT_REQUIRED');
    const ok = await h.setStatus(m.id, 'departed', {}, undefined, { flightNo: 'vn 31' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as Mawb).flights).toBe('VN31');
  });

  it('an ATD more than 24 h from the ETD needs a confirmation', async () => {
    const { m } = await manifestedWithLeg(30);
    const far = await h.setStatus(m.id, 'departed', {}, undefined, { flightNo: undefined });
    expect(far.statusCode, far.body).toBe(409);
    expect(far.json().code).toBe('MAWB_ATD_CONFIRM');
    expect((await h.getMawb(m.id)).status).toBe('manifested');
    const confirmed = await h.setStatus(m.id, 'departed', {}, undefined, { confirm: true, flightNo: undefined });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('refuses a step time in the future or before the previous step', async () => {
    const { m } = await manifestedWithLeg(3);
    expect((await h.setStatus(m.id, 'departed', {}, undefined, { at: hoursAhead(2), flightNo: undefined })).statusCode).toBe(409);
    const before = await h.setStatus(m.id, 'departed', {}, undefined, { at: hoursAgo(1), confirm: true, flightNo: undefined });
    expect(before.statusCode, before.body).toBe(409);
    expect(before.json().code).toBe('MAWB_STEP_TIME');
  });

  it('arriving needs ATA ≥ ATD and records the ATA on the last leg, the timeline and the packages', async () => {
    const { m, parcels, after: later } = await manifestedWithLeg(0.1);
    const atd = later(10);
    expect((await h.setStatus(m.id, 'departed', {}, undefined, { at: atd, flightNo: undefined })).statusCode).toBe(200);
    const early = await h.setStatus(m.id, 'arrived', {}, undefined, { at: later(5) });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().code).toBe('MAWB_STEP_TIME');
    const ata = later(20);
    const res = await h.setStatus(m.id, 'arrived', {}, undefined, { at: ata });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Mawb).ata).toBe(ata);
    const [step] = (await timeline(m.id)).filter((e) => e.toStatus === 'arrived');
    expect(step!.occurredAt).toBe(ata);
    expect((await packageEvents(parcels[0]!.id))[0]).toMatchObject({ code: 'arrived', occurredAt: ata });
  });
});

describe('a MAWB step leaves exceptions alone', () => {
  it('an on_hold or damaged parcel stays so when the MAWB departs and arrives', async () => {
    const { m, parcels } = await manifestedWithLeg(0.1, 3);
    const [held, broken, fine] = parcels;
    expect((await addEvent(held!.id, { code: 'on_hold', location: 'Los Angeles (LAX)' })).statusCode).toBe(201);
    expect((await addEvent(broken!.id, { code: 'damaged', location: 'Los Angeles (LAX)' })).statusCode).toBe(201);
    const dep = await h.setStatus(m.id, 'departed', {}, undefined, { flightNo: undefined });
    expect(dep.statusCode, dep.body).toBe(200);
    expect((await getPackage(held!.id)).status).toBe('on_hold');
    expect((await getPackage(broken!.id)).status).toBe('damaged');
    expect((await getPackage(fine!.id)).status).toBe('departed');
    expect((await h.setStatus(m.id, 'arrived')).statusCode).toBe(200);
    expect((await getPackage(held!.id)).status).toBe('on_hold');
    expect((await getPackage(broken!.id)).status).toBe('damaged');
    const [step] = (await timeline(m.id)).filter((e) => e.toStatus === 'arrived');
    expect(step!.packageCodes).toEqual([fine!.code]);
  });
});

describe('customs and the hubs', () => {
  it('lodging with customs puts packages "in customs", not "held by customs"; a HAN parcel on an SGN flight goes to transfer', async () => {
    const m = await h.createMawb();
    const [sgn] = await h.receiveParcels(1, 1200, { destination: 'VN-SGN' });
    const [han] = await h.receiveParcels(1, 1200, { destination: 'VN-HAN' });
    expect((await h.addPackages(m.id, [sgn!.trackingNumber, han!.trackingNumber])).statusCode).toBe(200);
    await h.advance(m.id, ['booked', 'manifested', 'departed', 'arrived', 'in_customs']);
    expect((await getPackage(sgn!.id)).status).toBe('in_customs');
    expect((await packageEvents(sgn!.id))[0]).toMatchObject({ code: 'in_customs', iataCode: 'CRC' });
    // What the customer reads: routine clearance, in both languages; nothing says held.
    for (const [lang, label] of [['vi', 'Đang làm thủ tục hải quan'], ['en', 'In customs clearance']] as const) {
      const pub = await ctx.request({ method: 'GET', url: `/api/public/tracking?numbers=${sgn!.trackingNumber}&lang=${lang}` });
      expect(pub.statusCode, pub.body).toBe(200);
      expect(pub.json().items[0]).toMatchObject({ status: 'in_customs', statusLabel: label });
      expect(pub.body).not.toMatch(/giữ|hold/i);
    }
    await h.advance(m.id, ['cleared', 'received_at_hub']);
    expect((await getPackage(sgn!.id)).status).toBe('ready');
    const hanPkg = await getPackage(han!.id);
    expect(hanPkg.status).toBe('in_transfer');
    expect((await packageEvents(han!.id))[0]).toMatchObject({ code: 'in_transfer', iataCode: 'TRM' });
    // Its own hub receives it: then it is ready there.
    const received = await addEvent(han!.id, { code: 'ready', location: 'Kho Hà Nội' });
    expect(received.statusCode, received.body).toBe(201);
    expect((await getPackage(han!.id)).status).toBe('ready');
  });

  it('labels: in customs and held by customs differ, and nothing says the parcel is held when it is only lodged', () => {
    expect(PACKAGE_STATUS_LABELS.in_customs).not.toMatch(/giữ/i);
    expect(PACKAGE_STATUS_LABELS.customs_hold).toMatch(/giữ/i);
  });
});
