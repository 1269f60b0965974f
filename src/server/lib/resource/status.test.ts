import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventAppendResponse, Package } from '../../../shared/contracts/packages';
import { PACKAGE_LIFECYCLE, PACKAGE_STATUS_LABELS } from '../../../shared/domain/package-status';
import type { Db } from '../../db/client';
import { addPackageEvent } from '../../modules/packages/index';
import { postMovement } from '../../modules/transactions/index';
import { createTestContext, type TestContext } from '../../test/harness';
import type { RequestMeta } from '../audit';
import { runWrite, type WriteContext } from '../write-context';

/**
 * The status-change path as callers use it: a refused package event over HTTP, and the path sharing ONE
 * transaction with the ledger function (what a delivery slip's confirmation does): it all commits or none.
 */

let ctx: TestContext;
let customerId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const [c] = await ctx.database.query<{ id: number }>('SELECT id FROM customers WHERE deleted_at IS NULL ORDER BY id LIMIT 1');
  customerId = Number(c!.id);
});
afterAll(() => ctx.close());

let seq = 0;
const newPackage = async () => {
  const trackingNumber = `STS${String(Date.now()).slice(-7)}${String(++seq).padStart(4, '0')}`;
  const res = await ctx.request({ method: 'POST', url: '/api/packages', payload: { trackingNumber, customerId } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Package;
};
const addEvent = (id: number, payload: Record<string, unknown>) => ctx.request({ method: 'POST', url: `/api/packages/${id}/events`, payload });
const getPackage = async (id: number) => (await ctx.request({ method: 'GET', url: `/api/packages/${id}` })).json() as Package;
const count = async (sqlText: string, params: unknown[]) => Number((await ctx.database.query<{ n: number }>(sqlText, params))[0]!.n);
const eventCount = (id: number) => count('SELECT count(*)::int AS n FROM tracking_events WHERE package_id = $1', [id]);
/** Rows of a raw query on a transaction handle, whatever the driver's result shape. */
const rowsOf = async <T>(tx: Db, query: SQL): Promise<T[]> => {
  const result = (await tx.execute(query)) as unknown as { rows?: T[] };
  return result.rows ?? (result as unknown as T[]);
};
const auditCount = (id: number) => count(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'packages' AND entity_id = $1`, [String(id)]);

describe('package events follow the package lifecycle', () => {
  it('a delivered package sent back to "expected" is a 409 naming the allowed steps, and nothing changes', async () => {
    const p = await newPackage();
    const delivered = await addEvent(p.id, { code: 'delivered', location: 'Kho Hà Nội' });
    expect(delivered.statusCode, delivered.body).toBe(201);
    const before = await getPackage(p.id);
    expect(before.status).toBe('delivered');
    const [events, audits] = [await eventCount(p.id), await auditCount(p.id)];

    const res = await addEvent(p.id, { code: 'expected' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: 'Không thể ghi sự kiện "Chờ nhận" cho kiện đang ở trạng thái "Đã giao"; trạng thái này là trạng thái cuối, không thể chuyển tiếp',
      details: { from: 'delivered', to: 'expected', allowed: [] },
    });
    expect(await getPackage(p.id)).toEqual(before);
    expect(await eventCount(p.id)).toBe(events);
    expect(await auditCount(p.id)).toBe(audits);
  });

  it('an open package sent back to "expected" is refused with its allowed next steps listed', async () => {
    const p = await newPackage();
    expect((await addEvent(p.id, { code: 'arrived' })).statusCode).toBe(201);
    const res = await addEvent(p.id, { code: 'expected' });
    expect(res.statusCode, res.body).toBe(409);
    const allowed = [...PACKAGE_LIFECYCLE.nextSteps('arrived')];
    expect(allowed).toContain('customs_hold');
    expect(allowed).toContain('departed');
    expect(res.json().details).toEqual({ from: 'arrived', to: 'expected', allowed });
    expect(res.json().message).toContain(`chỉ có thể chuyển sang: ${allowed.map((s) => `"${PACKAGE_STATUS_LABELS[s]}"`).join(', ')}`);
    // The manual corrections staff need stay open: undo the mistaken scan, hold the parcel and release it.
    expect((await addEvent(p.id, { code: 'departed', note: 'Quét nhầm kiện' })).statusCode).toBe(201);
    expect((await addEvent(p.id, { code: 'on_hold' })).statusCode).toBe(201);
    const released = await addEvent(p.id, { code: 'arrived' });
    expect(released.statusCode, released.body).toBe(201);
    expect((released.json() as EventAppendResponse).package.status).toBe('arrived');
  });

  it('answers in English when asked, with the same details', async () => {
    const p = await newPackage();
    await addEvent(p.id, { code: 'delivered' });
    const res = await ctx.request({ method: 'POST', url: `/api/packages/${p.id}/events`, payload: { code: 'expected' }, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An event "Expected" cannot be recorded for a package that is "Delivered"; this is a final status, it cannot change any more');
  });
});

describe('one caller transaction: two wallet movements and a package event', () => {
  const requestId = (tag: string) => `status-test-${tag}-${Date.now()}`;
  const metaFor = (id: string): RequestMeta => ({ actorId: null, actorEmail: 'status-test@cargo.test', requestId: id, ip: null });
  const balanceOf = async () => Number((await ctx.database.query<{ balance: string }>('SELECT balance FROM customers WHERE id = $1', [customerId]))[0]!.balance);
  const ledgerRows = () => count('SELECT count(*)::int AS n FROM transactions WHERE customer_id = $1', [customerId]);
  const auditRowsOf = (id: string) => count('SELECT count(*)::int AS n FROM audit_log WHERE request_id = $1', [id]);

  const work = (packageId: number) => async (w: WriteContext) => {
    await postMovement(w, { customerId, type: 'deposit', amount: 500_000, method: 'cash', note: 'status test' });
    await postMovement(w, { customerId, type: 'payment', amount: 200_000, method: 'cash', note: 'status test' });
    return addPackageEvent(w, packageId, { code: 'received_abroad', location: 'Kho Tokyo' }, undefined);
  };

  it('rolled back: no ledger row, no balance change, no event, no audit row, no status change', async () => {
    const p = await newPackage();
    const before = { balance: await balanceOf(), ledger: await ledgerRows(), events: await eventCount(p.id), pkg: await getPackage(p.id) };
    const id = requestId('rollback');
    let seenInside: { balance: number; audits: number; status: string } | undefined;
    await expect(
      runWrite(ctx.database.db, metaFor(id), async (w) => {
        const { package: pkg } = await work(p.id)(w);
        // Inside the transaction everything is there (so the checks below can fail)…
        const [c] = await rowsOf<{ balance: string }>(w.tx, sql`SELECT balance FROM customers WHERE id = ${customerId}`);
        const [a] = await rowsOf<{ n: number }>(w.tx, sql`SELECT count(*)::int AS n FROM audit_log WHERE request_id = ${id}`);
        seenInside = { balance: Number(c!.balance), audits: Number(a!.n), status: pkg.status };
        // …then the caller fails and the whole transaction rolls back.
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    expect(seenInside).toEqual({ balance: before.balance + 300_000, audits: 3, status: 'received_abroad' });

    expect(await balanceOf()).toBe(before.balance);
    expect(await ledgerRows()).toBe(before.ledger);
    expect(await eventCount(p.id)).toBe(before.events);
    expect(await auditRowsOf(id)).toBe(0);
    expect(await getPackage(p.id)).toEqual(before.pkg);
  });

  it('committed: the same work leaves two ledger rows, one event and three audit rows', async () => {
    const p = await newPackage();
    const before = { balance: await balanceOf(), ledger: await ledgerRows(), events: await eventCount(p.id) };
    const id = requestId('commit');
    await runWrite(ctx.database.db, metaFor(id), work(p.id));
    expect(await balanceOf()).toBe(before.balance + 300_000);
    expect(await ledgerRows()).toBe(before.ledger + 2);
    expect(await eventCount(p.id)).toBe(before.events + 1);
    expect(await auditRowsOf(id)).toBe(3);
    expect(await getPackage(p.id)).toMatchObject({ status: 'received_abroad', version: 2 });
  });
});
