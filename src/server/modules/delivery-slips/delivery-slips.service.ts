import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DELIVERY_SLIP_ERROR_CODES,
  SLIP_LATE_EDITABLE_FIELDS,
  type DeliverySlip,
  type DeliverySlipCreate,
  type DeliverySlipOrder,
  type DeliverySlipPackage,
  type DeliverySlipPatch,
  type SlipDiscountInput,
  type SlipPackageConflicts,
  type SlipQuote,
} from '../../../shared/contracts/delivery-slips';
import type { CustomerAddress } from '../../../shared/contracts/customers';
import {
  DELIVERY_SLIP_CHARGES_EDITABLE_STATUSES,
  DELIVERY_SLIP_STATUS_LABELS,
  isFinalSlipStatus,
} from '../../../shared/domain/delivery-slip-lifecycle';
import { FINAL_ORDER_STATUSES, orderDue } from '../../../shared/domain/order-lifecycle';
import type { PackageStatus } from '../../../shared/domain/package-status';
import type { CustomerGroup, FreightBasis } from '../../../shared/domain/pricing';
import {
  computeSlipCharges,
  domesticFeeFor,
  type DeliveryMethod,
  type DeliveryZone,
  type SlipCharges,
  type SlipOrderInput,
  type SlipSurcharge,
} from '../../../shared/domain/slip-charges';
import { foldVietnamese } from '../../../shared/text';
import type { Db } from '../../db/client';
import { customers, deliverySlipOrders, deliverySlipPackages, deliverySlips, orders, packages, stores } from '../../db/schema/index';
import { HttpError } from '../../lib/errors';
import type { UpdatePlan, WriteContext } from '../../lib/resource/define';
import { patchedFields } from '../../lib/resource/write';
import { paidSql } from '../orders/index';
import { domesticFeesInForce, freightFor } from './delivery-slips.pricing';

/**
 * The rules of a slip's contents and money: which packages may go on it, what it charges, and what a draft
 * save or a late correction may change. Create and PATCH run inside the resource machinery's transaction
 * (row lock, version check, one audit row); everything here writes through `ctx.tx`.
 */

const E = DELIVERY_SLIP_ERROR_CODES;

export function slipSearchText(s: { code: string; receiverName: string; receiverPhone: string; carrierName: string; carrierTrackingNumber: string }): string {
  return foldVietnamese([s.code, s.receiverName, s.receiverPhone, s.carrierName, s.carrierTrackingNumber].filter(Boolean).join(' '));
}

/** `PG` + YYMM (Vietnamese calendar) + `-` + the running number, at least 5 digits (never truncated). */
export async function nextSlipCodes(tx: Db, n: number): Promise<string[]> {
  if (n <= 0) return [];
  const res = (await tx.execute(sql`
    SELECT 'PG' || to_char(now() AT TIME ZONE 'Asia/Ho_Chi_Minh', 'YYMM') || '-' ||
           CASE WHEN v < 100000 THEN lpad(v::text, 5, '0') ELSE v::text END AS code
    FROM (SELECT nextval('delivery_slip_code_seq') AS v FROM generate_series(1, ${n})) s ORDER BY v`)) as unknown as { rows: Array<{ code: string }> };
  return res.rows.map((r) => r.code);
}

// ---- customer ---------------------------------------------------------------------------------------

export interface SlipCustomer {
  id: number;
  code: string;
  fullName: string;
  phone: string;
  province: string;
  addresses: CustomerAddress[];
  group: CustomerGroup;
  balance: number;
  creditLimit: number;
}

/** What a slip reads of its customer (receiver defaults, price group, wallet): one field set for every reader. */
export const slipCustomerFields = {
  id: customers.id,
  code: customers.code,
  fullName: customers.fullName,
  phone: customers.phone,
  province: customers.province,
  addresses: customers.addresses,
  group: customers.group,
  balance: customers.balance,
  creditLimit: customers.creditLimit,
};

export async function findCustomer(db: Db, id: number, lock = false): Promise<SlipCustomer> {
  const q = db
    .select(slipCustomerFields)
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new HttpError(404, 'Không tìm thấy khách hàng', undefined, [{ path: 'customerId', message: 'Không tìm thấy khách hàng' }]);
  return row;
}

/** The receiver a new slip starts with: the customer's default address (else the first), else the customer. */
export function defaultReceiver(c: SlipCustomer): { receiverName: string; receiverPhone: string; receiverAddress: string; receiverProvince: string } {
  const a = c.addresses.find((x) => x.isDefault) ?? c.addresses[0];
  return {
    receiverName: a?.receiver || c.fullName,
    receiverPhone: a?.phone || c.phone,
    receiverAddress: a?.address ?? '',
    receiverProvince: a?.province || c.province,
  };
}

// ---- packages ---------------------------------------------------------------------------------------

export interface SlipPackageRow {
  id: number;
  code: string;
  trackingNumber: string;
  status: PackageStatus;
  customerId: number | null;
  /** The hub it waits at (its destination store). */
  storeId: number | null;
  /** The warehouse it left from (the route's origin). */
  originStoreId: number | null;
  weightG: number | null;
  chargeableG: number | null;
  contents: string;
  originCountry: string | null;
  /** The open slip it is on, if any. */
  openSlipId: number | null;
  statusAt: Date;
}

// Spelled out: drizzle leaves a column of a join-less select unqualified, which inside a subquery would name the subquery's own table.
const originCountry = sql<string | null>`(SELECT s.country FROM stores s WHERE s.id = "packages"."store_id")`;
const openSlipOf = sql<number | null>`(SELECT sp.slip_id FROM delivery_slip_packages sp WHERE sp.package_id = "packages"."id" AND sp.open)`;

/**
 * The package columns a slip's charges are computed from (SlipPackageRow), for the service, the bulk action,
 * the create screen's ready list and the seed. `openSlipId`: the open slip the package is on; a caller that
 * only reads packages no open slip holds passes NULL.
 */
export function slipPackageFields(openSlipId: SQL<number | null> = openSlipOf) {
  return {
    id: packages.id,
    code: packages.code,
    trackingNumber: packages.trackingNumber,
    status: packages.status,
    customerId: packages.customerId,
    storeId: packages.destinationStoreId,
    originStoreId: packages.storeId,
    weightG: packages.weightG,
    chargeableG: packages.chargeableG,
    contents: packages.contents,
    originCountry,
    openSlipId,
    statusAt: packages.statusAt,
  };
}
const packageFields = slipPackageFields();

/** Package rows by id or by number (tracking number or package code), locked in id order when asked. */
async function loadPackages(tx: Db, ref: { packageIds?: number[]; trackingNumbers?: string[] }, lock: boolean): Promise<SlipPackageRow[]> {
  const where = ref.packageIds
    ? inArray(packages.id, ref.packageIds)
    : sql`(upper(${packages.trackingNumber}) IN ${ref.trackingNumbers!} OR ${packages.code} IN ${ref.trackingNumbers!})`;
  if (lock) {
    // Locked in id order: two requests locking overlapping sets cannot deadlock.
    await tx.select({ id: packages.id }).from(packages).where(and(where, isNull(packages.deletedAt))).orderBy(asc(packages.id)).for('update');
  }
  const rows = await tx.select(packageFields).from(packages).where(and(where, isNull(packages.deletedAt))).orderBy(asc(packages.id));
  return rows.map((r) => ({ ...r, openSlipId: r.openSlipId == null ? null : Number(r.openSlipId) }));
}

/**
 * The packages a slip asks for, in the order asked, checked: each exists, belongs to the customer, is `ready`
 * at a Vietnamese hub, all at the same hub, and is on no other open slip. Every problem is reported at once
 * (409 SLIP_PACKAGE_CONFLICT, details.conflicts), so the scan screen can mark each line.
 */
async function resolveSlipPackages(
  tx: Db,
  customer: SlipCustomer,
  ref: { packageIds?: number[]; trackingNumbers?: string[] },
  opts: { slipId?: number; storeId?: number; lock: boolean },
): Promise<{ storeId: number; rows: SlipPackageRow[] }> {
  const found = await loadPackages(tx, ref, opts.lock);
  const asked: string[] = ref.packageIds ? ref.packageIds.map(String) : ref.trackingNumbers!;
  const byKey = new Map<string, SlipPackageRow>();
  for (const p of found) {
    if (ref.packageIds) byKey.set(String(p.id), p);
    else {
      byKey.set(p.trackingNumber.toUpperCase(), p);
      byKey.set(p.code, p);
    }
  }
  const hubs = new Map((await tx.select({ id: stores.id, kind: stores.kind }).from(stores)).map((s) => [s.id, s.kind]));
  const conflicts: SlipPackageConflicts['conflicts'] = [];
  const rows: SlipPackageRow[] = [];
  let storeId = opts.storeId;
  for (const number of asked) {
    const p = byKey.get(number);
    if (!p) {
      conflicts.push({ number, packageId: null, reason: 'not_found', message: `Không tìm thấy kiện ${number}` });
      continue;
    }
    if (rows.some((r) => r.id === p.id)) continue;
    if (p.customerId !== customer.id) {
      conflicts.push({ number, packageId: p.id, reason: 'other_customer', message: `Kiện ${p.trackingNumber} không thuộc khách hàng ${customer.code}` });
    } else if (p.openSlipId !== null && p.openSlipId !== opts.slipId) {
      conflicts.push({ number, packageId: p.id, reason: 'on_other_slip', message: `Kiện ${p.trackingNumber} đã nằm trên một phiếu giao khác đang mở` });
    } else if (p.status !== 'ready') {
      conflicts.push({ number, packageId: p.id, reason: 'not_ready', message: `Kiện ${p.trackingNumber} chưa sẵn sàng giao (trạng thái hiện tại: ${p.status})` });
    } else if (p.storeId === null || hubs.get(p.storeId) !== 'hub') {
      conflicts.push({ number, packageId: p.id, reason: 'other_hub', message: `Kiện ${p.trackingNumber} chưa ở kho giao tại Việt Nam` });
    } else if (storeId !== undefined && p.storeId !== storeId) {
      conflicts.push({ number, packageId: p.id, reason: 'other_hub', message: `Kiện ${p.trackingNumber} ở kho khác: một phiếu giao chỉ gồm kiện của một kho` });
    } else {
      storeId ??= p.storeId;
      rows.push(p);
    }
  }
  if (conflicts.length) {
    const head = conflicts.length === 1 ? conflicts[0]!.message : `${conflicts.length} kiện không thể đưa lên phiếu giao: ${conflicts[0]!.message}`;
    throw new HttpError(409, head, E.PACKAGE_CONFLICT, { conflicts } satisfies SlipPackageConflicts);
  }
  return { storeId: storeId!, rows };
}

// ---- order lines -------------------------------------------------------------------------------------

const openSlipOfOrder = sql<number | null>`(SELECT so.slip_id FROM delivery_slip_orders so WHERE so.order_id = "orders"."id" AND so.open)`;

interface OrderRow {
  orderId: number;
  code: string;
  kind: DeliverySlipOrder['kind'];
  status: DeliverySlipOrder['status'];
  customerId: number;
  due: number;
  openSlipId: number | null;
}

async function loadOrders(db: Db, where: SQL | undefined): Promise<OrderRow[]> {
  const rows = await db
    .select({ orderId: orders.id, code: orders.code, kind: orders.kind, status: orders.status, customerId: orders.customerId, total: orders.total, paid: paidSql, openSlipId: openSlipOfOrder })
    .from(orders)
    // The join qualifies the columns: paidSql names "orders"."id" only in a select that has one (drizzle leaves a
    // join-less select's columns bare, and inside its subquery a bare "id" would be the transaction's).
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(where, isNull(orders.deletedAt)))
    .orderBy(asc(orders.id));
  return rows.map(({ total, paid, ...r }) => ({
    ...r,
    due: orderDue({ status: r.status, total, paid: Number(paid) }),
    openSlipId: r.openSlipId == null ? null : Number(r.openSlipId),
  }));
}

const orderLine = (o: OrderRow): DeliverySlipOrder => ({ orderId: o.orderId, code: o.code, kind: o.kind, status: o.status, amount: o.due });

/**
 * The customer's orders a slip may collect: still owing (due > 0), not completed or cancelled, on no open slip other
 * than `slipId`. Oldest first: the create screen offers them as order lines.
 */
export async function owingOrders(db: Db, customerId: number, slipId?: number): Promise<DeliverySlipOrder[]> {
  const rows = await loadOrders(db, and(eq(orders.customerId, customerId), sql`${orders.status} NOT IN ${FINAL_ORDER_STATUSES}`));
  return rows.filter((o) => o.due > 0 && (o.openSlipId === null || o.openSlipId === slipId)).map(orderLine);
}

/**
 * The order lines a slip asks for, in the order asked, each at what the order owes now, checked: it exists, is the
 * customer's, is not completed or cancelled, still owes, and is on no other open slip. Every problem at once, as
 * 409 SLIP_ORDER_CONFLICT naming `orderIds.i`. `dropSettled`: a line kept from an earlier save whose order has been
 * paid meanwhile leaves the slip instead of being refused (the charges then differ, and finalising says so).
 */
async function resolveSlipOrders(db: Db, customer: SlipCustomer, orderIds: readonly number[], opts: { slipId?: number; dropSettled?: boolean } = {}): Promise<OrderRow[]> {
  if (!orderIds.length) return [];
  const byId = new Map((await loadOrders(db, inArray(orders.id, [...orderIds]))).map((o) => [o.orderId, o]));
  const problems: Array<{ path: string; message: string }> = [];
  const rows: OrderRow[] = [];
  orderIds.forEach((id, i) => {
    const o = byId.get(id);
    const path = `orderIds.${i}`;
    if (!o) problems.push({ path, message: `Không tìm thấy đơn hàng #${id}` });
    else if (o.customerId !== customer.id) problems.push({ path, message: `Đơn ${o.code} không thuộc khách hàng ${customer.code}` });
    else if (o.openSlipId !== null && o.openSlipId !== opts.slipId) problems.push({ path, message: `Đơn ${o.code} đã nằm trên một phiếu giao khác đang mở` });
    else if (FINAL_ORDER_STATUSES.includes(o.status) || o.due <= 0) {
      if (!opts.dropSettled) problems.push({ path, message: `Đơn ${o.code} không còn khoản phải trả để thu` });
    } else rows.push(o);
  });
  if (problems.length) {
    const head = problems.length === 1 ? problems[0]!.message : `${problems.length} đơn hàng không thể thu trên phiếu giao: ${problems[0]!.message}`;
    throw new HttpError(409, head, E.ORDER_CONFLICT, problems);
  }
  return rows;
}

async function writeOrderLines(tx: Db, slipId: number, rows: readonly OrderRow[]): Promise<void> {
  if (!rows.length) return;
  await tx.insert(deliverySlipOrders).values(rows.map((o, position) => ({ slipId, orderId: o.orderId, position, amount: o.due })));
}

// ---- charges ----------------------------------------------------------------------------------------

export interface ChargeInput {
  method: DeliveryMethod;
  receiverProvince: string;
  /** null: the zone's fee from settings (courier). */
  domesticFee: number | null;
  surcharges: SlipSurcharge[];
  discount: SlipDiscountInput | null;
  /** Order lines collected with the slip (what each order owes). */
  orders?: readonly SlipOrderInput[];
}

export interface ComputedSlip {
  charges: SlipCharges;
  zone: DeliveryZone | null;
  /** Freight of each package, in the slip's order, with what it was billed by. */
  lines: Array<{ packageId: number; freight: number; amount: number; pricing: FreightBasis | null }>;
}

/** The charges of a slip from its packages, the pricing rule and what was typed; 400 naming each bad field. */
export async function computeCharges(db: Db, customer: SlipCustomer, rows: SlipPackageRow[], input: ChargeInput): Promise<ComputedSlip> {
  const freights = await freightFor(
    db,
    customer.group,
    rows.map((p) => ({ id: p.id, chargeableG: p.chargeableG, originStoreId: p.originStoreId, originCountry: p.originCountry, destinationStoreId: p.storeId })),
  );
  let zone: DeliveryZone | null = null;
  let fee = input.domesticFee ?? 0;
  if (input.method === 'courier') {
    const auto = domesticFeeFor(input.receiverProvince, await domesticFeesInForce(db));
    zone = auto.zone;
    if (input.domesticFee === null) fee = auto.fee;
  }
  const result = computeSlipCharges({
    packages: rows.map((p) => ({ packageId: p.id, freight: freights.get(p.id)?.amount ?? 0 })),
    method: input.method,
    domesticFee: fee,
    surcharges: input.surcharges,
    discount: input.discount ? (input.discount.kind === 'amount' ? { kind: 'amount', amount: input.discount.amount, reason: input.discount.reason } : { kind: 'percent', bps: input.discount.bps, reason: input.discount.reason }) : null,
    walletBalance: customer.balance,
    orders: input.orders ?? [],
  });
  if (!result.ok) {
    throw new HttpError(400, result.issues[0]!.message, undefined, result.issues.map((i) => ({ path: i.path, message: i.message })));
  }
  return {
    charges: result.charges,
    zone,
    lines: result.charges.lines.map((l) => ({ packageId: Number(l.packageId), freight: l.freight, amount: l.amount, pricing: freights.get(Number(l.packageId)) ?? null })),
  };
}

/** Column values of the money of a slip. */
function moneyColumns(c: ComputedSlip, input: ChargeInput) {
  const ch = c.charges;
  return {
    deliveryZone: c.zone,
    packagesSubtotal: ch.packagesSubtotal,
    domesticFee: ch.domesticFee,
    surcharges: input.surcharges,
    surchargesTotal: ch.surcharges,
    discountAmount: ch.discount,
    discountBps: ch.discountBps,
    discountReason: ch.discountReason,
    total: ch.total,
    ordersDue: ch.ordersDue,
    walletCredit: ch.walletCredit,
    amountToCollect: ch.amountToCollect,
  };
}

async function writePackageLines(tx: Db, slipId: number, lines: ComputedSlip['lines']): Promise<void> {
  if (!lines.length) return;
  await tx.insert(deliverySlipPackages).values(lines.map((l, position) => ({ slipId, packageId: l.packageId, position, freight: l.freight, amount: l.amount, pricing: l.pricing })));
}

function packageLine(p: SlipPackageRow, freight: number, amount: number, pricing: FreightBasis | null): DeliverySlipPackage {
  return { packageId: p.id, code: p.code, trackingNumber: p.trackingNumber, status: p.status, weightG: p.weightG, chargeableG: p.chargeableG, contents: p.contents, freight, surcharges: [], amount, pricing };
}

// ---- create / quote ---------------------------------------------------------------------------------

const orderInputs = (rows: readonly OrderRow[]): SlipOrderInput[] => rows.map((o) => ({ orderId: o.orderId, due: o.due }));

function chargeInputOf(input: DeliverySlipCreate, receiverProvince: string, orderRows: readonly OrderRow[]): ChargeInput {
  return { method: input.method, receiverProvince, domesticFee: input.domesticFee, surcharges: input.surcharges, discount: input.discount, orders: orderInputs(orderRows) };
}

/** What a create body would give now; nothing is written. `slipId`: an edit of that slip (its own packages are free). */
export async function quoteSlip(db: Db, input: DeliverySlipCreate, slipId?: number): Promise<SlipQuote> {
  const customer = await findCustomer(db, input.customerId);
  const { storeId, rows } = await resolveSlipPackages(db, customer, input, { lock: false, slipId });
  const receiverProvince = input.receiverProvince ?? defaultReceiver(customer).receiverProvince;
  const orderRows = await resolveSlipOrders(db, customer, input.orderIds ?? [], { slipId });
  const c = await computeCharges(db, customer, rows, chargeInputOf(input, receiverProvince, orderRows));
  const ch = c.charges;
  return {
    storeId,
    packages: rows.map((p, i) => packageLine(p, c.lines[i]!.freight, c.lines[i]!.amount, c.lines[i]!.pricing)),
    deliveryZone: c.zone,
    packagesSubtotal: ch.packagesSubtotal,
    domesticFee: ch.domesticFee,
    surchargesTotal: ch.surcharges,
    subtotal: ch.subtotal,
    discountAmount: ch.discount,
    discountBps: ch.discountBps,
    total: ch.total,
    orders: orderRows.map(orderLine),
    ordersDue: ch.ordersDue,
    walletBalance: ch.walletBalance,
    walletCredit: ch.walletCredit,
    amountToCollect: ch.amountToCollect,
  };
}

/** Create rule: a draft with its packages reserved and its charges computed. */
export async function createSlip(ctx: WriteContext, input: DeliverySlipCreate): Promise<number> {
  const customer = await findCustomer(ctx.tx, input.customerId);
  const { storeId, rows } = await resolveSlipPackages(ctx.tx, customer, input, { lock: true });
  const defaults = defaultReceiver(customer);
  const receiver = {
    receiverName: input.receiverName ?? defaults.receiverName,
    receiverPhone: input.receiverPhone ?? defaults.receiverPhone,
    receiverAddress: input.receiverAddress ?? defaults.receiverAddress,
    receiverProvince: input.receiverProvince ?? defaults.receiverProvince,
  };
  const orderRows = await resolveSlipOrders(ctx.tx, customer, input.orderIds ?? []);
  const chargeInput = chargeInputOf(input, receiver.receiverProvince, orderRows);
  const computed = await computeCharges(ctx.tx, customer, rows, chargeInput);
  const [code] = await nextSlipCodes(ctx.tx, 1);
  const [row] = await ctx.tx
    .insert(deliverySlips)
    .values({
      code: code!,
      customerId: customer.id,
      storeId,
      ...receiver,
      method: input.method,
      carrierName: input.carrierName,
      carrierTrackingNumber: input.carrierTrackingNumber,
      ...moneyColumns(computed, chargeInput),
      note: input.note,
      searchText: slipSearchText({ code: code!, ...receiver, carrierName: input.carrierName, carrierTrackingNumber: input.carrierTrackingNumber }),
      createdBy: ctx.meta.actorId,
      updatedBy: ctx.meta.actorId,
    })
    .returning({ id: deliverySlips.id });
  await writePackageLines(ctx.tx, row!.id, computed.lines);
  await writeOrderLines(ctx.tx, row!.id, orderRows);
  return row!.id;
}

// ---- update -----------------------------------------------------------------------------------------

function notEditable(slip: DeliverySlip, message: string): HttpError {
  return new HttpError(409, message, E.NOT_EDITABLE, { status: slip.status });
}

/** PATCH rule: a draft changes freely (charges recomputed); a ready/out-for-delivery slip only its receiver, carrier and note. */
export async function updateSlip(
  ctx: WriteContext,
  current: DeliverySlip,
  patch: DeliverySlipPatch,
): Promise<UpdatePlan & { lines: ComputedSlip['lines'] | null; orders: Array<{ orderId: number; amount: number }> | null }> {
  const label = DELIVERY_SLIP_STATUS_LABELS[current.status];
  if (isFinalSlipStatus(current.status)) throw notEditable(current, `Phiếu giao ${current.code} đang ở trạng thái "${label}": không thể sửa`);
  const sent = Object.keys(patch).filter((k) => (patch as Record<string, unknown>)[k] !== undefined);
  const money = sent.filter((k) => !(SLIP_LATE_EDITABLE_FIELDS as readonly string[]).includes(k));
  if (money.length && !DELIVERY_SLIP_CHARGES_EDITABLE_STATUSES.includes(current.status)) {
    throw notEditable(current, `Phiếu giao ${current.code} đang ở trạng thái "${label}": kiện hàng, hình thức giao và tiền chỉ sửa được khi phiếu còn nháp`);
  }
  const next = patchedFields(current, patch, [
    'receiverName',
    'receiverPhone',
    'receiverAddress',
    'receiverProvince',
    'carrierName',
    'carrierTrackingNumber',
    'note',
  ]);
  const set: Record<string, unknown> = { ...next, searchText: slipSearchText({ code: current.code, ...next }) };
  if (current.status !== 'draft') return { set, lines: null, orders: null };

  // A draft: recompute the charges from the packages, the pricing rule and the typed figures.
  const customer = await findCustomer(ctx.tx, current.customerId);
  const packagesChanged = patch.packageIds !== undefined || patch.trackingNumbers !== undefined;
  const ref = packagesChanged ? { packageIds: patch.packageIds, trackingNumbers: patch.trackingNumbers } : { packageIds: current.packages.map((p) => p.packageId) };
  const { storeId, rows } = await resolveSlipPackages(ctx.tx, customer, ref, { slipId: current.id, lock: true });
  const method = patch.method ?? current.method;
  const discount: SlipDiscountInput | null =
    patch.discount !== undefined
      ? patch.discount
      : current.discountBps !== null
        ? { kind: 'percent', bps: current.discountBps, reason: current.discountReason }
        : current.discountAmount > 0
          ? { kind: 'amount', amount: current.discountAmount, reason: current.discountReason }
          : null;
  // A fee typed earlier is kept unless the method or the province changes; null asks for the zone's fee again.
  const zoneInputsChanged = (patch.method !== undefined && patch.method !== current.method) || (patch.receiverProvince !== undefined && patch.receiverProvince !== current.receiverProvince);
  const domesticFee = patch.domesticFee !== undefined ? patch.domesticFee : method === 'pickup' ? 0 : zoneInputsChanged ? null : current.domesticFee;
  // Order lines sent replace the slip's; kept ones are re-read at what each order owes now (a settled one leaves).
  const orderRows = await resolveSlipOrders(ctx.tx, customer, patch.orderIds ?? current.orders.map((o) => o.orderId), { slipId: current.id, dropSettled: patch.orderIds === undefined });
  const chargeInput: ChargeInput = { method, receiverProvince: next.receiverProvince, domesticFee, surcharges: patch.surcharges ?? current.surcharges, discount, orders: orderInputs(orderRows) };
  const computed = await computeCharges(ctx.tx, customer, rows, chargeInput);

  const before = current.packages.map((p) => `${p.packageId}:${p.freight}:${p.amount}`).join(',');
  const after = computed.lines.map((l) => `${l.packageId}:${l.freight}:${l.amount}`).join(',');
  const ordersBefore = current.orders.map((o) => `${o.orderId}:${o.amount}`).join(',');
  const ordersAfter = orderRows.map((o) => `${o.orderId}:${o.due}`).join(',');
  const touched = before !== after || ordersBefore !== ordersAfter;
  if (before !== after) {
    await ctx.tx.delete(deliverySlipPackages).where(eq(deliverySlipPackages.slipId, current.id));
    await writePackageLines(ctx.tx, current.id, computed.lines);
  }
  if (ordersBefore !== ordersAfter) {
    await ctx.tx.delete(deliverySlipOrders).where(eq(deliverySlipOrders.slipId, current.id));
    await writeOrderLines(ctx.tx, current.id, orderRows);
  }
  return {
    set: { ...set, storeId, method, ...moneyColumns(computed, chargeInput) },
    touched,
    lines: computed.lines,
    orders: orderRows.map((o) => ({ orderId: o.orderId, amount: o.due })),
  };
}
