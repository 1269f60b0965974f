import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { toDataURL } from 'qrcode';
import { AUTH_ERROR_CODES, type TwoFactorEnrolment, type TwoFactorStatus } from '../../../shared/contracts/auth';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_SETTING, twoFactorPolicyFrom, twoFactorRequiredFor, type TwoFactorPolicy } from '../../../shared/two-factor';
import type { Db } from '../../db/client';
import { userRecoveryCodes, userTwoFactor } from '../../db/schema/index';
import { HttpError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { settingsInForce } from '../../lib/settings';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from '../../lib/totp';

/** The issuer an authenticator app shows next to the account. */
export const TOTP_ISSUER = 'Cargo Console';
/** How long the first step's challenge token lets the second step be done. */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;

export type MfaPurpose = 'mfa' | 'enrol';

/** Keys derived from the server's JWT key, one per use, so none can stand in for another (or for an access token). */
export interface TwoFactorKeys {
  /** AES-256-GCM key of the stored TOTP secrets. */
  secretKey: Buffer;
  /** HMAC key of the challenge tokens between the two sign-in steps. */
  challengeKey: Buffer;
}

export function twoFactorKeys(jwtSecret: string): TwoFactorKeys {
  const derive = (label: string) => createHmac('sha256', jwtSecret).update(label).digest();
  return { secretKey: derive('cargo-console/totp-secret/v1'), challengeKey: derive('cargo-console/mfa-challenge/v1') };
}

const mfaTokenInvalid = () =>
  new HttpError(401, 'Phiên xác thực hai bước đã hết hạn, vui lòng đăng nhập lại', AUTH_ERROR_CODES.MFA_TOKEN_INVALID);
export const mfaCodeInvalid = () => new HttpError(401, 'Mã xác thực không đúng hoặc đã được dùng', AUTH_ERROR_CODES.MFA_CODE_INVALID);
const stateConflict = (message: string) => new HttpError(409, message, AUTH_ERROR_CODES.MFA_STATE_CONFLICT);

// ---------------------------------------------------------------------------------------------------------
// The secret at rest: v1.<iv>.<tag>.<ciphertext>, base64url.

export function encryptSecret(keys: TwoFactorKeys, secret: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.secretKey, iv);
  const body = Buffer.concat([cipher.update(secret), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The secret, or null when it cannot be read (a different JWT key since: only a recovery code signs in then). */
export function decryptSecret(keys: TwoFactorKeys, stored: string): Buffer | null {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.secretKey, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The challenge token between the steps: HS256 with its own key and type, so it is never an access token.

export async function signMfaToken(keys: TwoFactorKeys, userId: number, purpose: MfaPurpose): Promise<string> {
  return new SignJWT({ pur: purpose })
    .setProtectedHeader({ alg: 'HS256', typ: 'cargo-mfa' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + MFA_TOKEN_TTL_SECONDS)
    .sign(keys.challengeKey);
}

/** The user the token was issued to, if it is ours, unexpired and for this purpose; else 401 MFA_TOKEN_INVALID. */
export async function verifyMfaToken(keys: TwoFactorKeys, token: string, purpose: MfaPurpose): Promise<number> {
  try {
    const { payload, protectedHeader } = await jwtVerify(token, keys.challengeKey, { algorithms: ['HS256'], typ: 'cargo-mfa' });
    const userId = Number(payload.sub);
    if (protectedHeader.typ !== 'cargo-mfa' || payload.pur !== purpose || !Number.isSafeInteger(userId)) throw mfaTokenInvalid();
    return userId;
  } catch {
    throw mfaTokenInvalid();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Policy and state.

export async function twoFactorPolicy(db: Db): Promise<TwoFactorPolicy> {
  const inForce = await settingsInForce(db, TWO_FACTOR_SETTING.kind, { keys: [TWO_FACTOR_SETTING.key] });
  return twoFactorPolicyFrom(inForce.get(TWO_FACTOR_SETTING.key)?.value);
}

async function twoFactorRow(db: Db, userId: number) {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row;
}

/** What sign-in needs after a right password: nothing, a code, or an enrolment first. */
export async function secondStepFor(db: Db, userId: number, role: string): Promise<'none' | 'code' | 'enrol'> {
  const row = await twoFactorRow(db, userId);
  if (row?.confirmedAt) return 'code';
  return twoFactorRequiredFor(await twoFactorPolicy(db), role) ? 'enrol' : 'none';
}

export async function twoFactorStatus(db: Db, userId: number, role: string): Promise<TwoFactorStatus> {
  const row = await twoFactorRow(db, userId);
  const [{ left }] = await db
    .select({ left: sql<number>`count(*)::int` })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return {
    enabled: Boolean(row?.confirmedAt),
    confirmedAt: row?.confirmedAt?.toISOString() ?? null,
    recoveryCodesLeft: row?.confirmedAt ? left : 0,
    required: twoFactorRequiredFor(await twoFactorPolicy(db), role),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Enrolment.

/** Makes (or remakes) a pending secret; refused while a confirmed one exists (turn it off first). */
export async function startEnrolment(db: Db, keys: TwoFactorKeys, userId: number, email: string): Promise<TwoFactorEnrolment> {
  const existing = await twoFactorRow(db, userId);
  if (existing?.confirmedAt) throw stateConflict('Xác thực hai bước đang bật; hãy tắt trước khi đăng ký lại');
  const secret = newTotpSecret();
  const secretEnc = encryptSecret(keys, secret);
  await db
    .insert(userTwoFactor)
    .values({ userId, secretEnc, confirmedAt: null, lastStep: null, createdAt: new Date() })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { secretEnc, confirmedAt: null, lastStep: null, createdAt: new Date() } });
  const uri = otpauthUri(secret, email, TOTP_ISSUER);
  return { secret: base32Encode(secret), otpauthUri: uri, qrCodeDataUrl: await toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 }) };
}

/** xxxxx-xxxxx from an alphabet without look-alikes (no 0/O, 1/I/L): about 50 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}
/** What is hashed and compared: lower case, no dashes or spaces. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** A fresh set replaces any earlier one; returned once, kept only as argon2id hashes. */
export async function issueRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashPassword(normaliseRecoveryCode(c))));
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  return codes;
}

/**
 * Proves a pending enrolment with a code, turns it on and hands out the recovery codes. The code's step is spent.
 * Answers null for a wrong code (the caller decides what a failure costs).
 */
export async function confirmEnrolment(db: Db, keys: TwoFactorKeys, userId: number, code: string, now = Date.now()): Promise<string[] | null> {
  const row = await twoFactorRow(db, userId);
  if (!row) throw stateConflict('Chưa bắt đầu đăng ký xác thực hai bước');
  if (row.confirmedAt) throw stateConflict('Xác thực hai bước đã được bật');
  const secret = decryptSecret(keys, row.secretEnc);
  const step = secret ? matchTotp(secret, code, now, null) : null;
  if (step === null) return null;
  const claimed = await db
    .update(userTwoFactor)
    .set({ confirmedAt: new Date(now), lastStep: step })
    .where(and(eq(userTwoFactor.userId, userId), isNull(userTwoFactor.confirmedAt)))
    .returning({ userId: userTwoFactor.userId });
  if (claimed.length === 0) throw stateConflict('Xác thực hai bước đã được bật');
  return issueRecoveryCodes(db, userId);
}

// ---------------------------------------------------------------------------------------------------------
// Checking a second factor.

/**
 * A code from the app: right, within ±1 step, and of a step after the last one used. The step is claimed with one
 * conditional UPDATE, so of two requests with the same code only one passes, on any instance.
 */
export async function verifyTotpCode(db: Db, keys: TwoFactorKeys, userId: number, code: string, now = Date.now()): Promise<boolean> {
  const row = await twoFactorRow(db, userId);
  if (!row?.confirmedAt) return false;
  const secret = decryptSecret(keys, row.secretEnc);
  if (!secret) return false;
  const step = matchTotp(secret, code, now, row.lastStep);
  if (step === null) return false;
  const claimed = await db
    .update(userTwoFactor)
    .set({ lastStep: step })
    .where(and(eq(userTwoFactor.userId, userId), sql`(${userTwoFactor.lastStep} IS NULL OR ${userTwoFactor.lastStep} < ${step})`))
    .returning({ userId: userTwoFactor.userId });
  return claimed.length === 1;
}

/** One unused recovery code, spent by this call (a conditional UPDATE: single use under concurrency too). */
export async function useRecoveryCode(db: Db, userId: number, typed: string): Promise<boolean> {
  const candidates = await db
    .select({ id: userRecoveryCodes.id, codeHash: userRecoveryCodes.codeHash })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  const value = normaliseRecoveryCode(typed);
  for (const c of candidates) {
    if (!(await verifyPassword(c.codeHash, value))) continue;
    const spent = await db
      .update(userRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(userRecoveryCodes.id, c.id), isNull(userRecoveryCodes.usedAt)))
      .returning({ id: userRecoveryCodes.id });
    return spent.length === 1;
  }
  return false;
}

/** Removes the authenticator and the recovery codes. */
export async function removeTwoFactor(db: Db, userId: number): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
}

export async function twoFactorEnabled(db: Db, userId: number): Promise<boolean> {
  return Boolean((await twoFactorRow(db, userId))?.confirmedAt);
}
