import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Role } from '../../../shared/auth';
import {
  AUTH_ERROR_CODES,
  INVALID_CREDENTIALS_MESSAGE,
  passwordProblem,
  type AuthUser,
  type ChangePasswordBody,
  type ChangePasswordResponse,
  type LoginBody,
  type LoginEnrolConfirmResponse,
  type LoginMfaBody,
  type LoginResponse,
  type MePatch,
  type MfaChallenge,
  type RecoveryCodesResponse,
  type TwoFactorDisableBody,
  type TwoFactorEnrolment,
  type RefreshResponse,
} from '../../../shared/contracts/auth';
import { foldVietnamese } from '../../../shared/text';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';
import { authFailures, employees, passwordResetTokens, refreshTokens, stores, users } from '../../db/schema/index';
import { writeAudit, type RequestMeta } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { mailerFor, type Mailer } from '../../lib/mail';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { TokenSigner } from '../../lib/tokens';
import { forgetFamilyState, forgetSessionState } from '../../plugins/auth';
import {
  confirmEnrolment,
  MFA_TOKEN_TTL_SECONDS,
  mfaCodeInvalid,
  removeTwoFactor,
  secondStepFor,
  signMfaToken,
  startEnrolment,
  twoFactorEnabled,
  twoFactorKeys,
  twoFactorPolicy,
  verifyMfaToken,
  verifyTotpCode,
  useRecoveryCode,
  type TwoFactorKeys,
} from './two-factor.service';
import { twoFactorRequiredFor } from '../../../shared/two-factor';

/** A retried refresh within this time of the rotation gets the same successor instead of tripping reuse. */
const REFRESH_GRACE_MS = 10_000;
const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_THRESHOLD = 10;
const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** Reset mails one account may receive per hour, whoever asks for them and from wherever. */
export const RESET_MAILS_PER_HOUR = 5;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** 256 random bits, base64url: the refresh and reset tokens. */
const newOpaqueToken = () => randomBytes(32).toString('base64url');

const emailKeyOf = (email: string) => email.trim().toLowerCase();

// ---------------------------------------------------------------------------------------------------------
// Errors. The credential failure is one constant so that every failing case answers the very same bytes.

const invalidCredentials = () => new HttpError(401, INVALID_CREDENTIALS_MESSAGE, AUTH_ERROR_CODES.INVALID_CREDENTIALS);
const refreshInvalid = () =>
  new HttpError(401, 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại', AUTH_ERROR_CODES.REFRESH_TOKEN_INVALID);
const resetInvalid = () =>
  new HttpError(400, 'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn', AUTH_ERROR_CODES.RESET_TOKEN_INVALID);

function lockedError(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new HttpError(
    429,
    `Tài khoản tạm thời bị khoá do đăng nhập sai nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
    AUTH_ERROR_CODES.ACCOUNT_LOCKED,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

// ---------------------------------------------------------------------------------------------------------

export interface AuthDeps {
  database: Database;
  config: Config;
  signer: TokenSigner;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** Key that derives a refresh token's successor from the token itself (HMAC), so none is stored in clear. */
  successorKey: Buffer;
  /** Keys of the stored TOTP secrets and of the challenge token between the two sign-in steps. */
  twoFactor: TwoFactorKeys;
}

export function authDepsFor(app: FastifyInstance): AuthDeps {
  return {
    database: app.deps.database,
    config: app.deps.config,
    signer: app.deps.signer,
    log: app.log,
    mailer: mailerFor(app),
    successorKey: createHmac('sha256', app.deps.jwtSecret).update('cargo-console/refresh-successor/v1').digest(),
    twoFactor: twoFactorKeys(app.deps.jwtSecret),
  };
}

const successorOf = (deps: AuthDeps, parent: string) =>
  createHmac('sha256', deps.successorKey).update(parent).digest('base64url');

// A real argon2id hash of nothing anyone knows, so an unknown e-mail costs one verification like a known one.
let dummyHash: Promise<string> | undefined;
export function warmDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

async function transaction<T>(database: Database, fn: (db: Db) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => fn(tx as unknown as Db));
}

// ---------------------------------------------------------------------------------------------------------
// The user as the API shows it.

export async function loadAuthUser(db: Db, userId: number): Promise<AuthUser | null> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      employeeId: employees.id,
      employeeCode: employees.code,
      employeeFullName: employees.fullName,
      employeePhone: employees.phone,
      employeePosition: employees.position,
      storeId: stores.id,
      storeCode: stores.code,
      storeName: stores.name,
    })
    .from(users)
    .leftJoin(employees, eq(employees.id, users.employeeId))
    .leftJoin(stores, eq(stores.id, employees.storeId))
    .where(eq(users.id, userId));
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    email: r.email,
    fullName: r.fullName,
    role: r.role,
    employee:
      r.employeeId == null
        ? null
        : {
            id: r.employeeId,
            code: r.employeeCode!,
            fullName: r.employeeFullName!,
            phone: r.employeePhone!,
            position: r.employeePosition!,
          },
    store: r.storeId == null ? null : { id: r.storeId, code: r.storeCode!, name: r.storeName! },
  };
}

interface Account {
  id: number;
  email: string;
  role: Role;
  enabled: boolean;
  passwordHash: string;
  fullName: string;
}

const accountColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  enabled: users.enabled,
  passwordHash: users.passwordHash,
  fullName: users.fullName,
};

async function accountByEmail(db: Db, email: string): Promise<Account | undefined> {
  const rows = await db.select(accountColumns).from(users).where(sql`lower(${users.email}) = ${emailKeyOf(email)}`);
  return rows[0];
}

async function accountById(db: Db, id: number): Promise<Account | undefined> {
  const rows = await db.select(accountColumns).from(users).where(eq(users.id, id));
  return rows[0];
}

// ---------------------------------------------------------------------------------------------------------
// Lockout: LOCKOUT_THRESHOLD failures for one e-mail within LOCKOUT_WINDOW_MS lock it, known or not.

/** Seconds until the e-mail may try again, or 0 when it is not locked. */
async function lockoutRemaining(db: Db, emailKey: string, now = Date.now()): Promise<number> {
  const rows = await db
    .select({ at: authFailures.at })
    .from(authFailures)
    .where(and(eq(authFailures.emailKey, emailKey), sql`${authFailures.at} > ${new Date(now - LOCKOUT_WINDOW_MS).toISOString()}::timestamptz`))
    .orderBy(desc(authFailures.at))
    .limit(1)
    .offset(LOCKOUT_THRESHOLD - 1);
  const tenth = rows[0];
  if (!tenth) return 0;
  // Unlocks when the failure that completed the count leaves the window.
  return Math.max(1, Math.ceil((tenth.at.getTime() + LOCKOUT_WINDOW_MS - now) / 1000));
}

async function assertNotLocked(deps: AuthDeps, emailKey: string) {
  const remaining = await lockoutRemaining(deps.database.db, emailKey);
  if (remaining > 0) throw lockedError(remaining);
}

async function recordFailure(
  deps: AuthDeps,
  meta: RequestMeta,
  emailKey: string,
  account: Account | undefined,
  reason: string,
  action = 'login_failed',
) {
  const now = Date.now();
  await transaction(deps.database, async (db) => {
    await db.insert(authFailures).values({ emailKey, ip: meta.ip, at: new Date(now) });
    await writeAudit(db, meta, {
      action,
      entity: 'auth',
      entityId: account?.id ?? null,
      actorId: account?.id ?? null,
      actorEmail: emailKey,
      after: { reason },
    });
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(authFailures)
      .where(and(eq(authFailures.emailKey, emailKey), sql`${authFailures.at} > ${new Date(now - LOCKOUT_WINDOW_MS).toISOString()}::timestamptz`));
    if (n === LOCKOUT_THRESHOLD) {
      await writeAudit(db, meta, {
        action: 'login_locked',
        entity: 'auth',
        entityId: account?.id ?? null,
        actorId: account?.id ?? null,
        actorEmail: emailKey,
        after: { failures: n, windowMinutes: LOCKOUT_WINDOW_MS / 60_000 },
      });
    }
  });
  // Housekeeping, rarely: failures older than a day count for nothing.
  if (Math.random() < 0.02) {
    await deps.database.db.delete(authFailures).where(lt(authFailures.at, new Date(now - 86_400_000)));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Refresh-token families.

async function startFamily(
  deps: AuthDeps,
  db: Db,
  userId: number,
  now: number,
  meta?: RequestMeta,
): Promise<{ token: string; familyId: string }> {
  const token = newOpaqueToken();
  const familyId = randomUUID();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256(token),
    parentId: null,
    createdAt: new Date(now),
    expiresAt: new Date(now + deps.config.REFRESH_TOKEN_TTL),
    familyExpiresAt: new Date(now + deps.config.REFRESH_TOKEN_ABSOLUTE_TTL),
    userAgent: meta?.userAgent ?? null,
    ip: meta?.ip ?? null,
  });
  return { token, familyId };
}

/**
 * Revokes every session of a user at once: all refresh-token families, and (through the session cut-off the
 * global auth hook checks) every access token issued before now. Call it inside the transaction that
 * disables the user or changes their password; it writes no audit row (the caller's change has one).
 */
export async function revokeUserSessions(db: Db, userId: number, reason: string): Promise<void> {
  const now = new Date();
  await db
    .update(refreshTokens)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  // The clock of this process, like the `iat` it is compared with (not the database's).
  await db.execute(sql`UPDATE users SET sessions_valid_after = ${now.toISOString()}::timestamptz WHERE id = ${userId}`);
  forgetSessionState(userId);
}

// ---------------------------------------------------------------------------------------------------------
// Sign in, refresh, sign out.

/**
 * The first sign-in step. A right password gives a session at once, unless the account has a second factor (answer:
 * the MFA_REQUIRED challenge) or the office's policy requires one it has not enrolled (MFA_ENROL_REQUIRED). A
 * challenge starts no session and clears no failure count: the code guesses that follow count towards the lockout.
 */
export async function login(deps: AuthDeps, body: LoginBody, meta: RequestMeta): Promise<LoginResponse | MfaChallenge> {
  const emailKey = emailKeyOf(body.email);
  await assertNotLocked(deps, emailKey);
  const account = await accountByEmail(deps.database.db, emailKey);
  // Always one argon2id verification, whatever the account's state, so timing tells nothing.
  const passwordOk = await verifyPassword(account?.passwordHash ?? (await warmDummyHash()), body.password);
  if (!account || !account.enabled || !passwordOk) {
    const reason = !account ? 'unknown_email' : !account.enabled ? 'disabled' : 'wrong_password';
    await recordFailure(deps, meta, emailKey, account, reason);
    throw invalidCredentials();
  }
  const next = await secondStepFor(deps.database.db, account.id, account.role);
  if (next !== 'none') {
    await writeAudit(deps.database.db, meta, {
      action: next === 'code' ? 'login_mfa_challenged' : 'login_mfa_enrol_required',
      entity: 'auth',
      entityId: account.id,
      actorId: account.id,
      actorEmail: account.email,
    });
    return next === 'code'
      ? {
          message: 'Vui lòng nhập mã xác thực hai bước',
          code: 'MFA_REQUIRED',
          mfaToken: await signMfaToken(deps.twoFactor, account.id, 'mfa'),
          expiresIn: MFA_TOKEN_TTL_SECONDS,
        }
      : {
          message: 'Tài khoản cần bật xác thực hai bước trước khi đăng nhập',
          code: 'MFA_ENROL_REQUIRED',
          mfaToken: await signMfaToken(deps.twoFactor, account.id, 'enrol'),
          expiresIn: MFA_TOKEN_TTL_SECONDS,
        };
  }
  return startSession(deps, account, meta);
}

/** The end of every successful sign-in: failures forgotten, a new refresh-token family, the login answer. */
async function startSession(deps: AuthDeps, account: Account, meta: RequestMeta, secondFactor?: string): Promise<LoginResponse> {
  const emailKey = emailKeyOf(account.email);
  const now = Date.now();
  const session = await transaction(deps.database, async (db) => {
    await db.delete(authFailures).where(eq(authFailures.emailKey, emailKey));
    await db.update(users).set({ lastLoginAt: new Date(now) }).where(eq(users.id, account.id));
    // Families past their absolute expiry are dead weight.
    await db
      .delete(refreshTokens)
      .where(and(eq(refreshTokens.userId, account.id), lt(refreshTokens.familyExpiresAt, new Date(now - 86_400_000))));
    const started = await startFamily(deps, db, account.id, now, meta);
    await writeAudit(db, meta, {
      action: 'login',
      entity: 'auth',
      entityId: account.id,
      actorId: account.id,
      actorEmail: account.email,
      ...(secondFactor ? { after: { secondFactor } } : {}),
    });
    return started;
  });
  const data = (await loadAuthUser(deps.database.db, account.id))!;
  const { token } = await deps.signer.sign({ id: account.id, role: account.role, email: account.email }, session.familyId);
  return { token, refreshToken: session.token, data, role: account.role };
}

/** The challenge's account, still enabled and not locked out; anything else is the same 401 as a stale token. */
async function challengedAccount(deps: AuthDeps, mfaToken: string, purpose: 'mfa' | 'enrol'): Promise<Account> {
  const userId = await verifyMfaToken(deps.twoFactor, mfaToken, purpose);
  const account = await accountById(deps.database.db, userId);
  if (!account || !account.enabled) throw new HttpError(401, 'Phiên xác thực hai bước đã hết hạn, vui lòng đăng nhập lại', AUTH_ERROR_CODES.MFA_TOKEN_INVALID);
  await assertNotLocked(deps, emailKeyOf(account.email));
  return account;
}

/**
 * The second sign-in step: a code from the app (each 30-second step once) or one unused recovery code. A wrong one
 * is a failed sign-in of the account's e-mail, counted with wrong passwords towards the same lockout.
 */
export async function loginMfa(deps: AuthDeps, body: LoginMfaBody, meta: RequestMeta): Promise<LoginResponse> {
  const account = await challengedAccount(deps, body.mfaToken, 'mfa');
  const db = deps.database.db;
  const ok = body.code !== undefined
    ? await verifyTotpCode(db, deps.twoFactor, account.id, body.code)
    : await useRecoveryCode(db, account.id, body.recoveryCode!);
  if (!ok) {
    await recordFailure(deps, meta, emailKeyOf(account.email), account, body.code !== undefined ? 'wrong_mfa_code' : 'wrong_recovery_code', 'login_mfa_failed');
    throw mfaCodeInvalid();
  }
  return startSession(deps, account, meta, body.code !== undefined ? 'totp' : 'recovery_code');
}

/** Enrolment at sign-in, for an account the policy requires it of: the key to scan. */
export async function loginEnrolStart(deps: AuthDeps, mfaToken: string): Promise<TwoFactorEnrolment> {
  const account = await challengedAccount(deps, mfaToken, 'enrol');
  return startEnrolment(deps.database.db, deps.twoFactor, account.id, account.email);
}

/** Enrolment at sign-in, proved by a first code: two-factor on, the session, and the recovery codes shown once. */
export async function loginEnrolConfirm(
  deps: AuthDeps,
  body: { mfaToken: string; code: string },
  meta: RequestMeta,
): Promise<LoginEnrolConfirmResponse> {
  const account = await challengedAccount(deps, body.mfaToken, 'enrol');
  const recoveryCodes = await enableTwoFactor(deps, account, body.code, meta, true);
  return { ...(await startSession(deps, account, meta, 'totp')), recoveryCodes };
}

async function enableTwoFactor(deps: AuthDeps, account: Account, code: string, meta: RequestMeta, atSignIn: boolean): Promise<string[]> {
  const codes = await transaction(deps.database, async (db) => {
    const issued = await confirmEnrolment(db, deps.twoFactor, account.id, code);
    if (issued) {
      await writeAudit(db, meta, { action: 'two_factor_enabled', entity: 'users', entityId: account.id, actorId: account.id, actorEmail: account.email, after: { atSignIn } });
    }
    return issued;
  });
  if (!codes) {
    // At sign-in the caller holds only a password so far: a wrong code there counts like one at the second step.
    if (atSignIn) await recordFailure(deps, meta, emailKeyOf(account.email), account, 'wrong_mfa_code', 'login_mfa_failed');
    throw new HttpError(400, 'Mã xác thực không đúng', AUTH_ERROR_CODES.MFA_CODE_INVALID, [{ path: 'body.code', message: 'Mã xác thực không đúng' }]);
  }
  return codes;
}

// ---------------------------------------------------------------------------------------------------------
// Two-factor from the signed-in user's own account screen.

export async function enrolTwoFactorStart(deps: AuthDeps, userId: number): Promise<TwoFactorEnrolment> {
  const account = await accountById(deps.database.db, userId);
  if (!account) throw new HttpError(401);
  return startEnrolment(deps.database.db, deps.twoFactor, account.id, account.email);
}

export async function enrolTwoFactorConfirm(deps: AuthDeps, userId: number, code: string, meta: RequestMeta): Promise<RecoveryCodesResponse> {
  const account = await accountById(deps.database.db, userId);
  if (!account) throw new HttpError(401);
  return { recoveryCodes: await enableTwoFactor(deps, account, code, meta, false) };
}

/**
 * Turning two-factor off takes a current code or the password (a stolen access token alone is not enough); a wrong
 * one counts towards the lockout. Refused while the office's policy requires it of the account.
 */
export async function disableTwoFactor(deps: AuthDeps, userId: number, body: TwoFactorDisableBody, meta: RequestMeta): Promise<void> {
  const db = deps.database.db;
  const account = await accountById(db, userId);
  if (!account) throw new HttpError(401);
  if (!(await twoFactorEnabled(db, userId))) throw new HttpError(409, 'Xác thực hai bước chưa được bật', AUTH_ERROR_CODES.MFA_STATE_CONFLICT);
  if (twoFactorRequiredFor(await twoFactorPolicy(db), account.role)) {
    throw new HttpError(409, 'Quy định của công ty bắt buộc xác thực hai bước cho tài khoản này', AUTH_ERROR_CODES.MFA_STATE_CONFLICT);
  }
  const emailKey = emailKeyOf(account.email);
  await assertNotLocked(deps, emailKey);
  const ok = body.code !== undefined
    ? await verifyTotpCode(db, deps.twoFactor, userId, body.code)
    : await verifyPassword(account.passwordHash, body.password!);
  if (!ok) {
    await recordFailure(deps, meta, emailKey, account, body.code !== undefined ? 'wrong_mfa_code' : 'wrong_current_password', 'two_factor_disable_failed');
    throw new HttpError(400, body.code !== undefined ? 'Mã xác thực không đúng' : 'Mật khẩu hiện tại không đúng', AUTH_ERROR_CODES.MFA_CODE_INVALID, [
      { path: body.code !== undefined ? 'body.code' : 'body.password', message: body.code !== undefined ? 'Mã xác thực không đúng' : 'Mật khẩu hiện tại không đúng' },
    ]);
  }
  await transaction(deps.database, async (tx) => {
    await removeTwoFactor(tx, userId);
    await writeAudit(tx, meta, { action: 'two_factor_disabled', entity: 'users', entityId: userId, after: { by: body.code !== undefined ? 'code' : 'password' } });
  });
}

type RefreshOutcome =
  | { kind: 'ok'; account: Account; refreshToken: string; familyId: string }
  | { kind: 'invalid' }
  | { kind: 'reuse'; familyId: string };

/**
 * Rotates a refresh token. `bearer` is the access token the client holds (possibly expired): when sent it
 * must be ours and belong to the token's owner.
 */
export async function refresh(
  deps: AuthDeps,
  presented: string,
  bearer: string | undefined,
  meta: RequestMeta,
): Promise<RefreshResponse> {
  let bearerUserId: number | undefined;
  if (bearer !== undefined) {
    try {
      bearerUserId = Number((await deps.signer.verifyIgnoringExpiry(bearer)).sub);
    } catch {
      throw refreshInvalid();
    }
  }
  const hash = sha256(presented);
  const now = Date.now();
  const outcome = await transaction<RefreshOutcome>(deps.database, async (db) => {
    // FOR UPDATE: a concurrent refresh of the same token waits here, then sees it rotated (the grace path).
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).for('update');
    if (!row || row.revokedAt) return { kind: 'invalid' };
    if (bearerUserId !== undefined && bearerUserId !== row.userId) return { kind: 'invalid' };
    if (row.familyExpiresAt.getTime() <= now) return { kind: 'invalid' };
    const account = await accountById(db, row.userId);
    if (!account || !account.enabled) return { kind: 'invalid' };
    const successor = successorOf(deps, presented);
    if (row.rotatedAt) {
      if (now - row.rotatedAt.getTime() <= REFRESH_GRACE_MS) {
        const [child] = await db
          .select({ revokedAt: refreshTokens.revokedAt })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, sha256(successor)));
        return child && !child.revokedAt ? { kind: 'ok', account, refreshToken: successor, familyId: row.familyId } : { kind: 'invalid' };
      }
      // A rotated token came back: whoever holds the family, one copy was stolen. End the family.
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date(now), revokedReason: 'reuse' })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      await writeAudit(db, meta, {
        action: 'refresh_reuse_detected',
        entity: 'auth',
        entityId: account.id,
        actorId: account.id,
        actorEmail: account.email,
        after: { familyId: row.familyId, rotatedAt: row.rotatedAt.toISOString() },
      });
      return { kind: 'reuse', familyId: row.familyId };
    }
    if (row.expiresAt.getTime() <= now) return { kind: 'invalid' };
    await db.update(refreshTokens).set({ rotatedAt: new Date(now) }).where(eq(refreshTokens.id, row.id));
    await db.insert(refreshTokens).values({
      userId: row.userId,
      familyId: row.familyId,
      tokenHash: sha256(successor),
      parentId: row.id,
      createdAt: new Date(now),
      expiresAt: new Date(Math.min(now + deps.config.REFRESH_TOKEN_TTL, row.familyExpiresAt.getTime())),
      familyExpiresAt: row.familyExpiresAt,
    });
    return { kind: 'ok', account, refreshToken: successor, familyId: row.familyId };
  });
  // After the commit: this process stops trusting the family's access tokens at once (others within the
  // session-check interval).
  if (outcome.kind === 'reuse') forgetFamilyState(outcome.familyId);
  // Thrown after the transaction so that a detected reuse stays revoked.
  if (outcome.kind !== 'ok') throw refreshInvalid();
  const { token } = await deps.signer.sign(
    { id: outcome.account.id, role: outcome.account.role, email: outcome.account.email },
    outcome.familyId,
  );
  return { token, refreshToken: outcome.refreshToken };
}

/** Ends the session the refresh token belongs to (its whole family), if it is the caller's. */
export async function logout(deps: AuthDeps, userId: number, presented: string, meta: RequestMeta): Promise<void> {
  const ended = await transaction(deps.database, async (db) => {
    const [row] = await db
      .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(presented)));
    const own = row && row.userId === userId;
    if (own) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date(), revokedReason: 'logout' })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    }
    await writeAudit(db, meta, { action: 'logout', entity: 'auth', entityId: userId, after: { sessionEnded: Boolean(own) } });
    return own ? row.familyId : undefined;
  });
  // The family's access tokens stop here at once, on other instances within SESSION_CACHE_MS.
  if (ended) forgetFamilyState(ended);
}

// ---------------------------------------------------------------------------------------------------------
// Own profile and password.

export async function updateMe(deps: AuthDeps, userId: number, patch: MePatch, meta: RequestMeta): Promise<AuthUser> {
  return transaction(deps.database, async (db) => {
    const before = (await loadAuthUser(db, userId))!;
    const now = new Date();
    if (patch.phone !== undefined && !before.employee) {
      throw new HttpError(400, 'Dữ liệu không hợp lệ', undefined, [
        { path: 'body.phone', message: 'Tài khoản chưa gắn với nhân viên nên không lưu được số điện thoại' },
      ]);
    }
    if (patch.fullName !== undefined) {
      await db
        .update(users)
        .set({ fullName: patch.fullName, version: sql`${users.version} + 1`, updatedAt: now, updatedBy: userId })
        .where(eq(users.id, userId));
    }
    if (before.employee) {
      const [emp] = await db
        .select({ code: employees.code, fullName: employees.fullName, phone: employees.phone, email: employees.email })
        .from(employees)
        .where(eq(employees.id, before.employee.id));
      const fullName = patch.fullName ?? emp!.fullName;
      const phone = patch.phone ?? emp!.phone;
      if (fullName !== emp!.fullName || phone !== emp!.phone) {
        await db
          .update(employees)
          .set({
            fullName,
            phone,
            searchText: foldVietnamese([emp!.code, fullName, phone, emp!.email ?? ''].join(' ')),
            version: sql`${employees.version} + 1`,
            updatedAt: now,
            updatedBy: userId,
          })
          .where(eq(employees.id, before.employee.id));
      }
    }
    const after = (await loadAuthUser(db, userId))!;
    await writeAudit(db, meta, {
      action: 'profile_updated',
      entity: 'users',
      entityId: userId,
      before: { fullName: before.fullName, phone: before.employee?.phone ?? null },
      after: { fullName: after.fullName, phone: after.employee?.phone ?? null },
    });
    return after;
  });
}

/** What a new password sets on the account: the hash, when it changed, and a new version. */
function passwordChange(passwordHash: string, now: number) {
  return { passwordHash, passwordChangedAt: new Date(now), version: sql`${users.version} + 1`, updatedAt: new Date(now) };
}

export async function changePassword(
  deps: AuthDeps,
  userId: number,
  body: ChangePasswordBody,
  meta: RequestMeta,
): Promise<ChangePasswordResponse> {
  const account = await accountById(deps.database.db, userId);
  if (!account) throw new HttpError(401);
  const emailKey = emailKeyOf(account.email);
  // A stolen access token must not become a way round the lockout to guess the password.
  await assertNotLocked(deps, emailKey);
  if (!(await verifyPassword(account.passwordHash, body.currentPassword))) {
    await recordFailure(deps, meta, emailKey, account, 'wrong_current_password', 'password_change_failed');
    throw new HttpError(400, 'Mật khẩu hiện tại không đúng', AUTH_ERROR_CODES.INVALID_CURRENT_PASSWORD, [
      { path: 'body.currentPassword', message: 'Mật khẩu hiện tại không đúng' },
    ]);
  }
  const passwordHash = await hashPassword(body.newPassword);
  const now = Date.now();
  const session = await transaction(deps.database, async (db) => {
    let keptFamily: string | undefined;
    if (body.refreshToken) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(body.refreshToken)));
      const live =
        row &&
        row.userId === userId &&
        !row.revokedAt &&
        !row.rotatedAt &&
        row.expiresAt.getTime() > now &&
        row.familyExpiresAt.getTime() > now;
      if (live) keptFamily = row.familyId;
    }
    await db
      .update(users)
      .set({ ...passwordChange(passwordHash, now), updatedBy: userId })
      .where(eq(users.id, userId));
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date(now), revokedReason: 'password_changed' })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          keptFamily ? ne(refreshTokens.familyId, keptFamily) : undefined,
        ),
      );
    await db.execute(sql`UPDATE users SET sessions_valid_after = ${new Date(now).toISOString()}::timestamptz WHERE id = ${userId}`);
    await db
      .update(passwordResetTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await writeAudit(db, meta, {
      action: 'password_changed',
      entity: 'users',
      entityId: userId,
      after: { otherSessionsRevoked: true },
    });
    return keptFamily ? { token: body.refreshToken!, familyId: keptFamily } : startFamily(deps, db, userId, now, meta);
  });
  forgetSessionState(userId);
  // Issued after the cut-off, in the same or a later second, so the hook accepts it.
  const { token } = await deps.signer.sign({ id: account.id, role: account.role, email: account.email }, session.familyId);
  return { message: 'Đã đổi mật khẩu. Các phiên đăng nhập khác đã được đăng xuất.', token, refreshToken: session.token };
}

// ---------------------------------------------------------------------------------------------------------
// Forgotten password.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function resetMail(account: Account, link: string) {
  const text = [
    `Xin chào ${account.fullName},`,
    '',
    `Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản ${account.email} trên Cargo Console.`,
    'Mở liên kết sau trong vòng 60 phút để đặt mật khẩu mới:',
    '',
    link,
    '',
    'Liên kết chỉ dùng được một lần. Nếu bạn không yêu cầu, hãy bỏ qua email này: mật khẩu hiện tại vẫn giữ nguyên.',
    '',
    '— Cargo Console',
    '',
    `(English) A password reset was requested for ${account.email}. Open the link above within 60 minutes to choose a new password; ignore this e-mail if it was not you.`,
  ].join('\n');
  const html = `<p>Xin chào ${escapeHtml(account.fullName)},</p>
<p>Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản <b>${escapeHtml(account.email)}</b> trên Cargo Console.
Mở liên kết sau trong vòng 60 phút để đặt mật khẩu mới:</p>
<p><a href="${escapeHtml(link)}">Đặt lại mật khẩu</a></p>
<p>Liên kết chỉ dùng được một lần. Nếu bạn không yêu cầu, hãy bỏ qua email này: mật khẩu hiện tại vẫn giữ nguyên.</p>
<p>— Cargo Console</p>`;
  return { to: account.email, subject: 'Đặt lại mật khẩu Cargo Console', text, html };
}

export async function requestReset(deps: AuthDeps, email: string, meta: RequestMeta, origin: string): Promise<void> {
  const emailKey = emailKeyOf(email);
  const account = await accountByEmail(deps.database.db, emailKey);
  if (!account || !account.enabled) {
    // Recorded (who is probing which addresses) but nothing is sent; the caller's answer is the same.
    await writeAudit(deps.database.db, meta, {
      action: 'password_reset_requested',
      entity: 'auth',
      entityId: account?.id ?? null,
      actorEmail: meta.actorEmail ?? emailKey,
      after: { sent: false },
    });
    return;
  }
  const now = Date.now();
  const [{ recent }] = await deps.database.db
    .select({ recent: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, account.id),
        sql`${passwordResetTokens.createdAt} > ${new Date(now - RESET_TOKEN_TTL_MS).toISOString()}::timestamptz`,
      ),
    );
  if (recent >= RESET_MAILS_PER_HOUR) {
    // Many addresses asking for one mailbox is a mail bomb, not a forgetful user.
    await writeAudit(deps.database.db, meta, {
      action: 'password_reset_requested',
      entity: 'users',
      entityId: account.id,
      actorEmail: meta.actorEmail ?? emailKey,
      after: { sent: false, reason: 'too_many_requests' },
    });
    return;
  }
  const token = newOpaqueToken();
  await transaction(deps.database, async (db) => {
    await db
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, account.id), lt(passwordResetTokens.expiresAt, new Date(now - 86_400_000))));
    await db.insert(passwordResetTokens).values({
      userId: account.id,
      tokenHash: sha256(token),
      createdAt: new Date(now),
      expiresAt: new Date(now + RESET_TOKEN_TTL_MS),
      requestedIp: meta.ip,
    });
    await writeAudit(db, meta, {
      action: 'password_reset_requested',
      entity: 'users',
      entityId: account.id,
      actorEmail: meta.actorEmail ?? emailKey,
      after: { sent: true },
    });
  });
  // The caller's origin comes from mailOrigin (PUBLIC_URL, or an allowed host).
  const base = origin.replace(/\/+$/, '');
  const message = resetMail(account, `${base}/auth/confirm?token=${encodeURIComponent(token)}`);
  const delivery = deps.mailer.send(message).catch((err) => {
    deps.log.error({ err, to: message.to }, 'password reset mail could not be sent');
  });
  // The outbox is a quick insert; an SMTP round trip is not awaited, or its delay would tell which
  // e-mails have an account.
  if (deps.mailer.mode === 'outbox') await delivery;
}

/**
 * Sends a single-use, one-hour password-reset link to the account with this e-mail, if there is an enabled
 * one; otherwise does nothing visible. Never throws for an unknown e-mail.
 */
export async function requestPasswordReset(app: FastifyInstance, email: string, meta: RequestMeta, origin: string): Promise<void> {
  await requestReset(authDepsFor(app), email, meta, origin);
}

export async function resetPassword(deps: AuthDeps, presented: string, password: string, meta: RequestMeta): Promise<void> {
  const hash = sha256(presented);
  const [row] = await deps.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, hash));
  const now = Date.now();
  if (!row || row.usedAt || row.expiresAt.getTime() <= now) throw resetInvalid();
  const account = await accountById(deps.database.db, row.userId);
  if (!account || !account.enabled) throw resetInvalid();
  const passwordHash = await hashPassword(password);
  const done = await transaction(deps.database, async (db) => {
    // The claim is the single-use guarantee: of two concurrent resets with one link, one wins.
    const claimed = await db
      .update(passwordResetTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (claimed.length === 0) return false;
    await db
      .update(passwordResetTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(passwordResetTokens.userId, account.id), isNull(passwordResetTokens.usedAt)));
    await db
      .update(users)
      .set(passwordChange(passwordHash, now))
      .where(eq(users.id, account.id));
    await revokeUserSessions(db, account.id, 'password_reset');
    // Whoever proved they own the mailbox is no longer locked out by someone else's guesses.
    await db.delete(authFailures).where(eq(authFailures.emailKey, emailKeyOf(account.email)));
    await writeAudit(db, meta, {
      action: 'password_reset',
      entity: 'users',
      entityId: account.id,
      actorId: account.id,
      actorEmail: account.email,
    });
    return true;
  });
  if (!done) throw resetInvalid();
}

// ---------------------------------------------------------------------------------------------------------
// The way back from a lost password, from the machine that runs the console (`npm run admin:reset-password`).

/** A random password that passes the policy: 24 characters of base64url, redrawn until it has a letter and a digit. */
export function generateStrongPassword(): string {
  for (;;) {
    const candidate = randomBytes(18).toString('base64url');
    if (passwordProblem(candidate) === null) return candidate;
  }
}

export interface OperatorResetResult {
  userId: number;
  email: string;
  role: Role;
  enabled: boolean;
  /** Sessions (refresh-token families) that were still open and are now ended. */
  sessionsEnded: number;
  /** Two-factor was on and is now removed (asked with removeTwoFactor). */
  twoFactorRemoved: boolean;
}

/**
 * Sets a new password for `email`, or for the first Admin (lowest id, enabled ones first) when no e-mail is given.
 * Like a reset by link: every session of the account ends, its failed sign-ins are forgotten (so a locked-out
 * Admin may sign in at once), and one audit row records it, without an actor (nobody signed in did it).
 */
export async function operatorResetPassword(
  database: Database,
  opts: { email?: string; password: string; removeTwoFactor?: boolean },
): Promise<OperatorResetResult> {
  const problem = passwordProblem(opts.password);
  if (problem) throw new Error(`${problem} (the password policy).`);
  let account: Account | undefined;
  if (opts.email) {
    account = await accountByEmail(database.db, opts.email);
    if (!account) throw new Error(`No account has the e-mail ${opts.email}.`);
  } else {
    const rows = await database.db
      .select(accountColumns)
      .from(users)
      .where(eq(users.role, 'Admin'))
      .orderBy(desc(users.enabled), users.id)
      .limit(1);
    account = rows[0];
    if (!account) throw new Error('There is no Admin account: give the account with --email.');
  }
  const found = account;
  const passwordHash = await hashPassword(opts.password);
  const now = Date.now();
  const ended = await transaction(database, async (db) => {
    const open = await db
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, found.id), isNull(refreshTokens.revokedAt)));
    await db.update(users).set(passwordChange(passwordHash, now)).where(eq(users.id, found.id));
    await revokeUserSessions(db, found.id, 'password_reset');
    await db.update(passwordResetTokens).set({ usedAt: new Date(now) }).where(and(eq(passwordResetTokens.userId, found.id), isNull(passwordResetTokens.usedAt)));
    await db.delete(authFailures).where(eq(authFailures.emailKey, emailKeyOf(found.email)));
    // The way back when the phone and every recovery code are lost: the person at the machine that runs the
    // console removes the second factor with the password; they enrol again at sign-in if the policy covers them.
    const twoFactorRemoved = opts.removeTwoFactor === true && (await twoFactorEnabled(db, found.id));
    if (twoFactorRemoved) await removeTwoFactor(db, found.id);
    await writeAudit(db, { actorId: null, actorEmail: null, requestId: null, ip: null }, {
      action: 'password_reset',
      entity: 'users',
      entityId: found.id,
      after: { via: 'npm run admin:reset-password', sessionsEnded: open.length, twoFactorRemoved },
    });
    return { sessionsEnded: open.length, twoFactorRemoved };
  });
  return { userId: found.id, email: found.email, role: found.role, enabled: found.enabled, ...ended };
}
