import type { Customer } from '../../src/shared/contracts/customers';
import { makeAwb } from '../../src/shared/domain/awb';
import type { Suite } from './suite';

/** An amount in đồng as the screens write it: `1.234.567 ₫`, a minus sign before a negative one. */
export const vnd = (n: number) => `${n < 0 ? '\u2212' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}\u00a0₫`;

export interface SlipData {
  /** The API as the Admin, a body sent as JSON. */
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
  storeId(code: string): Promise<number>;
  /** `n` parcels of the customer brought to ready at the SGN hub the way the business does it (receive → MAWB → hub). */
  readyParcels(customerCode: string, n: number, measures?: { weightG: number; lengthMm: number; widthMm: number; heightMm: number }): Promise<string[]>;
  /** A VND consignment of exactly `fee` đồng walked to `delivering`: its fee is still owed when the goods are handed over. */
  owingOrder(customerId: number, fee: number): Promise<{ id: number; code: string }>;
  /** A fresh customer, named after the run's tag unless named. */
  newCustomer(fullName?: string): Promise<Customer>;
}

/**
 * What the delivery-slip specs set up through the API: customers, parcels ready at the SGN hub, an owing order. Each
 * run's tracking numbers, AWBs and names carry its `tag`, so runs against one server do not meet.
 */
export function slipData(suite: Suite, tag: string): SlipData {
  let serial = Number.parseInt(tag, 36) % 9_000_000;
  const call = <T>(method: string, path: string, body?: unknown) => suite.api<T>(path, { method, body: body ? JSON.stringify(body) : undefined });
  const storeId = async (code: string) => {
    const stores = await call<{ items: Array<{ id: number; code: string }> }>('GET', '/api/stores?pageSize=100');
    return stores.items.find((s) => s.code === code)!.id;
  };
  return {
    call,
    storeId,
    async readyParcels(customerCode, n, measures) {
      const origin = await storeId('US-OR');
      const hub = await storeId('VN-SGN');
      const numbers: string[] = [];
      for (let i = 0; i < n; i++) {
        const trackingNumber = `E2S${tag}${i}${serial % 10}`;
        const m = measures ?? { weightG: 1500 + 250 * i, lengthMm: 300, widthMm: 200, heightMm: 100 };
        await call('POST', '/api/packages/receive', { storeId: origin, trackingNumber, ...m, customerCode, destinationStoreId: hub, contents: 'shoes' });
        numbers.push(trackingNumber);
      }
      const mawb = await call<{ id: number }>('POST', '/api/mawbs', { awbNumber: makeAwb('695', 8_000_000 + (serial++ % 999_999)), origin: 'LAX', destination: 'SGN' });
      await call('POST', `/api/mawbs/${mawb.id}/packages`, { trackingNumbers: numbers });
      // Departing a MAWB with no flight legs names its flight.
      for (const status of ['booked', 'manifested', 'departed', 'arrived', 'in_customs', 'cleared', 'received_at_hub']) await call('POST', `/api/mawbs/${mawb.id}/status`, { status, ...(status === 'departed' ? { flightNo: 'BR25' } : {}) });
      return numbers;
    },
    async owingOrder(customerId, fee) {
      const order = await call<{ id: number; code: string }>('POST', '/api/orders', { customerId, kind: 'consignment', currency: 'VND', serviceFeeMode: 'fixed', serviceFeeFixed: fee });
      for (const status of ['confirmed', 'received_abroad', 'in_transit', 'arrived', 'delivering']) await call('POST', `/api/orders/${order.id}/status`, { status });
      return order;
    },
    async newCustomer(fullName = `Phiếu Thử ${tag}`) {
      const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      return call<Customer>('POST', '/api/customers', { fullName, phone, province: 'TP. Hồ Chí Minh' });
    },
  };
}
