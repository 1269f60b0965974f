import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Employee, EmployeeCreate, EmployeePatch } from '../../../shared/contracts/employees';
import { foldVietnamese } from '../../../shared/text';
import type { Db } from '../../db/client';
import { employees, stores, users } from '../../db/schema/index';
import { fieldError, HttpError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { RequestWriteContext, UpdatePlan, WriteContext } from '../../lib/resource/define';
import { mailOrigin } from '../../plugins/hosts';
import { requestPasswordReset, revokeUserSessions } from '../auth/index';

/**
 * Employee rules: codes, the store reference, and the sign-in account that goes with an employee
 * (created without a usable password and a reset link e-mailed; disabled, demoted or deleted with every
 * session revoked at once; never by its own user, never leaving the console without an enabled Admin).
 */

function employeeSearchText(e: Pick<Employee, 'code' | 'fullName' | 'phone' | 'email' | 'position'>, accountEmail?: string | null): string {
  return foldVietnamese([e.code, e.fullName, e.phone, e.email ?? '', e.position, accountEmail ?? ''].filter(Boolean).join(' '));
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/**
 * The next "NV" + 4 digits. Codes written by hand (the demo seed, an older database) may be ahead of the
 * sequence; then the sequence is moved past them first.
 */
async function nextEmployeeCode(db: Db): Promise<string> {
  const [row] = rowsOf<{ n: number; max: number }>(
    await db.execute(sql`SELECT nextval('employee_code_seq')::int AS n,
      coalesce((SELECT max(substring(code from 3)::int) FROM employees WHERE code ~ '^NV[0-9]{4}$'), 0) AS max`),
  );
  let n = Number(row!.n);
  if (n <= Number(row!.max)) {
    const [moved] = rowsOf<{ n: number }>(await db.execute(sql`SELECT setval('employee_code_seq', ${Number(row!.max) + 1})::int AS n`));
    n = Number(moved!.n);
  }
  return `NV${String(n).padStart(4, '0')}`;
}

/** Where the reset link should point when PUBLIC_URL is not configured: the console the admin is using. */
/** The origin for a link in mail: one rule for every mail (PUBLIC_URL, else an allowed host, else 400). */
export function originOf(req: FastifyRequest): string {
  return mailOrigin(req);
}

/** A new account's password: an argon2id hash of a secret nobody is told, so only the reset link opens it. */
async function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}


async function assertStore(db: Db, storeId: number | null | undefined) {
  if (storeId == null) return;
  const [s] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  if (!s) throw fieldError(400, 'storeId', 'Kho không tồn tại');
}

async function assertAccountEmailFree(db: Db, email: string, exceptUserId?: number) {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptUserId ? ne(users.id, exceptUserId) : undefined));
  if (other) throw fieldError(409, 'account.email', 'Email đăng nhập này đã được dùng cho một tài khoản khác');
}

/** Locks the enabled Admin accounts (so two demotions cannot race) and refuses to remove the last one. */
async function assertAnotherAdmin(db: Db, userId: number) {
  const admins = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM users WHERE role = 'Admin' AND enabled FOR UPDATE`));
  if (!admins.some((a) => Number(a.id) !== userId)) {
    throw new HttpError(409, 'Phải còn ít nhất một tài khoản Admin đang hoạt động');
  }
}

async function insertAccount(ctx: RequestWriteContext, employeeId: number, fullName: string, account: { email: string; role: 'Admin' | 'Staff'; enabled: boolean }) {
  await assertAccountEmailFree(ctx.tx, account.email);
  const passwordHash = await unusablePasswordHash();
  await ctx.tx.insert(users).values({
    email: account.email,
    passwordHash,
    role: account.role,
    fullName,
    employeeId,
    enabled: account.enabled,
    createdBy: ctx.meta.actorId,
    updatedBy: ctx.meta.actorId,
  });
  if (account.enabled) {
    // Decided before the commit: a host that may not go into the link refuses the whole request.
    const origin = originOf(ctx.req);
    ctx.afterCommit(() => requestPasswordReset(ctx.app, account.email, ctx.meta, origin));
  }
}

export async function createEmployee(ctx: RequestWriteContext, input: EmployeeCreate): Promise<number> {
  await assertStore(ctx.tx, input.storeId);
  const accountEmail = input.account ? (input.account.email ?? input.email) : null;
  if (input.account && !accountEmail) throw fieldError(400, 'account.email', 'Cần email để tạo tài khoản đăng nhập');
  const { account, ...fields } = input;
  const code = await nextEmployeeCode(ctx.tx);
  const [row] = await ctx.tx
    .insert(employees)
    .values({
      ...fields,
      code,
      searchText: employeeSearchText({ ...fields, code }, accountEmail),
      createdBy: ctx.meta.actorId,
      updatedBy: ctx.meta.actorId,
    })
    .returning({ id: employees.id });
  if (account) {
    // An employee who has left cannot sign in, whatever the form said.
    await insertAccount(ctx, row!.id, input.fullName, { email: accountEmail!, role: account.role, enabled: account.enabled && input.status === 'active' });
  }
  return row!.id;
}

export async function updateEmployee(ctx: RequestWriteContext, current: Employee, patch: EmployeePatch): Promise<UpdatePlan> {
  const { account: accountPatch, ...rest } = patch;
  const changes = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Omit<EmployeePatch, 'account'>;
  if (changes.storeId !== undefined && changes.storeId !== current.storeId) await assertStore(ctx.tx, changes.storeId);
  const merged = { ...current, ...changes };
  const inactive = merged.status === 'inactive';
  let touched = false;
  let accountEmail = current.account?.email ?? null;

  if (current.account) {
    const acc = current.account;
    if (accountPatch?.email === null) throw fieldError(400, 'account.email', 'Tài khoản đăng nhập cần có email');
    if (inactive && accountPatch?.enabled === true) {
      throw fieldError(409, 'account.enabled', 'Nhân viên đã nghỉ: hãy chuyển về "Đang làm việc" trước khi bật tài khoản');
    }
    const next = {
      email: accountPatch?.email ?? acc.email,
      role: accountPatch?.role ?? acc.role,
      enabled: inactive ? false : (accountPatch?.enabled ?? acc.enabled),
    };
    const losesAdmin = acc.role === 'Admin' && acc.enabled && (next.role !== 'Admin' || !next.enabled);
    if (acc.userId === ctx.meta.actorId && (losesAdmin || (acc.enabled && !next.enabled))) {
      throw new HttpError(409, 'Bạn không thể tự khóa, cho nghỉ hay hạ quyền tài khoản của chính mình');
    }
    if (losesAdmin) await assertAnotherAdmin(ctx.tx, acc.userId);
    if (next.email !== acc.email) await assertAccountEmailFree(ctx.tx, next.email, acc.userId);
    const set: Partial<typeof users.$inferInsert> = {};
    if (next.email !== acc.email) set.email = next.email;
    if (next.role !== acc.role) set.role = next.role;
    if (next.enabled !== acc.enabled) set.enabled = next.enabled;
    touched = Object.keys(set).length > 0;
    if (merged.fullName !== current.fullName) set.fullName = merged.fullName;
    if (Object.keys(set).length) {
      await ctx.tx
        .update(users)
        .set({ ...set, version: sql`${users.version} + 1`, updatedAt: sql`now()`, updatedBy: ctx.meta.actorId })
        .where(eq(users.id, acc.userId));
    }
    if ((acc.enabled && !next.enabled) || next.role !== acc.role) {
      // A role lives in the access token: sign the person out so the next token carries the new one.
      await revokeUserSessions(ctx.tx, acc.userId, !next.enabled ? (inactive ? 'employee_inactive' : 'account_disabled') : 'role_changed');
    }
    accountEmail = next.email;
  } else if (accountPatch) {
    const email = accountPatch.email ?? merged.email;
    if (!email) throw fieldError(400, 'account.email', 'Cần email để tạo tài khoản đăng nhập');
    if (inactive && accountPatch.enabled === true) {
      throw fieldError(409, 'account.enabled', 'Nhân viên đã nghỉ: hãy chuyển về "Đang làm việc" trước khi bật tài khoản');
    }
    await insertAccount(ctx, current.id, merged.fullName, { email, role: accountPatch.role ?? 'Staff', enabled: !inactive && (accountPatch.enabled ?? true) });
    touched = true;
    accountEmail = email;
  }
  return { set: { ...changes, searchText: employeeSearchText(merged, accountEmail) }, touched };
}

/** Before the soft delete: the account goes dark and every session ends. */
export async function removeEmployee(ctx: WriteContext, current: Employee): Promise<void> {
  const acc = current.account;
  if (!acc) return;
  if (acc.userId === ctx.meta.actorId) throw new HttpError(409, 'Bạn không thể xóa hồ sơ nhân viên của chính mình');
  if (acc.role === 'Admin' && acc.enabled) await assertAnotherAdmin(ctx.tx, acc.userId);
  if (acc.enabled) {
    await ctx.tx
      .update(users)
      .set({ enabled: false, version: sql`${users.version} + 1`, updatedAt: sql`now()`, updatedBy: ctx.meta.actorId })
      .where(eq(users.id, acc.userId));
  }
  await revokeUserSessions(ctx.tx, acc.userId, 'employee_deleted');
}
