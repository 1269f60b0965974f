import { and, asc, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { slipFailedNote, slipStatusNote } from '../../../shared/domain/event-notes';
import { slipNote } from '../../../shared/domain/transaction-notes';
import { DEFAULT_IATA_CODE, type PackageStatus } from '../../../shared/domain/package-status';
import { DELIVERY_FAILURE_REASONS, type DeliverySlipStatus } from '../../../shared/domain/delivery-slip-lifecycle';
import { collectionType, type DeliveryMethod } from '../../../shared/domain/slip-charges';
import { refreshStatus } from '../../modules/packages/index';
import { postMovement } from '../../modules/transactions/index';
import { computeCharges, defaultReceiver, nextSlipCodes, type SlipCustomer, slipCustomerFields, slipPackageFields, type SlipPackageRow, slipSearchText } from '../../modules/delivery-slips/index';
import { writeContextIn } from '../../lib/write-context';
import type { Db } from '../client';
import { customers, deliveryFeedback, deliverySlipPackages, deliverySlips, packages, stores, trackingEvents, users } from '../schema/index';
import { rng, type Rng } from './names';

/**
 * 300 demo delivery slips across every status, consistent with the packages, their events and the ledger:
 * - every package the package seed left `on_slip` is on a `ready` slip and every `out_for_delivery` one on an
 *   `out_for_delivery` courier slip (one customer, one hub, up to three packages per slip);
 * - `delivered` slips hold delivered packages (courier slips: the seeded parcels went out with a carrier), and
 *   post their money through the ledger function, in time order after
 *   the customer's earlier rows: the collected amount (`cod` / `collection`) then the `payment` of the total;
 * - `draft` slips reserve ready packages (untouched); `failed` and `cancelled`-from-ready slips left events on
 *   their packages (on_slip, out for delivery, back to ready) which are ready again; cancelled drafts left none.
 * Charges come from the same module as the API (computeCharges), the wallet credit from the balance the
 * customer has at that point. Runs after the orders (their ledger comes first). Deterministic.
 */

const HOUR = 3_600_000;
const PER_SLIP = 3;
/** Slips of the statuses that take ready packages, and the total the delivered ones fill up to. */
const DRAFTS = 20;
const FAILED = 20;
const CANCELLED = 20;
const TOTAL = 300;

interface Pkg extends SlipPackageRow {
  hubId: number;
  hubName: string;
  /** Times (ms) of its newest event of each code. */
  at: Partial<Record<PackageStatus, number>>;
}

interface PlannedSlip {
  status: DeliverySlipStatus;
  method: DeliveryMethod;
  customer: SlipCustomer;
  pkgs: Pkg[];
  createdAt: number;
  statusAt: number;
  /** Events to add to its packages (failed / cancelled from ready). */
  events: Array<{ code: PackageStatus; at: number; step: DeliverySlipStatus; location: string }>;
  failureReason?: (typeof DELIVERY_FAILURE_REASONS)[number];
}

function chunks<T>(list: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += n) out.push(list.slice(i, i + n));
  return out;
}

/** Packages of one status grouped per customer and hub, each group cut into slips of up to PER_SLIP. */
function groupsOf(list: Pkg[]): Pkg[][] {
  const by = new Map<string, Pkg[]>();
  for (const p of list) {
    const key = `${p.customerId}:${p.hubId}`;
    if (!by.has(key)) by.set(key, []);
    by.get(key)!.push(p);
  }
  return [...by.values()].flatMap((g) => chunks(g, PER_SLIP));
}

const CARRIERS = ['Giao Hàng Nhanh', 'Viettel Post', 'J&T Express', 'Giao Hàng Tiết Kiệm'];

export async function seedDeliverySlips(db: Db): Promise<void> {
  const r: Rng = rng(1515);
  const now = Date.now();
  const hubRows = await db.select({ id: stores.id, name: stores.name }).from(stores).where(sql`${stores.kind} = 'hub'`);
  const hubName = new Map(hubRows.map((h) => [h.id, h.name]));
  const [admin] = await db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  const actor = admin?.id ?? null;

  // No slip exists yet while seeding, so no package is on an open one.
  const rows = await db
    .select(slipPackageFields(sql<number | null>`NULL::bigint`))
    .from(packages)
    .where(and(isNotNull(packages.customerId), isNull(packages.deletedAt), inArray(packages.status, ['ready', 'on_slip', 'out_for_delivery', 'delivered'])))
    .orderBy(asc(packages.id));
  const times = (await db.execute(sql`
    SELECT package_id, code, extract(epoch FROM max(occurred_at)) * 1000 AS at FROM tracking_events
    WHERE code IN ('ready', 'on_slip', 'out_for_delivery', 'delivered') GROUP BY package_id, code`)) as unknown as { rows: Array<{ package_id: string; code: PackageStatus; at: string }> };
  const at = new Map<number, Partial<Record<PackageStatus, number>>>();
  for (const t of times.rows) {
    const id = Number(t.package_id);
    if (!at.has(id)) at.set(id, {});
    at.get(id)![t.code] = Math.round(Number(t.at));
  }
  const pkgs: Pkg[] = rows
    .filter((p) => p.storeId !== null && hubName.has(p.storeId))
    .map((p) => ({ ...p, hubId: p.storeId!, hubName: hubName.get(p.storeId!)!, at: at.get(p.id) ?? {} }));

  const customerRows = await db
    .select(slipCustomerFields)
    .from(customers)
    .where(isNull(customers.deletedAt));
  const customerById = new Map(customerRows.map((c) => [c.id, c]));

  const byStatus = (s: PackageStatus) => pkgs.filter((p) => p.status === s);
  const plan: PlannedSlip[] = [];
  const courierOr = (p: number): DeliveryMethod => (r.next() < p ? 'courier' : 'pickup');

  // On a slip now: every on_slip and out_for_delivery package.
  for (const g of groupsOf(byStatus('on_slip'))) {
    const t = Math.max(...g.map((p) => p.at.on_slip ?? p.statusAt.getTime()));
    plan.push({ status: 'ready', method: courierOr(0.4), customer: customerById.get(g[0]!.customerId!)!, pkgs: g, createdAt: t - r.int(1, 6) * HOUR, statusAt: t, events: [] });
  }
  for (const g of groupsOf(byStatus('out_for_delivery'))) {
    const t = Math.max(...g.map((p) => p.at.out_for_delivery ?? p.statusAt.getTime()));
    const ready = Math.max(...g.map((p) => p.at.on_slip ?? t - 2 * HOUR));
    plan.push({ status: 'out_for_delivery', method: 'courier', customer: customerById.get(g[0]!.customerId!)!, pkgs: g, createdAt: ready - r.int(1, 6) * HOUR, statusAt: t, events: [] });
  }

  // From the ready packages: drafts, failed and cancelled slips (the rest stay free for new slips).
  const readyGroups = groupsOf(byStatus('ready'));
  let k = 0;
  const take = (n: number) => readyGroups.slice(k, (k += n));
  for (const g of take(DRAFTS)) {
    const t = Math.max(...g.map((p) => p.statusAt.getTime()));
    plan.push({ status: 'draft', method: courierOr(0.3), customer: customerById.get(g[0]!.customerId!)!, pkgs: g, createdAt: Math.min(now - 5 * 60_000, t + r.int(1, 24) * HOUR), statusAt: 0, events: [] });
  }
  const afterReady = (g: Pkg[], steps: number) => {
    // Steps spread between the package becoming ready and now; the last one puts it back to ready.
    const start = Math.max(...g.map((p) => p.statusAt.getTime()));
    const span = Math.max(steps * 60_000, now - 10 * 60_000 - start);
    return Array.from({ length: steps }, (_, i) => Math.round(start + (span * (i + 1)) / (steps + 1)));
  };
  for (const g of take(FAILED)) {
    const method = courierOr(0.6);
    const code = DELIVERY_FAILURE_REASONS[r.int(0, DELIVERY_FAILURE_REASONS.length - 1)]!;
    const ts = afterReady(g, method === 'courier' ? 3 : 2);
    const events: PlannedSlip['events'] = [{ code: 'on_slip', at: ts[0]!, step: 'ready', location: g[0]!.hubName }];
    if (method === 'courier') events.push({ code: 'out_for_delivery', at: ts[1]!, step: 'out_for_delivery', location: g[0]!.hubName });
    events.push({ code: 'ready', at: ts.at(-1)!, step: 'failed', location: g[0]!.hubName });
    plan.push({ status: 'failed', method, customer: customerById.get(g[0]!.customerId!)!, pkgs: g, createdAt: ts[0]! - HOUR, statusAt: ts.at(-1)!, events, failureReason: code });
  }
  for (const [i, g] of take(CANCELLED).entries()) {
    if (i % 2 === 0) {
      const t = afterReady(g, 1)[0]!;
      plan.push({ status: 'cancelled', method: 'pickup', customer: customerById.get(g[0]!.customerId!)!, pkgs: g, createdAt: t - 2 * HOUR, statusAt: t, events: [] });
    } else {
      const ts = afterReady(g, 2);
      const events: PlannedSlip['events'] = [
        { code: 'on_slip', at: ts[0]!, step: 'ready', location: g[0]!.hubName },
        { code: 'ready', at: ts[1]!, step: 'cancelled', location: g[0]!.hubName },
      ];
      plan.push({ status: 'cancelled', method: 'pickup', customer: customerById.get(g[0]!.customerId!)!, pkgs: g, createdAt: ts[0]! - HOUR, statusAt: ts[1]!, events });
    }
  }

  // Delivered: the most recent deliveries, up to the total.
  const deliveredGroups = groupsOf(byStatus('delivered'))
    .map((g) => ({ g, t: Math.max(...g.map((p) => p.at.delivered ?? p.statusAt.getTime())) }))
    .sort((a, b) => b.t - a.t)
    .slice(0, Math.max(0, TOTAL - plan.length))
    .sort((a, b) => a.t - b.t);
  for (const { g, t } of deliveredGroups) {
    const onSlip = Math.min(...g.map((p) => p.at.on_slip ?? t - 24 * HOUR));
    // The seeded delivered parcels all went out with a carrier (an out_for_delivery event): courier slips.
    plan.push({ status: 'delivered', method: 'courier', customer: customerById.get(g[0]!.customerId!)!, pkgs: g, createdAt: onSlip - r.int(1, 6) * HOUR, statusAt: t, events: [] });
  }

  // ---- charges and codes --------------------------------------------------------------------------
  const codes = await nextSlipCodes(db, plan.length);
  // The wallet the customer has as the slips are made, in time order (delivered slips move it).
  const balance = new Map(customerRows.map((c) => [c.id, c.balance]));
  const ordered = plan.map((s, i) => ({ s, code: codes[i]! })).sort((a, b) => a.s.statusAt - b.s.statusAt);
  const values: Array<typeof deliverySlips.$inferInsert> = [];
  const lines: Array<{ code: string; packageId: number; position: number; freight: number; amount: number; open: boolean }> = [];
  const money: Array<{ code: string; customerId: number; collected: number; total: number; method: 'cash' | 'bank_transfer'; type: 'cod' | 'collection'; at: number }> = [];
  const feedback: Array<{ code: string; customerId: number; rating: number; comment: string; at: number }> = [];
  // Carriers remit COD a couple of days after delivery; the newest courier deliveries are still owed, so the demo
  // has COD to reconcile (and the operations dashboard a figure to show).
  const unremitted = new Set(ordered.filter((o) => o.s.status === 'delivered' && o.s.method === 'courier').slice(-6).map((o) => o.code));
  for (const { s, code } of ordered) {
    const customer = { ...s.customer, balance: balance.get(s.customer.id)! };
    const receiver = defaultReceiver(customer);
    const computed = await computeCharges(db, customer, s.pkgs, { method: s.method, receiverProvince: receiver.receiverProvince, domesticFee: null, surcharges: [], discount: null });
    const ch = computed.charges;
    const open = s.status === 'draft' || s.status === 'ready' || s.status === 'out_for_delivery';
    computed.lines.forEach((l, position) => lines.push({ code, packageId: l.packageId, position, freight: l.freight, amount: l.amount, open }));
    const frozen = s.status !== 'draft' && !(s.status === 'cancelled' && !s.events.length);
    const carrierName = s.method === 'courier' ? r.pick(CARRIERS) : '';
    const carrierTrackingNumber = s.method === 'courier' && s.status !== 'draft' ? `${carrierName.slice(0, 1)}${r.int(100_000_000, 999_999_999)}VN` : '';
    let delivered: Partial<typeof deliverySlips.$inferInsert> = {};
    if (s.status === 'delivered') {
      // Most pay exactly what is due; some round up to the next 10,000 đ and leave the rest as credit.
      const due = ch.amountToCollect;
      const collected = due > 0 && r.next() < 0.25 ? Math.ceil(due / 10_000) * 10_000 + 10_000 : due;
      const method = s.method === 'courier' || r.next() < 0.6 ? 'cash' : 'bank_transfer';
      balance.set(customer.id, customer.balance + collected - ch.total);
      money.push({ code, customerId: customer.id, collected, total: ch.total, method, type: collectionType(s.method, method), at: s.statusAt });
      const reconciled = s.method === 'courier' && collected > 0 && s.statusAt < now - 3 * 24 * HOUR && !unremitted.has(code);
      delivered = {
        collectedAmount: collected,
        collectMethod: method,
        receivedBy: receiver.receiverName,
        deliveredAt: new Date(s.statusAt),
        deliveredBy: actor,
        ...(reconciled ? { reconciledAt: new Date(s.statusAt + 2 * 24 * HOUR), remittanceReference: `DS-${code.slice(2)}`, reconciledBy: actor } : {}),
      };
      if (r.next() < 0.6) feedback.push({ code, customerId: customer.id, rating: r.pick([5, 5, 5, 4, 4, 3, 2]), comment: r.pick(['', '', 'Giao nhanh, đóng gói cẩn thận', 'Nhân viên thân thiện', 'Hàng hơi trễ so với dự kiến']), at: s.statusAt });
    }
    values.push({
      code,
      customerId: customer.id,
      storeId: s.pkgs[0]!.hubId,
      ...receiver,
      method: s.method,
      carrierName,
      carrierTrackingNumber,
      status: s.status,
      statusAt: new Date(s.status === 'draft' ? s.createdAt : s.statusAt),
      failureReason: s.failureReason ?? null,
      deliveryZone: computed.zone,
      packagesSubtotal: ch.packagesSubtotal,
      domesticFee: ch.domesticFee,
      surchargesTotal: ch.surcharges,
      total: ch.total,
      walletCredit: ch.walletCredit,
      amountToCollect: ch.amountToCollect,
      chargesFrozenAt: frozen ? new Date(s.createdAt + 30 * 60_000) : null,
      printCount: frozen ? r.int(1, 2) : 0,
      lastPrintedAt: frozen ? new Date(s.createdAt + 35 * 60_000) : null,
      searchText: slipSearchText({ code, ...receiver, carrierName, carrierTrackingNumber }),
      version: 1 + (s.status === 'draft' ? 0 : s.events.length || (s.status === 'cancelled' ? 1 : s.status === 'ready' ? 1 : 2)),
      createdAt: new Date(s.createdAt),
      updatedAt: new Date(s.status === 'draft' ? s.createdAt : s.statusAt),
      createdBy: actor,
      updatedBy: actor,
      ...delivered,
    });
  }

  // ---- write --------------------------------------------------------------------------------------
  const ids = new Map<string, number>();
  for (const batch of chunks(values, 100)) {
    for (const row of await db.insert(deliverySlips).values(batch).returning({ id: deliverySlips.id, code: deliverySlips.code })) ids.set(row.code, row.id);
  }
  for (const batch of chunks(lines, 500)) {
    await db.insert(deliverySlipPackages).values(batch.map(({ code, ...l }) => ({ ...l, slipId: ids.get(code)! })));
  }
  if (feedback.length) {
    await db.insert(deliveryFeedback).values(feedback.map((f) => ({ slipId: ids.get(f.code)!, customerId: f.customerId, rating: f.rating, comment: f.comment, createdAt: new Date(f.at), createdBy: actor })));
  }

  // Events of failed and cancelled-from-ready slips (tracking events are append-only: only added).
  const eventRows = ordered.flatMap(({ s, code }) =>
    s.events.flatMap((e) =>
      s.pkgs.map((p) => ({ packageId: p.id, code: e.code, iataCode: DEFAULT_IATA_CODE[e.code] ?? null, location: e.location, ...(e.step === 'failed' && s.failureReason ? slipFailedNote(code, s.failureReason) : slipStatusNote(code, e.step)), occurredAt: new Date(e.at), createdAt: new Date(e.at), actorId: actor, visibility: 'public' as const })),
    ),
  );
  for (const batch of chunks(eventRows, 1000)) await db.insert(trackingEvents).values(batch);
  await refreshStatus(db, [...new Set(eventRows.map((e) => e.packageId))]);

  // Money of the delivered slips through the ledger function, in time order, after each customer's earlier rows
  // (the orders' ledger): a row's time is the hand-over, or just after the customer's last row if that is later.
  const lastAt = new Map(
    (
      (await db.execute(sql`SELECT customer_id, extract(epoch FROM max(created_at)) * 1000 AS at FROM transactions GROUP BY customer_id`)) as unknown as {
        rows: Array<{ customer_id: string; at: string }>;
      }
    ).rows.map((x) => [Number(x.customer_id), Math.ceil(Number(x.at))]),
  );
  const ctx = writeContextIn(db);
  for (const m of money) {
    const ref = { referenceType: 'delivery_slip' as const, referenceId: ids.get(m.code)!, reference: m.code };
    let t = Math.max(m.at, (lastAt.get(m.customerId) ?? 0) + 1000);
    if (m.collected > 0) {
      await postMovement(ctx, { customerId: m.customerId, type: m.type, amount: m.collected, method: m.method, ...ref, ...slipNote('slip_collected', m.code), at: new Date(t) });
      t += 1000;
    }
    if (m.total > 0) {
      await postMovement(ctx, { customerId: m.customerId, type: 'payment', amount: m.total, method: m.method, ...ref, ...slipNote('slip_payment', m.code), at: new Date(t) });
    }
    lastAt.set(m.customerId, t);
  }
}
