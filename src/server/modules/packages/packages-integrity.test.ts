import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventList, Package, ReceiveResponse } from '../../../shared/contracts/packages';
import { createTestContext, type TestContext } from '../../test/harness';
import { mawbHelpers } from '../mawbs/test-support';

/**
 * What a day of receiving and manual package events must not let in: a weight-only parcel, manual events off
 * the lifecycle, corrections without a reason, re-weighing a manifested parcel, notes stored as sentences.
 */

let ctx: TestContext;
let stores: Record<string, number>;
let customerCode: string;
const h = mawbHelpers(() => ctx, 9_170_000);
beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.database.query<{ id: number; code: string }>('SELECT id, code FROM stores');
  stores = Object.fromEntries(rows.map((s) => [s.code, Number(s.id)]));
  customerCode = (await ctx.database.query<{ code: string }>(`SELECT code FROM customers WHERE deleted_at IS NULL ORDER BY id LIMIT 1`))[0]!.code;
});
afterAll(() => ctx.close());

let seq = 0;
const newNumber = () => `INT${String(Date.now()).slice(-7)}${String(++seq).padStart(4, '0')}`;
const receive = (payload: Record<string, unknown>) => ctx.request({ method: 'POST', url: '/api/packages/receive', payload });
const addEvent = (id: number, payload: Record<string, unknown>) => ctx.request({ method: 'POST', url: `/api/packages/${id}/events`, payload });
const get = async (id: number) => (await ctx.request({ method: 'GET', url: `/api/packages/${id}` })).json() as Package;
const events = async (id: number) => ((await ctx.request({ method: 'GET', url: `/api/packages/${id}/events` })).json() as EventList).items;
const box = { weightG: 1200, lengthMm: 300, widthMm: 200, heightMm: 100 };
const received = async (over: Record<string, unknown> = {}) => {
  const res = await receive({ storeId: stores['US-OR'], trackingNumber: newNumber(), ...box, customerCode, destinationStoreId: stores['VN-HAN'], ...over });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as ReceiveResponse).package;
};
/** A received parcel walked by manual events to `path`'s last status. */
const walked = async (path: string[]) => {
  const p = await received();
  for (const code of path) {
    const res = await addEvent(p.id, { code });
    expect(res.statusCode, `${code}: ${res.body}`).toBe(201);
  }
  return get(p.id);
};

describe('receiving a parcel weighed but not measured', () => {
  it('receives it with the gross weight as chargeable weight (unrounded: the price list rounds it once), no volumetric weight', async () => {
    const res = await receive({ storeId: stores['US-OR'], trackingNumber: newNumber(), weightG: 2301, customerCode });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as ReceiveResponse).package).toMatchObject({ weightG: 2301, lengthMm: null, volumetricG: null, chargeableG: 2301 });
  });

  it('refuses some sizes without the others, naming the missing ones', async () => {
    const res = await receive({ storeId: stores['US-OR'], trackingNumber: newNumber(), weightG: 2000, lengthMm: 300 });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path).sort()).toEqual(['body.heightMm', 'body.widthMm']);
  });

  it('names the unit the field is typed in (kg, cm), not grams or millimetres', async () => {
    const heavy = await receive({ storeId: stores['US-OR'], trackingNumber: newNumber(), weightG: 2_000_000 });
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json().details[0].message).toBe('Cân nặng tối đa 1.000 kg');
    const long = await receive({ storeId: stores['US-OR'], trackingNumber: newNumber(), weightG: 1000, lengthMm: 9000, widthMm: 10, heightMm: 10 });
    expect(long.json().details[0].message).toBe('Chiều dài tối đa 500 cm');
  });
});

describe('manual package events follow the lifecycle', () => {
  it('a delivered parcel is never expected again, nor received again (its measurements stay)', async () => {
    const p = await walked(['departed', 'arrived', 'ready', 'delivered']);
    const back = await addEvent(p.id, { code: 'expected', note: 'nhầm' });
    expect(back.statusCode).toBe(409);
    const again = await receive({ storeId: stores['US-OR'], trackingNumber: p.trackingNumber, weightG: 9000 });
    expect(again.statusCode).toBe(409);
    expect((await get(p.id)).weightG).toBe(1200);
  });

  it('a parcel on a manifested MAWB cannot be set back to "received abroad": 409 naming the MAWB', async () => {
    const [p] = await h.receiveParcels(1);
    const m = await h.createMawb();
    expect((await h.addPackages(m.id, [p!.trackingNumber])).statusCode).toBe(200);
    await h.advance(m.id, ['booked', 'manifested']);
    const res = await addEvent(p!.id, { code: 'received_abroad', note: 'quét nhầm' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain(m.awbNumber);
    expect((await get(p!.id)).status).toBe('on_mawb');
  });

  it('an undo of a mistaken scan needs a reason, and is audited as a correction', async () => {
    const p = await walked(['departed', 'arrived']);
    const bare = await addEvent(p.id, { code: 'departed' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().details[0].path).toBe('note');
    const undone = await addEvent(p.id, { code: 'departed', note: 'Quét nhầm kiện' });
    expect(undone.statusCode, undone.body).toBe(201);
    const [row] = await ctx.database.query<{ action: string; after: { correction?: { from: string; to: string; reason: string } } }>(
      `SELECT action, after FROM audit_log WHERE entity = 'packages' AND entity_id = $1 ORDER BY id DESC LIMIT 1`,
      [String(p.id)],
    );
    expect(row).toMatchObject({ action: 'event_correction', after: { correction: { from: 'arrived', to: 'departed', reason: 'Quét nhầm kiện' } } });
  });

  it('a "delivered" event gets its DLV code and a location where the parcel is, when none is given', async () => {
    const p = await walked(['departed', 'arrived', 'ready']);
    const res = await addEvent(p.id, { code: 'delivered', iataCode: '', location: '' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().event).toMatchObject({ code: 'delivered', iataCode: 'DLV', location: p.destinationStore!.name });
    const abroad = await received();
    const hold = await addEvent(abroad.id, { code: 'on_hold' });
    expect(hold.json().event.location).toBe(abroad.store!.name);
  });

  it('refuses an FSU code that does not belong to the event', async () => {
    const p = await walked(['departed', 'arrived', 'ready']);
    const res = await addEvent(p.id, { code: 'delivered', iataCode: 'RCS' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('iataCode');
  });
});

describe('the currency of a declared value', () => {
  it('is one the console reads, shows, exports and prints (GBP was taken, then exported in pence and left off the manifest)', async () => {
    const p = await received();
    const patch = (payload: Record<string, unknown>) =>
      ctx.request({ method: 'PATCH', url: `/api/packages/${p.id}`, headers: { 'if-match': `"${p.version}"` }, payload });
    const gbp = await patch({ declaredValue: 1299, declaredCurrency: 'GBP' });
    expect(gbp.statusCode, gbp.body).toBe(400);
    expect(gbp.json().details).toEqual([expect.objectContaining({ path: 'body.declaredCurrency', message: 'Loại tiền khai báo là một trong: VND, USD, JPY, KRW, EUR' })]);
    const usd = await patch({ declaredValue: 1299, declaredCurrency: 'usd' });
    expect(usd.statusCode, usd.body).toBe(200);
    expect(usd.json()).toMatchObject({ declaredValue: 1299, declaredCurrency: 'USD' });
  });
});

describe('re-weighing a parcel on a manifested MAWB', () => {
  it('is refused with a 409 naming the MAWB; before the manifest it is allowed', async () => {
    const [p, q] = await h.receiveParcels(2);
    const m = await h.createMawb();
    expect((await h.addPackages(m.id, [p!.trackingNumber, q!.trackingNumber])).statusCode).toBe(200);
    const early = await get(p!.id);
    const ok = await ctx.request({ method: 'PATCH', url: `/api/packages/${p!.id}`, headers: { 'if-match': `"${early.version}"` }, payload: { weightG: 1500 } });
    expect(ok.statusCode, ok.body).toBe(200);
    await h.advance(m.id, ['booked', 'manifested']);
    const before = await h.getMawb(m.id);
    const cur = await get(p!.id);
    const res = await ctx.request({ method: 'PATCH', url: `/api/packages/${p!.id}`, headers: { 'if-match': `"${cur.version}"` }, payload: { weightG: 2500 } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain(m.awbNumber);
    expect((await h.getMawb(m.id)).grossWeightG).toBe(before.grossWeightG);
    // Other fields may still change.
    const note = await ctx.request({ method: 'PATCH', url: `/api/packages/${p!.id}`, headers: { 'if-match': `"${cur.version}"` }, payload: { contents: 'Giày' } });
    expect(note.statusCode, note.body).toBe(200);
  });
});

describe('notes the system writes on events', () => {
  it('are stored as a code and parameters, not a Vietnamese sentence; a note typed by staff stays as typed', async () => {
    const [p, q] = await h.receiveParcels(2);
    const m = await h.createMawb();
    expect((await h.addPackages(m.id, [p!.trackingNumber, q!.trackingNumber])).statusCode).toBe(200);
    await h.advance(m.id, ['booked']);
    expect((await h.setStatus(m.id, 'manifested', {}, 'Kiểm đủ 2 kiện')).statusCode).toBe(200);
    const [manifested, booked, added] = await events(p!.id);
    expect(added).toMatchObject({ code: 'on_mawb', note: '', noteCode: 'mawb_added', noteParams: { awb: m.awbNumber } });
    expect(booked).toMatchObject({ note: '', noteCode: 'mawb_status', noteParams: { awb: m.awbNumber, status: 'booked' } });
    expect(manifested).toMatchObject({ note: 'Kiểm đủ 2 kiện', noteCode: 'mawb_status', noteParams: { awb: m.awbNumber, status: 'manifested' } });
    const typed = await addEvent(p!.id, { code: 'on_hold', note: 'Chờ khách xác nhận' });
    expect(typed.json().event).toMatchObject({ note: 'Chờ khách xác nhận', noteCode: null });
  });
});

describe('notes stored as sentences before note codes (migration 0017)', () => {
  it('turns the sentences the system wrote into codes and keeps what staff typed', async () => {
    const p = await received();
    const rows = [
      'MAWB 176-12345675: Đã thông quan',
      'Đóng vào MAWB 176-12345675',
      'Gỡ khỏi MAWB 176-12345675',
      'Tạo kiện',
      'MAWB 176-12345675: hàng về trễ',
    ];
    for (const note of rows) {
      await ctx.database.query(`INSERT INTO tracking_events (package_id, code, note, occurred_at) VALUES ($1, 'on_hold', $2, now() - interval '1 day')`, [p.id, note]);
    }
    const sql = readFileSync(new URL('../../db/migrations/0017_event_note_codes.sql', import.meta.url), 'utf8');
    for (const statement of sql.split(/;\s*\n/).map((x) => x.replace(/^(--.*\n)+/gm, '').trim()).filter((x) => x.startsWith('UPDATE') || x.includes('TRIGGER'))) {
      await ctx.database.query(statement);
    }
    const after = await ctx.database.query<{ note: string; note_code: string | null; note_params: Record<string, string> }>(
      `SELECT note, note_code, note_params FROM tracking_events WHERE package_id = $1 AND code = 'on_hold' ORDER BY id`,
      [p.id],
    );
    expect(after).toEqual([
      { note: '', note_code: 'mawb_status', note_params: { awb: '176-12345675', status: 'cleared' } },
      { note: '', note_code: 'mawb_added', note_params: { awb: '176-12345675' } },
      { note: '', note_code: 'mawb_removed', note_params: { awb: '176-12345675' } },
      { note: '', note_code: 'package_created', note_params: {} },
      { note: 'MAWB 176-12345675: hàng về trễ', note_code: null, note_params: {} },
    ]);
  });
});
