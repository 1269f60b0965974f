import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../lib/passwords';
import type { TestContext } from '../../test/harness';

/** Helpers shared by the auth API tests (not shipped: nothing in the server imports this file). */

let ipCounter = 0;
/** A fresh client address per call, so the per-IP limits of one test never bleed into another. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(process.pid >> 8) & 255}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

let userCounter = 0;
/** A dedicated account, so a test that changes a password or disables someone touches nobody else. */
export async function createUser(
  ctx: TestContext,
  opts: { role?: 'Admin' | 'Staff'; enabled?: boolean; password?: string; employeeCode?: string } = {},
): Promise<TestUser> {
  userCounter++;
  const email = `user${userCounter}.${randomBytes(3).toString('hex')}@cargo.test`;
  const password = opts.password ?? `Matkhau${userCounter}x9`;
  let employeeId: number | null = null;
  if (opts.employeeCode) {
    const rows = await ctx.database.query<{ id: number }>('SELECT id FROM employees WHERE code = $1', [opts.employeeCode]);
    employeeId = rows[0]!.id;
  }
  const rows = await ctx.database.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, role, full_name, employee_id, enabled)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [email, await hashPassword(password), opts.role ?? 'Staff', `Người dùng ${userCounter}`, employeeId, opts.enabled ?? true],
  );
  return { id: rows[0]!.id, email, password };
}

export interface Session {
  token: string;
  refreshToken: string;
}

export async function signIn(ctx: TestContext, email: string, password: string, ip = freshIp()): Promise<Session> {
  const res = await ctx.request({ method: 'POST', url: '/api/auth/login', token: null, remoteAddress: ip, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { token: body.token, refreshToken: body.refreshToken };
}

export function refreshCall(ctx: TestContext, refreshToken: string, bearer: string | null, ip = freshIp()): Promise<LightMyRequestResponse> {
  return ctx.request({ method: 'POST', url: '/api/auth/refresh-token', token: bearer, remoteAddress: ip, payload: { refreshToken } });
}

/**
 * Waits until the wall clock enters the next whole second. Access tokens carry `iat` in seconds, so a
 * token issued before a revocation is only distinguishable from one issued after it in an earlier second.
 */
export async function nextSecond(): Promise<void> {
  const wait = 1000 - (Date.now() % 1000) + 20;
  await new Promise((r) => setTimeout(r, wait));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

export async function auditRows(ctx: TestContext, action: string) {
  return ctx.database.query<{ actor_id: number | null; actor_email: string | null; entity: string; entity_id: string | null; after: unknown; ip: string | null }>(
    'SELECT actor_id, actor_email, entity, entity_id, after, ip FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );
}
