import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DELIVERY_SLIP_ERROR_CODES,
  FEEDBACK_MAX,
  type CodByCarrier,
  type CustomerFeedbackList,
  type DeliverySlip,
  type ReadyPackages,
  type SlipBulkBody,
  type SlipBulkResult,
  type SlipReconcileBody,
} from '../../../shared/contracts/delivery-slips';
import { cleanScannedToken } from '../../../shared/domain/scan';
import type { Db } from '../../db/client';
import { customers, deliveryFeedback, deliverySlipPackages, deliverySlips, packages, stores } from '../../db/schema/index';
import { writeAudit } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { findItem, pageRows } from '../../lib/resource/list-engine';
import { inWriteTransaction } from '../../lib/resource/write';
import { deliverySlipsResource } from './delivery-slips.resource';
import { computeCharges, defaultReceiver, findCustomer, nextSlipCodes, owingOrders, slipCustomerFields, slipPackageFields, slipSearchText, type SlipCustomer, type SlipPackageRow } from './delivery-slips.service';

/**
 * The slip routes beyond the resource's own: lookup by code, the create screen's ready packages, printing, bulk
 * creation and courier COD reconciliation. Each mutation is one transaction with exactly one audit row per slip
 * it changes; bulk creation and reconciliation are all or nothing.
 */

const E = DELIVERY_SLIP_ERROR_CODES;
const def = deliverySlipsResource;
const DAY_MS = 86_400_000;

const findSlip = (db: Db, id: number) => findItem<DeliverySlip>(db, def, id);

async function slipsByIds(db: Db, ids: number[]): Promise<DeliverySlip[]> {
  if (!ids.length) return [];
  return pageRows<DeliverySlip>(db, def, inArray(deliverySlips.id, ids), [asc(deliverySlips.id)], ids.length, 0);
}

/** A slip by its code as typed or scanned (`pg2611-00042`, `*PG2611-00042*`): 404 when there is none. */
export async function findSlipByCode(db: Db, raw: string): Promise<DeliverySlip> {
  const code = cleanScannedToken(raw.trim());
  const [row] = await db.select({ id: deliverySlips.id }).from(deliverySlips).where(eq(deliverySlips.code, code));
  const slip = row ? await findSlip(db, row.id) : undefined;
  if (!slip) throw new HttpError(404, `Không tìm thấy phiếu giao ${code}`);
  return slip;
}

// ---- ready packages (create screen) ------------------------------------------------------------------

// Only packages no open slip holds are ready, so the open slip is NULL here.
const readyFields = slipPackageFields(sql<number | null>`NULL::bigint`);

/** Ready packages at a Vietnamese hub that are on no open slip. */
const readyAndFree = and(
  eq(packages.status, 'ready'),
  isNull(packages.deletedAt),
  sql`${packages.destinationStoreId} IN (SELECT id FROM stores WHERE kind = 'hub')`,
  sql`NOT EXISTS (SELECT 1 FROM delivery_slip_packages sp WHERE sp.package_id = "packages"."id" AND sp.open)`,
);

export async function readyPackages(db: Db, customerId: number): Promise<ReadyPackages> {
  const customer = await findCustomer(db, customerId);
  const rows = (await db
    .select(readyFields)
    .from(packages)
    .where(and(eq(packages.customerId, customerId), readyAndFree))
    .orderBy(asc(packages.statusAt), asc(packages.id))) as SlipPackageRow[];
  const storeRows = await db.select({ id: stores.id, code: stores.code, name: stores.name }).from(stores).where(eq(stores.kind, 'hub')).orderBy(asc(stores.id));
  const computed = rows.length ? await computeCharges(db, customer, rows, { method: 'pickup', receiverProvince: '', domesticFee: 0, surcharges: [], discount: null }) : null;
  const priced = new Map(computed?.lines.map((l) => [l.packageId, l]) ?? []);
  return {
    customerId,
    walletBalance: customer.balance,
    owingOrders: await owingOrders(db, customerId),
    hubs: storeRows
      .map((s) => ({
        storeId: s.id,
        storeCode: s.code,
        storeName: s.name,
        packages: rows
          .filter((p) => p.storeId === s.id)
          .map((p) => ({
            packageId: p.id,
            code: p.code,
            trackingNumber: p.trackingNumber,
            status: p.status,
            weightG: p.weightG,
            chargeableG: p.chargeableG,
            contents: p.contents,
            freight: priced.get(p.id)?.freight ?? 0,
            surcharges: [],
            amount: priced.get(p.id)?.amount ?? 0,
            pricing: priced.get(p.id)?.pricing ?? null,
            readySince: p.statusAt.toISOString(),
          })),
      }))
      .filter((h) => h.packages.length > 0),
  };
}

// ---- printing ---------------------------------------------------------------------------------------

/**
 * Records one print of each slip (count + time). Printing is bookkeeping, not an edit: like a wallet balance it
 * leaves the version (an open edit form's If-Match) alone. One audit row per slip.
 */
export async function recordPrints(app: FastifyInstance, req: FastifyRequest, ids: number[]): Promise<DeliverySlip[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return inWriteTransaction(app, req, def, async (ctx) => {
    const locked = await ctx.tx.select({ id: deliverySlips.id }).from(deliverySlips).where(inArray(deliverySlips.id, unique)).orderBy(asc(deliverySlips.id)).for('update');
    if (locked.length !== unique.length) {
      const missing = unique.filter((id) => !locked.some((l) => l.id === id));
      throw new HttpError(404, `Không tìm thấy phiếu giao ${missing.join(', ')}`);
    }
    const before = await slipsByIds(ctx.tx, unique);
    await ctx.tx
      .update(deliverySlips)
      .set({ printCount: sql`${deliverySlips.printCount} + 1`, lastPrintedAt: sql`now()` })
      .where(inArray(deliverySlips.id, unique));
    const after = await slipsByIds(ctx.tx, unique);
    for (let i = 0; i < after.length; i++) {
      await writeAudit(ctx.tx, ctx.meta, { action: 'print', entity: def.name, entityId: after[i]!.id, before: before[i], after: after[i] });
    }
    const byId = new Map(after.map((s) => [s.id, s]));
    return ids.filter((id, i) => ids.indexOf(id) === i).map((id) => byId.get(id)!);
  });
}

// ---- bulk creation ----------------------------------------------------------------------------------

interface BulkGroup {
  customer: SlipCustomer;
  rows: SlipPackageRow[];
}

/** Every ready, free package at the hub, per customer (optionally some customers, waiting at least N days). */
async function bulkGroups(db: Db, body: SlipBulkBody, lock: boolean): Promise<BulkGroup[]> {
  const [store] = await db.select({ id: stores.id, kind: stores.kind }).from(stores).where(eq(stores.id, body.storeId));
  if (!store) throw new HttpError(404, 'Không tìm thấy kho', undefined, [{ path: 'storeId', message: 'Không tìm thấy kho' }]);
  if (store.kind !== 'hub') throw new HttpError(400, 'Phiếu giao chỉ lập tại kho giao ở Việt Nam', undefined, [{ path: 'storeId', message: 'Phiếu giao chỉ lập tại kho giao ở Việt Nam' }]);
  const where = and(
    readyAndFree,
    eq(packages.destinationStoreId, body.storeId),
    sql`${packages.customerId} IS NOT NULL`,
    body.customerIds?.length ? inArray(packages.customerId, body.customerIds) : undefined,
    body.minWaitingDays > 0 ? sql`${packages.statusAt} <= now() - make_interval(days => ${body.minWaitingDays})` : undefined,
  );
  // Locked in id order, so a concurrent slip create (which locks its packages too) waits or is seen.
  if (lock) await db.select({ id: packages.id }).from(packages).where(where).orderBy(asc(packages.id)).for('update');
  const rows = (await db.select(readyFields).from(packages).where(where).orderBy(asc(packages.customerId), asc(packages.statusAt), asc(packages.id))) as SlipPackageRow[];
  if (!rows.length) return [];
  const customerIds = [...new Set(rows.map((r) => r.customerId!))];
  const customerRows = await db
    .select(slipCustomerFields)
    .from(customers)
    .where(and(inArray(customers.id, customerIds), isNull(customers.deletedAt)))
    .orderBy(asc(customers.id));
  const groups = new Map<number, BulkGroup>(customerRows.map((c) => [c.id, { customer: c, rows: [] }]));
  for (const r of rows) groups.get(r.customerId!)?.rows.push(r);
  return [...groups.values()].filter((g) => g.rows.length > 0);
}

/**
 * One pickup draft per customer with all their ready packages at the hub. Preview computes and writes nothing;
 * the commit does the same in one transaction — every slip, its packages and its audit row, or nothing.
 */
export async function bulkCreate(app: FastifyInstance, req: FastifyRequest, body: SlipBulkBody): Promise<SlipBulkResult> {
  const plan = async (db: Db, lock: boolean) => {
    const groups = await bulkGroups(db, body, lock);
    const now = Date.now();
    const lines = [];
    for (const g of groups) {
      const computed = await computeCharges(db, g.customer, g.rows, { method: 'pickup', receiverProvince: '', domesticFee: 0, surcharges: [], discount: null });
      lines.push({ g, computed, maxWaitingDays: Math.max(...g.rows.map((r) => Math.floor((now - r.statusAt.getTime()) / DAY_MS))) });
    }
    return lines;
  };
  const summarize = (lines: Awaited<ReturnType<typeof plan>>, made?: Array<{ id: number; code: string }>): SlipBulkResult => {
    const items = lines.map((l, i) => ({
      customerId: l.g.customer.id,
      customerCode: l.g.customer.code,
      customerName: l.g.customer.fullName,
      packageCount: l.g.rows.length,
      packageIds: l.g.rows.map((r) => r.id),
      maxWaitingDays: l.maxWaitingDays,
      total: l.computed.charges.total,
      walletCredit: l.computed.charges.walletCredit,
      amountToCollect: l.computed.charges.amountToCollect,
      slipId: made?.[i]?.id ?? null,
      slipCode: made?.[i]?.code ?? null,
    }));
    return {
      preview: !made,
      items,
      totals: {
        slips: items.length,
        packages: items.reduce((s, x) => s + x.packageCount, 0),
        total: items.reduce((s, x) => s + x.total, 0),
        amountToCollect: items.reduce((s, x) => s + x.amountToCollect, 0),
      },
    };
  };

  if (body.preview) return summarize(await plan(app.deps.database.db, false));

  return inWriteTransaction(app, req, def, async (ctx) => {
    const lines = await plan(ctx.tx, true);
    if (!lines.length) throw new HttpError(409, 'Không có kiện nào sẵn sàng giao phù hợp để lập phiếu', E.NOTHING_TO_CREATE);
    const codes = await nextSlipCodes(ctx.tx, lines.length);
    const made: Array<{ id: number; code: string }> = [];
    const CHUNK = 200;
    for (let i = 0; i < lines.length; i += CHUNK) {
      const chunk = lines.slice(i, i + CHUNK);
      const inserted = await ctx.tx
        .insert(deliverySlips)
        .values(
          chunk.map((l, k) => {
            const code = codes[i + k]!;
            const receiver = defaultReceiver(l.g.customer);
            const ch = l.computed.charges;
            return {
              code,
              customerId: l.g.customer.id,
              storeId: body.storeId,
              ...receiver,
              method: 'pickup' as const,
              packagesSubtotal: ch.packagesSubtotal,
              total: ch.total,
              walletCredit: ch.walletCredit,
              amountToCollect: ch.amountToCollect,
              searchText: slipSearchText({ code, ...receiver, carrierName: '', carrierTrackingNumber: '' }),
              createdBy: ctx.meta.actorId,
              updatedBy: ctx.meta.actorId,
            };
          }),
        )
        .returning({ id: deliverySlips.id, code: deliverySlips.code });
      // RETURNING follows the VALUES order.
      made.push(...inserted);
      const packageRows = chunk.flatMap((l, k) =>
        l.computed.lines.map((pl, position) => ({ slipId: inserted[k]!.id, packageId: pl.packageId, position, freight: pl.freight, amount: pl.amount })),
      );
      for (let j = 0; j < packageRows.length; j += 1000) await ctx.tx.insert(deliverySlipPackages).values(packageRows.slice(j, j + 1000));
    }
    const items = await slipsByIds(ctx.tx, made.map((m) => m.id));
    for (const item of items) await writeAudit(ctx.tx, ctx.meta, { action: 'create', entity: def.name, entityId: item.id, before: null, after: item });
    return summarize(lines, made);
  });
}

// ---- courier COD reconciliation ---------------------------------------------------------------------

/**
 * The carrier remitted the cash it collected on these delivered courier slips: each is marked reconciled with
 * the remittance reference and date. All or nothing: one slip that is not a delivered courier slip with COD
 * still owed → 409 naming every such slip, and nothing changes.
 */
export async function reconcile(app: FastifyInstance, req: FastifyRequest, body: SlipReconcileBody): Promise<DeliverySlip[]> {
  const ids = [...body.slipIds].sort((a, b) => a - b);
  return inWriteTransaction(app, req, def, async (ctx) => {
    const locked = await ctx.tx
      .select({ id: deliverySlips.id, code: deliverySlips.code, codOutstanding: deliverySlips.codOutstanding })
      .from(deliverySlips)
      .where(inArray(deliverySlips.id, ids))
      .orderBy(asc(deliverySlips.id))
      .for('update');
    const missing = ids.filter((id) => !locked.some((l) => l.id === id));
    if (missing.length) throw new HttpError(404, `Không tìm thấy phiếu giao ${missing.join(', ')}`);
    const refused = locked.filter((l) => !l.codOutstanding);
    if (refused.length) {
      throw new HttpError(
        409,
        `Chỉ đối soát được phiếu giao qua đơn vị vận chuyển đã giao, có tiền thu hộ chưa đối soát: ${refused.map((r) => r.code).join(', ')}`,
        E.NOT_RECONCILABLE,
        { slipIds: refused.map((r) => r.id) },
      );
    }
    const before = await slipsByIds(ctx.tx, ids);
    await ctx.tx
      .update(deliverySlips)
      .set({
        reconciledAt: body.reconciledAt ? new Date(body.reconciledAt) : sql`now()`,
        remittanceReference: body.remittanceReference,
        reconciledBy: ctx.meta.actorId,
        version: sql`${deliverySlips.version} + 1`,
        updatedAt: sql`now()`,
        updatedBy: ctx.meta.actorId,
      })
      .where(inArray(deliverySlips.id, ids));
    const after = await slipsByIds(ctx.tx, ids);
    for (let i = 0; i < after.length; i++) {
      await writeAudit(ctx.tx, ctx.meta, { action: 'reconcile', entity: def.name, entityId: after[i]!.id, before: before[i], after: after[i] });
    }
    return after;
  });
}

/** The customer's hand-over ratings, newest first (404 for an unknown customer, like ready-packages). */
export async function customerFeedback(db: Db, customerId: number): Promise<CustomerFeedbackList> {
  await findCustomer(db, customerId);
  const rows = await db
    .select({ slipId: deliveryFeedback.slipId, slipCode: deliverySlips.code, rating: deliveryFeedback.rating, comment: deliveryFeedback.comment, createdAt: deliveryFeedback.createdAt })
    .from(deliveryFeedback)
    .innerJoin(deliverySlips, eq(deliverySlips.id, deliveryFeedback.slipId))
    .where(eq(deliveryFeedback.customerId, customerId))
    .orderBy(desc(deliveryFeedback.createdAt), desc(deliveryFeedback.id))
    .limit(FEEDBACK_MAX);
  return { items: rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })) };
}

/** What each carrier still owes: the generated codOutstanding column (delivered courier slip, COD collected, not reconciled). */
export async function codByCarrier(db: Db): Promise<CodByCarrier> {
  const rows = await db
    .select({ carrierName: deliverySlips.carrierName, slips: sql<string>`count(*)`, amount: sql<string>`coalesce(sum(${deliverySlips.collectedAmount}), 0)` })
    .from(deliverySlips)
    .where(eq(deliverySlips.codOutstanding, true))
    .groupBy(deliverySlips.carrierName)
    .orderBy(sql`coalesce(sum(${deliverySlips.collectedAmount}), 0) DESC`, asc(deliverySlips.carrierName));
  return { items: rows.map((r) => ({ carrierName: r.carrierName, slips: Number(r.slips), amount: Number(r.amount) })) };
}
