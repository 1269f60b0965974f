import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/auth-fixtures';
import { resolveSearchTarget, searchCandidates } from './search-target';

afterEach(() => vi.unstubAllGlobals());

describe('searchCandidates', () => {
  it.each([
    ['kh000123', [{ kind: 'customer-code', value: 'KH000123' }]],
    ['DH00000042', [{ kind: 'order-code', value: 'DH00000042' }]],
    ['176 1234 5675', [{ kind: 'awb', value: '176-12345675' }]],
    ['17612345675', [{ kind: 'awb', value: '176-12345675' }, { kind: 'package', value: '17612345675' }]],
    ['pg2612-00301', [{ kind: 'slip-code', value: 'PG2612-00301' }]],
    ['PG261200301', [{ kind: 'slip-code', value: 'PG261200301'.replace(/^(PG\d{4})/, '$1-') }]],
    ['PG2612-0030', [{ kind: 'package', value: 'PG2612-0030' }]], // too short for a slip: maybe a carrier's number
    ['+84 912 345 678', [{ kind: 'phone', value: '0912345678' }]],
    ['176-12345678', [{ kind: 'package', value: '176-12345678' }]], // a wrong check digit is no MAWB number (maybe a carrier's)
    ['1Z999AA10123456784', [{ kind: 'package', value: '1Z999AA10123456784' }]],
    [' pk00000001 ', [{ kind: 'package', value: 'PK00000001' }]],
    ['PK1 PK2', []], // two numbers: the tracking search lists them
    ['Nguyễn Thu Quỳnh', [{ kind: 'customer-name', value: 'Nguyễn Thu Quỳnh' }]],
    ['  nguyen   thu quynh ', [{ kind: 'customer-name', value: 'nguyen thu quynh' }]],
    ['Đỗ', [{ kind: 'customer-name', value: 'Đỗ' }]],
    ["O'Neil Trần-Lê", [{ kind: 'customer-name', value: "O'Neil Trần-Lê" }]],
    ['LP 00123', []], // a digit: a code, not a name
  ])('%s', (text, expected) => {
    expect(searchCandidates(text)).toEqual(expected);
  });
});

describe('resolveSearchTarget', () => {
  const page = (items: unknown[]) => jsonResponse(200, { items, total: items.length, page: 1, pageSize: 5 });

  it('opens the customer, the order or the MAWB an exact code names', async () => {
    const { calls } = mockFetch(({ url }) => {
      if (url.includes('/api/customers')) return page([{ id: 7, code: 'KH000123', phone: '0912345678' }]);
      if (url.includes('/api/orders')) return page([{ id: 9, code: 'DH00000042' }]);
      if (url.includes('/api/mawbs')) return page([{ id: 3, awbNumber: '176-12345675' }]);
      return jsonResponse(404, { message: 'x', code: 'NOT_FOUND' });
    });
    expect(await resolveSearchTarget('kh000123')).toBe('/customer/7');
    expect(await resolveSearchTarget('DH00000042')).toBe('/order/9');
    expect(await resolveSearchTarget('17612345675')).toBe('/mawb/3');
    expect(await resolveSearchTarget('0912 345 678')).toBe('/customer/7');
    expect(calls.map((c) => new URL(c.url, 'http://x').searchParams.get('q'))).toEqual(['KH000123', 'DH00000042', '176-12345675', '0912345678']);
  });

  it('opens the package a tracking number or package code names, and the slip a slip code names (dash or not)', async () => {
    const { calls } = mockFetch(({ url }) => {
      const u = new URL(url, 'http://x');
      if (u.pathname === '/api/packages/search') {
        const n = u.searchParams.get('numbers');
        if (n === '1Z999AA10123456784' || n === 'PK00000042') return jsonResponse(200, { found: [{ id: 42, code: 'PK00000042', trackingNumber: '1Z999AA10123456784' }], notFound: [] });
        if (n === 'TWICE0001') return jsonResponse(200, { found: [{ id: 1 }, { id: 2 }], notFound: [] });
        return jsonResponse(200, { found: [], notFound: [n] });
      }
      if (u.pathname === '/api/delivery-slips/by-code/PG2612-00301') return jsonResponse(200, { id: 301, code: 'PG2612-00301' });
      if (u.pathname.startsWith('/api/delivery-slips/by-code/')) return jsonResponse(404, { message: 'x', code: 'NOT_FOUND' });
      return page([]);
    });
    expect(await resolveSearchTarget(' 1z999aa10123456784 ')).toBe('/tracking/42');
    expect(await resolveSearchTarget('PK00000042')).toBe('/tracking/42');
    expect(await resolveSearchTarget('pg2612-00301')).toBe('/deliveryslip/301');
    expect(await resolveSearchTarget('PG261200301')).toBe('/deliveryslip/301');
    // Unknown, or the same number on two packages: the tracking search shows what there is.
    expect(await resolveSearchTarget('NOPE00001')).toBe('/tracking/search?q=NOPE00001');
    expect(await resolveSearchTarget('TWICE0001')).toBe('/tracking/search?q=TWICE0001');
    expect(await resolveSearchTarget('PG2612-00999')).toBe('/tracking/search?q=PG2612-00999');
    const paths = calls.map((c) => new URL(c.url, 'http://x'));
    expect(paths.filter((u) => u.pathname === '/api/packages/search').map((u) => u.searchParams.get('numbers'))).toEqual(['1Z999AA10123456784', 'PK00000042', 'NOPE00001', 'TWICE0001']);
  });

  it('lists the customers sharing a phone number', async () => {
    mockFetch(() => page([{ id: 1, phone: '0912345678' }, { id: 2, phone: '0912345678' }]));
    expect(await resolveSearchTarget('0912345678')).toBe('/customer?q=0912345678');
  });

  it('falls back to the tracking search when nothing matches exactly or a lookup fails', async () => {
    mockFetch(({ url }) => (url.includes('/api/mawbs') ? jsonResponse(403, { message: 'x', code: 'FORBIDDEN' }) : page([{ id: 5, code: 'KH000999', phone: '0999999999' }])));
    expect(await resolveSearchTarget('KH000123')).toBe('/tracking/search?q=KH000123');
    // An 11-digit tracking number that happens to pass the AWB check, with no such MAWB: still a tracking number.
    expect(await resolveSearchTarget('17612345675')).toBe('/tracking/search?q=17612345675');
    expect(await resolveSearchTarget(' 1Z999AA10123456784 ')).toBe('/tracking/search?q=1Z999AA10123456784');
  });

  it('sends a name (letters and spaces, accents or not) to the customer list, never the package search', async () => {
    const { calls } = mockFetch(() => page([]));
    expect(await resolveSearchTarget('Nguyễn Thu Quỳnh')).toBe(`/customer?q=${encodeURIComponent('Nguyễn Thu Quỳnh')}`);
    expect(await resolveSearchTarget('nguyen thu quynh')).toBe('/customer?q=nguyen%20thu%20quynh');
    // No lookup: the customer list runs the (accent-insensitive) search and shows the matches, or none.
    expect(calls).toEqual([]);
  });
});
