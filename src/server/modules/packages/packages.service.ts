import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { ImportFieldError } from '../../../shared/contracts/import';
import type { Package, PackageCreate, PackagePatch } from '../../../shared/contracts/packages';
import { PACKAGE_STATUS_LABELS } from '../../../shared/contracts/packages';
import type { FieldError } from '../../../shared/contracts/resource';
import { MAWB_EDITABLE_PACKAGES_STATUSES, MAWB_STATUS_LABELS } from '../../../shared/domain/mawb-lifecycle';
import { ORDER_STATUS_LABELS } from '../../../shared/domain/order-lifecycle';
import { DELETABLE_STATUSES, type PackageStatus } from '../../../shared/domain/package-status';
import { parcelFigures, weightRulesFrom, type WeightRules } from '../../../shared/domain/weight';
import { foldVietnamese } from '../../../shared/text';
import type { Db } from '../../db/client';
import { customers, mawbs, orders, packages, stores } from '../../db/schema/index';
import { fieldError, HttpError } from '../../lib/errors';
import { settingsInForce } from '../../lib/settings';
import type { UpdatePlan, WriteContext } from '../../lib/resource/define';
import { appendEvent } from './packages.events';

/** A package's identity with its customer's code and name, as package lists show it (customers joined on the package's customer). */
export const packageWithCustomerFields = {
  id: packages.id,
  code: packages.code,
  trackingNumber: packages.trackingNumber,
  customerId: packages.customerId,
  customerCode: customers.code,
  customerName: customers.fullName,
};

/**
 * Package rules: codes, the unique tracking number, references (customer, stores), the weights computed
 * from the `shipping` settings, and the folded text `q` searches. The status is not theirs: it follows
 * the events (packages.events.ts).
 */

export const UNIQUE_FIELDS: Record<string, FieldError> = {
  packages_tracking_number_uq: { path: 'trackingNumber', message: 'Mã vận đơn này đã có trong hệ thống' },
};


function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export function packageSearchText(p: { code: string; trackingNumber: string; customerCode?: string | null; contents: string }): string {
  return foldVietnamese([p.code, p.trackingNumber, p.customerCode ?? '', p.contents].filter(Boolean).join(' '));
}

/**
 * The next "PK" + 8 digits; taken before the insert so the search text can include it. Codes already in
 * the table may be ahead of the sequence (a restored backup carries rows, not sequence positions): then
 * the sequence is moved past them. max(code) is one step down the unique index (codes are fixed-width).
 */
export async function nextPackageCode(db: Db): Promise<string> {
  const [row] = rowsOf<{ n: number; max: string | null }>(
    await db.execute(sql`SELECT nextval('package_code_seq')::int AS n, (SELECT max(code) FROM packages WHERE code LIKE 'PK%') AS max`),
  );
  let n = Number(row!.n);
  const highest = row!.max && /^PK\d{8}$/.test(row!.max) ? Number(row!.max.slice(2)) : 0;
  if (n <= highest) {
    const [moved] = rowsOf<{ n: number }>(await db.execute(sql`SELECT setval('package_code_seq', ${highest + 1})::int AS n`));
    n = Number(moved!.n);
  }
  return `PK${String(n).padStart(8, '0')}`;
}

const SHIPPING_SETTINGS = { kind: 'shipping', divisorKey: 'volumetric_divisor', stepKey: 'weight_rounding_step_g' } as const;

/** The volumetric divisor and rounding step in force today (settings rows are effective-dated). */
export async function shippingRules(db: Db): Promise<WeightRules> {
  const inForce = await settingsInForce(db, SHIPPING_SETTINGS.kind, { keys: [SHIPPING_SETTINGS.divisorKey, SHIPPING_SETTINGS.stepKey] });
  return weightRulesFrom(inForce.get(SHIPPING_SETTINGS.divisorKey)?.value, inForce.get(SHIPPING_SETTINGS.stepKey)?.value);
}

// One settings read per write (one transaction), however many packages an import creates in it.
const rulesByRequest = new WeakMap<object, Promise<WeightRules>>();
function rulesFor(ctx: WriteContext): Promise<WeightRules> {
  let p = rulesByRequest.get(ctx);
  if (!p) {
    p = shippingRules(ctx.tx);
    rulesByRequest.set(ctx, p);
  }
  return p;
}

interface Measured {
  weightG: number | null;
  lengthMm?: number | null;
  widthMm?: number | null;
  heightMm?: number | null;
}

/** Volumetric and chargeable weight by the shared rule (parcelFigures): a weight alone is billed as it is. */
export function figuresFor(m: Measured, rules: WeightRules): { volumetricG: number | null; chargeableG: number | null } {
  return parcelFigures(m, rules);
}

export interface CustomerHit {
  id: number;
  code: string;
}

/** A customer by code ("KH000123") or suite code, not deleted; the code as written on a parcel. */
export async function customerByCode(db: Db, code: string): Promise<CustomerHit | undefined> {
  const [hit] = await db
    .select({ id: customers.id, code: customers.code })
    .from(customers)
    .where(and(or(eq(customers.code, code), eq(customers.suiteCode, code)), isNull(customers.deletedAt)))
    .orderBy(sql`${customers.code} = ${code} DESC`)
    .limit(1);
  return hit;
}

async function customerById(db: Db, id: number): Promise<CustomerHit> {
  const [hit] = await db
    .select({ id: customers.id, code: customers.code })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)));
  if (!hit) throw fieldError(400, 'customerId', 'Khách hàng không tồn tại hoặc đã bị xóa');
  return hit;
}

/** The customer of a create or receive: by id, by code, or none. */
async function resolveCustomer(db: Db, id: number | null | undefined, code: string | undefined): Promise<CustomerHit | null> {
  if (id != null) return customerById(db, id);
  if (code === undefined) return null;
  const hit = await customerByCode(db, code);
  if (!hit) throw fieldError(400, 'customerCode', `Không tìm thấy khách hàng có mã hoặc mã suite ${code}`);
  return hit;
}

export interface StoreRow {
  id: number;
  code: string;
  name: string;
  kind: 'origin' | 'hub';
  status: 'active' | 'inactive';
}

/** A store a package may point at: `origin` for where it is received, `hub` for where it goes. */
export async function assertStore(db: Db, storeId: number | null | undefined, path: string, kind: 'origin' | 'hub'): Promise<StoreRow | null> {
  if (storeId == null) return null;
  const [s] = await db
    .select({ id: stores.id, code: stores.code, name: stores.name, kind: stores.kind, status: stores.status })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!s) throw fieldError(400, path, 'Kho không tồn tại');
  if (s.kind !== kind) {
    throw fieldError(400, path, kind === 'origin' ? `${s.name} không phải kho nước ngoài` : `${s.name} không phải kho Việt Nam`);
  }
  if (s.status !== 'active') throw fieldError(400, path, `${s.name} đã ngừng hoạt động`);
  return s;
}

/** 409 on the field when a live package already has this number. */
async function assertTrackingFree(db: Db, trackingNumber: string, exceptId?: number): Promise<void> {
  const [other] = await db
    .select({ code: packages.code, status: packages.status })
    .from(packages)
    .where(and(eq(packages.trackingNumber, trackingNumber), isNull(packages.deletedAt), exceptId ? ne(packages.id, exceptId) : undefined));
  if (other) {
    throw fieldError(409, 'trackingNumber', `Mã vận đơn ${trackingNumber} đã thuộc kiện ${other.code} (${PACKAGE_STATUS_LABELS[other.status]})`);
  }
}

function assertDeclared(v: { declaredValue: number | null; declaredCurrency: string | null }) {
  if (v.declaredValue != null && !v.declaredCurrency) throw fieldError(400, 'declaredCurrency', 'Chọn loại tiền của giá trị khai báo');
}

/** Received (or further) with nobody to hand it to: the warehouse must find its owner. */
export function isUnidentified(customerId: number | null, status: PackageStatus): boolean {
  return customerId == null && status !== 'expected';
}

/**
 * Rule: a parcel goes on an order of its own customer, and only while the order is open — the same rules as
 * attaching it from the order page; a parcel with no customer yet becomes the order's customer's. Changing the
 * customer of a parcel on an order is refused for the same reason. Returns the customer the parcel then has.
 */
async function assertOrderFits(db: Db, orderId: number | null | undefined, customerId: number | null): Promise<number | null> {
  if (orderId == null) return customerId;
  const [o] = await db
    .select({ code: orders.code, customerId: orders.customerId, status: orders.status, customerCode: customers.code })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.id, orderId), isNull(orders.deletedAt)));
  if (!o) throw fieldError(400, 'orderId', 'Đơn hàng không tồn tại hoặc đã bị xóa');
  if (o.status === 'completed' || o.status === 'cancelled') {
    throw fieldError(409, 'orderId', `Đơn ${o.code} đã ở trạng thái "${ORDER_STATUS_LABELS[o.status]}": không gắn thêm kiện`);
  }
  if (customerId != null && customerId !== o.customerId) {
    throw fieldError(409, 'orderId', `Đơn ${o.code} thuộc khách hàng ${o.customerCode ?? o.customerId}, không phải khách hàng của kiện`);
  }
  return o.customerId;
}

export async function createPackage(ctx: WriteContext, input: PackageCreate): Promise<number> {
  const { tx } = ctx;
  const named = await resolveCustomer(tx, input.customerId, input.customerCode);
  const owner = await assertOrderFits(tx, input.orderId, named?.id ?? null);
  const customer = named ?? (owner == null ? null : await customerById(tx, owner));
  await assertStore(tx, input.storeId, 'storeId', 'origin');
  await assertStore(tx, input.destinationStoreId, 'destinationStoreId', 'hub');
  await assertTrackingFree(tx, input.trackingNumber);
  assertDeclared(input);
  const figures = figuresFor(input, await rulesFor(ctx));
  const code = await nextPackageCode(tx);
  const { customerCode: _code, customerId: _id, ...fields } = input;
  const [row] = await tx
    .insert(packages)
    .values({
      ...fields,
      ...figures,
      code,
      customerId: customer?.id ?? null,
      searchText: packageSearchText({ code, trackingNumber: input.trackingNumber, customerCode: customer?.code, contents: input.contents }),
      createdBy: ctx.meta.actorId,
      updatedBy: ctx.meta.actorId,
    })
    .returning({ id: packages.id });
  // A package starts with its first event: the number is announced, the parcel not yet in hand.
  await appendEvent(ctx, row!.id, { code: 'expected', noteCode: 'package_created' });
  return row!.id;
}

export async function updatePackage(ctx: WriteContext, current: Package, patch: PackagePatch): Promise<UpdatePlan> {
  const { tx } = ctx;
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as PackagePatch;
  if (changes.trackingNumber !== undefined && changes.trackingNumber !== current.trackingNumber) {
    await assertTrackingFree(tx, changes.trackingNumber, current.id);
  }
  let customerCode = current.customer?.code ?? null;
  if (changes.customerId !== undefined && changes.customerId !== current.customerId) {
    customerCode = changes.customerId === null ? null : (await customerById(tx, changes.customerId)).code;
  }
  const orderId = changes.orderId !== undefined ? changes.orderId : current.orderId;
  const customerId = changes.customerId !== undefined ? changes.customerId : current.customerId;
  if ((changes.orderId !== undefined && changes.orderId !== current.orderId) || (changes.customerId !== undefined && changes.customerId !== current.customerId)) {
    if (changes.customerId === null && orderId != null) {
      throw fieldError(409, 'customerId', 'Kiện đang thuộc một đơn hàng: hãy gỡ kiện khỏi đơn trước khi bỏ khách hàng');
    }
    const owner = await assertOrderFits(tx, orderId, customerId);
    if (customerId == null && owner != null) {
      changes.customerId = owner;
      customerCode = (await customerById(tx, owner)).code;
    }
  }
  if (changes.storeId !== undefined && changes.storeId !== current.storeId) await assertStore(tx, changes.storeId, 'storeId', 'origin');
  if (changes.destinationStoreId !== undefined && changes.destinationStoreId !== current.destinationStoreId) {
    await assertStore(tx, changes.destinationStoreId, 'destinationStoreId', 'hub');
  }
  const merged = { ...current, ...changes };
  assertDeclared(merged);
  const remeasured = ['weightG', 'lengthMm', 'widthMm', 'heightMm'].some((k) => k in changes);
  if (current.mawbId != null && (['weightG', 'lengthMm', 'widthMm', 'heightMm'] as const).some((k) => k in changes && changes[k] !== current[k])) {
    await assertMeasuresOpen(tx, current);
  }
  return {
    set: {
      ...changes,
      ...(remeasured ? figuresFor(merged, await rulesFor(ctx)) : {}),
      unidentified: isUnidentified(merged.customerId, current.status),
      searchText: packageSearchText({ code: current.code, trackingNumber: merged.trackingNumber, customerCode, contents: merged.contents }),
    },
  };
}

/**
 * Rule: once its MAWB is manifested, a parcel's weight and sizes are the manifest's (what the airline and
 * customs were given); re-weighing it then is a 409 naming the MAWB, never a silent change of the manifest.
 */
async function assertMeasuresOpen(tx: Db, current: Package): Promise<void> {
  const [m] = await tx.select({ awbNumber: mawbs.awbNumber, status: mawbs.status }).from(mawbs).where(eq(mawbs.id, current.mawbId!));
  if (!m || MAWB_EDITABLE_PACKAGES_STATUSES.includes(m.status)) return;
  throw new HttpError(
    409,
    `Kiện ${current.code} nằm trong MAWB ${m.awbNumber} đã ở trạng thái "${MAWB_STATUS_LABELS[m.status]}": không thể sửa cân nặng hoặc kích thước vì manifest đã lập`,
    'PACKAGE_MANIFESTED',
    { mawbId: current.mawbId, awbNumber: m.awbNumber, status: m.status },
  );
}

export async function removePackage(_ctx: WriteContext, current: Package): Promise<void> {
  if (current.mawbId != null) throw new HttpError(409, `Kiện ${current.code} đang nằm trong một MAWB: hãy gỡ khỏi MAWB trước khi xóa`);
  if (!DELETABLE_STATUSES.includes(current.status)) {
    throw new HttpError(409, `Không thể xóa kiện ${current.code} ở trạng thái "${PACKAGE_STATUS_LABELS[current.status]}"`);
  }
}

/** Import checks across the file and against the database: numbers unique, customer codes known. */
export async function checkPackageImport(db: Db, rows: Array<{ index: number; row: number; data: PackageCreate }>): Promise<Map<number, ImportFieldError[]>> {
  const errors = new Map<number, ImportFieldError[]>();
  const add = (index: number, e: ImportFieldError) => errors.set(index, [...(errors.get(index) ?? []), e]);
  const firstRow = new Map<string, number>();
  for (const { index, row, data } of rows) {
    const first = firstRow.get(data.trackingNumber);
    if (first !== undefined) add(index, { field: 'trackingNumber', message: `Trùng với dòng ${first} trong tệp` });
    else firstRow.set(data.trackingNumber, row);
  }
  const numbers = [...firstRow.keys()];
  const taken = numbers.length
    ? await db
        .select({ trackingNumber: packages.trackingNumber, code: packages.code })
        .from(packages)
        .where(and(inArray(packages.trackingNumber, numbers), isNull(packages.deletedAt)))
    : [];
  const takenBy = new Map(taken.map((t) => [t.trackingNumber, t.code]));
  const codes = [...new Set(rows.map((r) => r.data.customerCode).filter((c): c is string => !!c))];
  const known = codes.length
    ? await db
        .select({ code: customers.code, suiteCode: customers.suiteCode })
        .from(customers)
        .where(and(or(inArray(customers.code, codes), inArray(customers.suiteCode, codes)), isNull(customers.deletedAt)))
    : [];
  const knownCodes = new Set(known.flatMap((k) => [k.code, k.suiteCode]).filter(Boolean));
  for (const { index, data } of rows) {
    const owner = takenBy.get(data.trackingNumber);
    if (owner) add(index, { field: 'trackingNumber', message: `Mã vận đơn đã thuộc kiện ${owner}` });
    if (data.customerCode && !knownCodes.has(data.customerCode)) {
      add(index, { field: 'customerCode', message: `Không tìm thấy khách hàng có mã hoặc mã suite ${data.customerCode}` });
    }
  }
  return errors;
}
