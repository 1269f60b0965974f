import { expect } from 'vitest';
import type { EcommerceDashboard } from '../../../shared/contracts/dashboard';
import type { DeliverySlip, DeliverySlipCreateInput } from '../../../shared/contracts/delivery-slips';
import { businessDate } from '../../../shared/contracts/exchange-rates';
import { makeAwb } from '../../../shared/domain/awb';
import type { TestContext } from '../../test/harness';

/** A parcel as the receiving scale and tape measure give it (dimensions optional). */
export interface ParcelMeasures {
  weightG: number;
  lengthMm?: number;
  widthMm?: number;
  heightMm?: number;
}

/**
 * Helpers of the delivery slip API tests: customers with ready parcels at a hub that are on no open slip (from
 * the demo seed), slips made through the real routes, and the rows the database holds about them.
 */
export function slipHelpers(ctx: () => TestContext) {
  const q = <T>(sqlText: string, params: unknown[] = []) => ctx().database.query<T>(sqlText, params);

  let seq = 0;
  let serial = 9_700_000;
  const hubs = new Map<string, number>();
  const storeId = async (code: string) => {
    if (!hubs.has(code)) hubs.set(code, Number((await q<{ id: string }>('SELECT id FROM stores WHERE code = $1', [code]))[0]!.id));
    return hubs.get(code)!;
  };

  /** A new customer through the API (own wallet, so balances are the test's alone). */
  const newCustomer = async (over: Record<string, unknown> = {}): Promise<{ id: number; code: string }> => {
    seq += 1;
    const res = await ctx().request({
      method: 'POST',
      url: '/api/customers',
      payload: { fullName: `Khach Phieu Giao ${seq}`, phone: `0356${String(500000 + seq).slice(-6)}`, province: 'Ho Chi Minh', ...over },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; code: string };
  };

  /**
   * `n` parcels of the customer brought to `ready` at a Vietnamese hub the way the business does it: received
   * at the Portland warehouse (or `origin`), put on a MAWB leaving from `airport` (LAX, or NRT for a Japanese
   * warehouse, by default), and the MAWB moved along to received_at_hub (event NFD).
   */
  const readyParcels = async (customerCode: string, n: number, hub = 'VN-SGN', opts: { origin?: string; measures?: ParcelMeasures[]; airport?: string } = {}): Promise<number[]> => {
    const ids: number[] = [];
    const numbers: string[] = [];
    const batch = serial++; // taken first: a batch that fails half-way never hands its numbers to the next one
    for (let i = 0; i < n; i++) {
      const trackingNumber = `DS${String(batch).slice(-6)}${String(i).padStart(3, '0')}`;
      const measures = opts.measures?.[i] ?? { weightG: 1200 + 100 * i, lengthMm: 300, widthMm: 200, heightMm: 100 };
      const res = await ctx().request({
        method: 'POST',
        url: '/api/packages/receive',
        payload: { storeId: await storeId(opts.origin ?? 'US-OR'), trackingNumber, ...measures, customerCode, destinationStoreId: await storeId(hub), contents: 'shoes' },
      });
      expect([200, 201], res.body).toContain(res.statusCode);
      ids.push((res.json() as { package: { id: number } }).package.id);
      numbers.push(trackingNumber);
    }
    const mawb = await ctx().request({ method: 'POST', url: '/api/mawbs', payload: { awbNumber: makeAwb('695', batch), origin: opts.airport ?? (opts.origin?.startsWith('JP') ? 'NRT' : 'LAX'), destination: hub === 'VN-HAN' ? 'HAN' : 'SGN' } });
    expect(mawb.statusCode, mawb.body).toBe(201);
    const mawbId = (mawb.json() as { id: number }).id;
    const add = await ctx().request({ method: 'POST', url: `/api/mawbs/${mawbId}/packages`, payload: { trackingNumbers: numbers } });
    expect(add.statusCode, add.body).toBe(200);
    for (const status of ['booked', 'manifested', 'departed', 'arrived', 'in_customs', 'cleared', 'received_at_hub']) {
      // Departing a MAWB with no flight legs names its flight.
      const res = await ctx().request({ method: 'POST', url: `/api/mawbs/${mawbId}/status`, payload: { status, ...(status === 'departed' ? { flightNo: 'BR25' } : {}) } });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
    }
    return ids;
  };

  /** One parcel received at the Portland warehouse (received_abroad: not ready for a slip). */
  const receivedParcel = async (customerCode: string): Promise<number> => {
    const res = await ctx().request({
      method: 'POST',
      url: '/api/packages/receive',
      payload: { storeId: await storeId('US-OR'), trackingNumber: `DR${String(serial++).slice(-7)}`, weightG: 900, lengthMm: 200, widthMm: 200, heightMm: 100, customerCode, contents: 'shirt' },
    });
    expect([200, 201], res.body).toContain(res.statusCode);
    return (res.json() as { package: { id: number } }).package.id;
  };

  /** A fresh customer with `n` ready parcels at one hub. */
  const customerWithReady = async (n: number, over: Record<string, unknown> = {}, hub = 'VN-SGN') => {
    const c = await newCustomer(over);
    const packageIds = await readyParcels(c.code, n, hub);
    return { customerId: c.id, customerCode: c.code, storeId: await storeId(hub), packageIds };
  };

  const create = (payload: DeliverySlipCreateInput | Record<string, unknown>) => ctx().request({ method: 'POST', url: '/api/delivery-slips', payload });

  const createOk = async (payload: DeliverySlipCreateInput | Record<string, unknown>): Promise<DeliverySlip> => {
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as DeliverySlip;
  };

  const get = async (id: number): Promise<DeliverySlip> => {
    const res = await ctx().request({ method: 'GET', url: `/api/delivery-slips/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DeliverySlip;
  };

  const patch = (id: number, payload: Record<string, unknown>, version?: number) =>
    ctx().request({ method: 'PATCH', url: `/api/delivery-slips/${id}`, payload, headers: version === undefined ? {} : { 'if-match': `"${version}"` } });

  const audit = (id: number) =>
    q<{ action: string; before: DeliverySlip | null; after: DeliverySlip | null }>(`SELECT action, before, after FROM audit_log WHERE entity = 'delivery-slips' AND entity_id = $1 ORDER BY id`, [String(id)]);

  const count = async (sqlText: string, params: unknown[] = []) => Number((await q<{ n: string }>(sqlText, params))[0]!.n);

  /** A status step of a slip through its route (no If-Match). */
  const step = (id: number, payload: Record<string, unknown>) => ctx().request({ method: 'POST', url: `/api/delivery-slips/${id}/status`, payload });

  /** The dashboard's slip revenue of today (Vietnam business day): what the slips delivered today count. */
  const slipRevenueToday = async (): Promise<number> => {
    const today = businessDate(Date.now());
    const res = await ctx().request({ method: 'GET', url: `/api/dashboard/ecommerce?from=${today}&to=${today}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as EcommerceDashboard).revenueSources.slips.amount;
  };

  const balance = async (customerId: number) => Number((await q<{ balance: string }>('SELECT balance FROM customers WHERE id = $1', [customerId]))[0]!.balance);

  return { q, newCustomer, readyParcels, receivedParcel, storeId, customerWithReady, create, createOk, get, patch, step, audit, count, balance, slipRevenueToday };
}
