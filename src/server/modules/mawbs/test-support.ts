import { expect } from 'vitest';
import type { Mawb, MawbCreateInput } from '../../../shared/contracts/mawbs';
import type { ReceiveResponse } from '../../../shared/contracts/packages';
import { makeAwb } from '../../../shared/domain/awb';
import type { TestContext } from '../../test/harness';

/**
 * Helpers shared by the MAWB API tests: fresh MAWBs on AWB serials the seed never uses (≥ 9 000 000), and
 * fresh parcels received at a foreign warehouse through the real receive route.
 */
export function mawbHelpers(ctx: () => TestContext, serialBase: number) {
  let serial = serialBase;
  let parcel = 0;
  const tag = `${serialBase % 100_000}`.padStart(5, '0');

  const nextAwb = (prefix = '695') => makeAwb(prefix, serial++);

  const createMawb = async (over: Partial<MawbCreateInput> = {}): Promise<Mawb> => {
    const res = await ctx().request({ method: 'POST', url: '/api/mawbs', payload: { awbNumber: nextAwb(), origin: 'LAX', destination: 'SGN', ...over } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Mawb;
  };

  const getMawb = async (id: number): Promise<Mawb> => {
    const res = await ctx().request({ method: 'GET', url: `/api/mawbs/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Mawb;
  };

  let customerCode: string | undefined;
  const storeIds = new Map<string, number>();
  const storeIdOf = async (code: string): Promise<number> => {
    if (!storeIds.has(code)) storeIds.set(code, Number((await ctx().database.query<{ id: number }>(`SELECT id FROM stores WHERE code = $1`, [code]))[0]!.id));
    return storeIds.get(code)!;
  };
  /**
   * `n` parcels of one customer received now (received_abroad, on no MAWB): at the Portland warehouse unless
   * `opts.store` names another, bound for `opts.destination` (a hub's code) when given.
   */
  const receiveParcels = async (n: number, weightG = 1200, opts: { store?: string; destination?: string } = {}): Promise<ReceiveResponse['package'][]> => {
    const storeId = await storeIdOf(opts.store ?? 'US-OR');
    const destinationStoreId = opts.destination ? await storeIdOf(opts.destination) : undefined;
    customerCode ??= (await ctx().database.query<{ code: string }>(`SELECT code FROM customers WHERE deleted_at IS NULL ORDER BY id LIMIT 1`))[0]!.code;
    const out: ReceiveResponse['package'][] = [];
    for (let i = 0; i < n; i++) {
      const trackingNumber = `MW${tag}${String(++parcel).padStart(5, '0')}`;
      const res = await ctx().request({
        method: 'POST',
        url: '/api/packages/receive',
        payload: { storeId, ...(destinationStoreId ? { destinationStoreId } : {}), trackingNumber, weightG, lengthMm: 300, widthMm: 200, heightMm: 100, customerCode, contents: 'Giày thể thao' },
      });
      expect(res.statusCode, res.body).toBe(201);
      out.push((res.json() as ReceiveResponse).package);
    }
    return out;
  };

  const addPackages = (id: number, trackingNumbers: string[] | string, headers: Record<string, string> = {}) =>
    ctx().request({ method: 'POST', url: `/api/mawbs/${id}/packages`, payload: { trackingNumbers }, headers });

  /**
   * A status step (`extra`: at, flightNo, confirm). Departing a MAWB with no flight legs names a flight, BR25
   * unless `extra` says otherwise: the step asks for one.
   */
  const setStatus = async (id: number, status: string, headers: Record<string, string> = {}, note?: string, extra: Record<string, unknown> = {}) => {
    const needsFlight = status === 'departed' && !('flightNo' in extra) && !(await getMawb(id)).flightLegs.length;
    return ctx().request({
      method: 'POST',
      url: `/api/mawbs/${id}/status`,
      payload: { status, ...(note ? { note } : {}), ...(needsFlight ? { flightNo: 'BR25' } : {}), ...extra },
      headers,
    });
  };

  /**
   * Moves a MAWB along the flow to `target`, asserting each step. The tests' legs are dated years ahead: the
   * departure confirms an ATD far from the ETD.
   */
  const advance = async (id: number, path: string[]) => {
    for (const s of path) {
      const res = await setStatus(id, s, {}, undefined, s === 'departed' ? { confirm: true } : {});
      expect(res.statusCode, `${s}: ${res.body}`).toBe(200);
    }
  };

  const auditRows = (id: number) =>
    ctx().database.query<{ action: string; before: Mawb | null; after: (Mawb & Record<string, unknown>) | null }>(
      `SELECT action, before, after FROM audit_log WHERE entity = 'mawbs' AND entity_id = $1 ORDER BY id`,
      [String(id)],
    );

  return { nextAwb, createMawb, getMawb, storeIdOf, receiveParcels, addPackages, setStatus, advance, auditRows };
}
