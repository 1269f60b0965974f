import { describe, expect, it } from 'vitest';
import { screenLink } from './links';
import { periodFromSearch, presetPeriod, vietnamToday, weekOf } from './period';

describe('dashboard periods', () => {
  it('counts days in Vietnam whatever the browser zone: 17:00 UTC is already tomorrow', () => {
    expect(vietnamToday(Date.parse('2026-03-31T16:59:59Z'))).toBe('2026-03-31');
    expect(vietnamToday(Date.parse('2026-03-31T17:00:00Z'))).toBe('2026-04-01');
  });

  it('turns each preset into whole days, months included (leap years too)', () => {
    expect(presetPeriod('today', '2024-03-15')).toEqual({ from: '2024-03-15', to: '2024-03-15' });
    expect(presetPeriod('7d', '2024-03-03')).toEqual({ from: '2024-02-26', to: '2024-03-03' });
    expect(presetPeriod('30d', '2024-03-15')).toEqual({ from: '2024-02-15', to: '2024-03-15' });
    expect(presetPeriod('thisMonth', '2024-03-15')).toEqual({ from: '2024-03-01', to: '2024-03-15' });
    expect(presetPeriod('lastMonth', '2024-03-15')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetPeriod('lastMonth', '2025-01-10')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
  });

  it('reads the period from the URL and falls back to 30 days on anything invalid', () => {
    expect(periodFromSearch(new URLSearchParams('from=2026-01-01&to=2026-01-31'))).toEqual({ preset: 'custom', period: { from: '2026-01-01', to: '2026-01-31' } });
    expect(periodFromSearch(new URLSearchParams('period=7d')).preset).toBe('7d');
    for (const bad of ['from=2026-02-30&to=2026-03-01', 'from=2026-03-02&to=2026-03-01', 'period=forever', 'from=2020-01-01&to=2026-01-01']) {
      expect(periodFromSearch(new URLSearchParams(bad)).preset, bad).toBe('30d');
    }
  });

  it('weeks start on Monday', () => {
    expect(weekOf('2026-11-24')).toBe('2026-11-23');
    expect(weekOf('2026-11-23')).toBe('2026-11-23');
    expect(weekOf('2026-11-29')).toBe('2026-11-23');
  });
});

describe('screenLink', () => {
  it('turns a list API link into its screen with the same filters, and refuses anything else', () => {
    expect(screenLink('/api/packages?status=delivered&statusAtFrom=2026-11-01')).toBe('/tracking?status=delivered&statusAtFrom=2026-11-01');
    expect(screenLink('/api/delivery-slips?codOutstanding=true')).toBe('/deliveryslip?codOutstanding=true');
    expect(screenLink('/api/orders/12')).toBe('/order/12');
    expect(screenLink('/api/customers')).toBe('/customer');
    expect(screenLink('/api/auth/me')).toBeNull();
    expect(screenLink('https://example.com/api/orders')).toBeNull();
    expect(screenLink(null)).toBeNull();
  });
});
