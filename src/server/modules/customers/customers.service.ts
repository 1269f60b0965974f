import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Customer, CustomerCreate, CustomerPatch } from '../../../shared/contracts/customers';
import type { ImportFieldError } from '../../../shared/contracts/import';
import type { FieldError } from '../../../shared/contracts/resource';
import { formatMoney } from '../../../shared/domain/money-input';
import { foldVietnamese } from '../../../shared/text';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/index';
import { HttpError } from '../../lib/errors';
import type { UpdatePlan, WriteContext } from '../../lib/resource/define';

/** Customer rules: codes, uniqueness of e-mail and suite code, and the folded text `q` searches. */

type Searchable = Pick<Customer, 'code' | 'fullName' | 'phone' | 'email' | 'suiteCode' | 'province' | 'note'> & {
  addresses: ReadonlyArray<{ receiver: string; phone: string; address: string; province: string }>;
};

export function customerSearchText(c: Searchable): string {
  const parts = [c.code, c.fullName, c.phone, c.email ?? '', c.suiteCode ?? '', c.province];
  for (const a of c.addresses) parts.push(a.receiver, a.phone, a.address, a.province);
  return foldVietnamese([...new Set(parts.filter(Boolean))].join(' '));
}

/** The next "KH" + 6 digits; taken before the insert so the search text can include it. */
async function nextCustomerCode(db: Db): Promise<string> {
  const [row] = await db.execute<{ code: string }>(sql`SELECT 'KH' || lpad(nextval('customer_code_seq')::text, 6, '0') AS code`).then((r) => rowsOf<{ code: string }>(r));
  return row!.code;
}

/** node-postgres answers { rows }, PGlite an object with rows too; both shapes end here. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export const UNIQUE_FIELDS: Record<string, FieldError> = {
  customers_email_uq: { path: 'email', message: 'Email này đã được dùng cho một khách hàng khác' },
  customers_suite_code_uq: { path: 'suiteCode', message: 'Mã suite này đã được dùng cho một khách hàng khác' },
};

async function assertUnique(db: Db, values: { email?: string | null; suiteCode?: string | null }, exceptId?: number) {
  const problems: FieldError[] = [];
  if (values.email) {
    const [other] = await db
      .select({ code: customers.code, fullName: customers.fullName })
      .from(customers)
      .where(and(eq(customers.email, values.email), isNull(customers.deletedAt), exceptId ? ne(customers.id, exceptId) : undefined));
    if (other) problems.push({ path: 'email', message: `Email này đã được dùng cho khách hàng ${other.code} (${other.fullName})` });
  }
  if (values.suiteCode) {
    // Suite codes stay reserved by deleted customers: parcels addressed to them may still arrive.
    const [other] = await db
      .select({ code: customers.code, fullName: customers.fullName })
      .from(customers)
      .where(and(eq(customers.suiteCode, values.suiteCode), exceptId ? ne(customers.id, exceptId) : undefined));
    if (other) problems.push({ path: 'suiteCode', message: `Mã suite này đã thuộc về khách hàng ${other.code} (${other.fullName})` });
  }
  if (problems.length) throw new HttpError(409, problems[0]!.message, undefined, problems);
}

export async function createCustomer(ctx: WriteContext, input: CustomerCreate): Promise<number> {
  await assertUnique(ctx.tx, input);
  const code = await nextCustomerCode(ctx.tx);
  const [row] = await ctx.tx
    .insert(customers)
    .values({
      ...input,
      code,
      searchText: customerSearchText({ ...input, code }),
      createdBy: ctx.meta.actorId,
      updatedBy: ctx.meta.actorId,
    })
    .returning({ id: customers.id });
  return row!.id;
}

export async function updateCustomer(ctx: WriteContext, current: Customer, patch: CustomerPatch): Promise<UpdatePlan> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as CustomerPatch;
  await assertUnique(
    ctx.tx,
    {
      email: changes.email !== undefined && changes.email !== current.email ? changes.email : undefined,
      suiteCode: changes.suiteCode !== undefined && changes.suiteCode !== current.suiteCode ? changes.suiteCode : undefined,
    },
    current.id,
  );
  // `current` was read under the row lock the wallet also takes, so this balance cannot move meanwhile.
  if (changes.creditLimit !== undefined && current.balance < -changes.creditLimit) {
    const message = `Khách hàng đang nợ ${formatMoney(-current.balance, 'VND', 'vi')}: hạn mức công nợ không thể thấp hơn số nợ hiện tại`;
    throw new HttpError(409, message, undefined, [{ path: 'creditLimit', message }]);
  }
  const merged = { ...current, ...changes };
  return { set: { ...changes, searchText: customerSearchText(merged) } };
}

/** A customer whose wallet is not settled keeps the money trail visible: no delete until the balance is 0. */
export async function removeCustomer(_ctx: WriteContext, current: Customer): Promise<void> {
  if (current.balance !== 0) {
    throw new HttpError(409, `Không thể xóa khách hàng ${current.code}: ví còn số dư ${formatMoney(current.balance, 'VND', 'vi')}, hãy tất toán trước`);
  }
}

/** Import checks across the file and against the database: e-mails and suite codes must stay unique. */
export async function checkCustomerImport(db: Db, rows: Array<{ index: number; row: number; data: CustomerCreate }>): Promise<Map<number, ImportFieldError[]>> {
  const errors = new Map<number, ImportFieldError[]>();
  const add = (index: number, e: ImportFieldError) => errors.set(index, [...(errors.get(index) ?? []), e]);
  const seen = { email: new Map<string, number>(), suiteCode: new Map<string, number>() };
  for (const { index, row, data } of rows) {
    for (const field of ['email', 'suiteCode'] as const) {
      const v = data[field];
      if (!v) continue;
      const first = seen[field].get(v);
      if (first !== undefined) add(index, { field, message: `Trùng với dòng ${first} trong tệp` });
      else seen[field].set(v, row);
    }
  }
  const emails = [...seen.email.keys()];
  const suites = [...seen.suiteCode.keys()];
  const takenEmails = emails.length
    ? await db.select({ v: customers.email, code: customers.code }).from(customers).where(and(inArray(customers.email, emails), isNull(customers.deletedAt)))
    : [];
  const takenSuites = suites.length
    ? await db.select({ v: customers.suiteCode, code: customers.code }).from(customers).where(inArray(customers.suiteCode, suites))
    : [];
  for (const { index, data } of rows) {
    const e = takenEmails.find((t) => t.v === data.email);
    if (e) add(index, { field: 'email', message: `Email đã được dùng cho khách hàng ${e.code}` });
    const s = takenSuites.find((t) => t.v === data.suiteCode);
    if (s) add(index, { field: 'suiteCode', message: `Mã suite đã thuộc về khách hàng ${s.code}` });
  }
  return errors;
}
