import { describe, expect, it } from 'vitest';
import { AuditLogListQuery } from '../src/shared/contracts/audit-logs';
import { CustomerListQuery } from '../src/shared/contracts/customers';
import { DeliverySlipListQuery } from '../src/shared/contracts/delivery-slips';
import { PackageListQuery } from '../src/shared/contracts/packages';
import { TransactionListQuery } from '../src/shared/contracts/transactions';
import { listFigures, pct, prng, Recorder, startSteps } from './office';

const schemas = {
  '/api/packages': PackageListQuery,
  '/api/delivery-slips': DeliverySlipListQuery,
  '/api/customers': CustomerListQuery,
  '/api/transactions': TransactionListQuery,
  '/api/audit-logs': AuditLogListQuery,
} as const;

const ctx = {
  customerId: 7,
  hubId: 3,
  slipCustomerId: 9,
  actorId: 1,
  trackingNumbers: ['1ZBENCH0000000001', '1ZBENCH0000000002'],
  slipCodes: ['PGBENCH-1'],
  day: (n: number) => new Date(Date.UTC(2026, 11, 7) - n * 86_400_000).toISOString().slice(0, 10),
};

describe('office bench pieces', () => {
  it('asks only list pages the server accepts: every figure, several request numbers, validated by the list contracts', () => {
    const figures = listFigures(ctx);
    expect(new Set(figures.map((f) => f.list))).toEqual(new Set(['packages', 'slips', 'customers', 'transactions', 'audit']));
    for (const f of figures)
      for (const i of [0, 1, 2, 5, 14]) {
        const url = new URL(f.path(i), 'http://x');
        const schema = schemas[url.pathname as keyof typeof schemas];
        expect(schema, url.pathname).toBeDefined();
        const query: Record<string, string> = Object.fromEntries(url.searchParams);
        const parsed = schema.safeParse(query);
        expect(parsed.success, `${f.name}: ${url.search} ${parsed.error?.message ?? ''}`).toBe(true);
      }
  });

  it('covers every sort key of each list in both directions', () => {
    const names = listFigures(ctx).map((f) => f.name);
    for (const key of ['code', 'trackingNumber', 'status', 'statusAt', 'weightG', 'chargeableG', 'createdAt'])
      expect(names).toEqual(expect.arrayContaining([`packages sorted by ${key}`, `packages sorted by -${key}`]));
    for (const key of ['deliveredAt', 'amountToCollect']) expect(names).toContain(`slips sorted by -${key}`);
    expect(names).toContain('customers sorted by -balance');
    expect(names).toContain('transactions sorted by -amount');
    expect(names).toContain('audit sorted by -at');
  });

  it('judges a kind by its p95 and its errors', () => {
    const rec = new Recorder();
    for (let i = 1; i <= 100; i++) rec.add('list packages', i, true);
    rec.add('receive scan', 10, true);
    rec.add('receive scan', 12, false, '409 already received');
    const [slowest, scans] = rec.lines(95);
    expect(slowest).toMatch(/^NOT MET list packages: 100 requests, p50 51\.0 ms, p95 96\.0 ms, p99 100\.0 ms, 0 errors/);
    expect(scans).toMatch(/^NOT MET receive scan: 2 requests, .* 1 errors/);
    expect(rec.total).toBe(102);
    expect(rec.errorCount).toBe(1);
    expect(rec.samples).toEqual(['receive scan: 409 already received']);
  });

  it('keeps the warm-up apart: timed and shown, not judged, its failures still errors', () => {
    const rec = new Recorder();
    for (let i = 1; i <= 20; i++) rec.addWarmup(i * 10, true);
    rec.addWarmup(500, false, 'lookup: 503 busy');
    rec.add('lookup', 5, true);
    expect(rec.warmup).toBe(21);
    expect(rec.total).toBe(2);
    expect(rec.errorCount).toBe(1);
    expect(rec.warmupLine()).toBe('warm-up (not judged): 21 requests, p50 110.0 ms, p95 200.0 ms, slowest 500.0 ms');
    expect(rec.lines(100).find((l) => l.includes('warm-up'))).toMatch(/^NOT MET warm-up: 1 requests, .* 1 errors/);
  });

  it('reads percentiles by rank and replays the same choices for the same seed', () => {
    expect(pct([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(6);
    expect(pct([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
    const a = prng(42);
    const b = prng(42);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it("keeps the server's start-up steps and their times, and nothing else it printed", () => {
    const out = [
      'Opening the embedded database in /data/pglite…',
      '  opened in 5.9 s',
      '{"level":50,"msg":"something else"}',
      'Applying migrations…',
      '  up to date in 0.4 s',
      '  ready in 1.5 s (start-up took 8.3 s in all)',
      'Cargo Console running at http://127.0.0.1:3000',
    ].join('\n');
    expect(startSteps(out)).toEqual([
      'Opening the embedded database in /data/pglite…',
      '  opened in 5.9 s',
      'Applying migrations…',
      '  up to date in 0.4 s',
      '  ready in 1.5 s (start-up took 8.3 s in all)',
    ]);
  });
});
