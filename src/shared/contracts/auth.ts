import { z } from 'zod';
import { ROLES } from '../auth';

/**
 * Contracts of /api/auth/*. The server validates every body with these and the web
 * forms use the same schemas, so a rule (the password policy above all) is written exactly once.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
const PASSWORD_RULE_MESSAGE = 'Mật khẩu cần ít nhất 8 ký tự, gồm cả chữ cái và chữ số';

/** Why a candidate password breaks the policy, or null when it is acceptable (for live hints in forms). */
export function passwordProblem(password: string): string | null {
  if (password.length > PASSWORD_MAX_LENGTH) return `Mật khẩu tối đa ${PASSWORD_MAX_LENGTH} ký tự`;
  if (password.length < PASSWORD_MIN_LENGTH || !/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) {
    return PASSWORD_RULE_MESSAGE;
  }
  return null;
}

/** The password policy for every new password: at least 8 characters, with a letter and a digit. */
export const NewPassword = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * An existing password as typed at sign-in: no policy here (old passwords predate it), only bounds so a
 * megabyte "password" never reaches argon2.
 */
const TypedPassword = z.string().min(1, 'Vui lòng nhập mật khẩu').max(1024, 'Mật khẩu quá dài');

const Email = z
  .string()
  .trim()
  .min(1, 'Vui lòng nhập email')
  .max(254, 'Email quá dài')
  .pipe(z.email('Email không hợp lệ'));

/** Opaque 256-bit refresh token (43 base64url characters); the bound only keeps junk out. */
const OpaqueToken = z.string().min(1, 'Thiếu mã phiên').max(200, 'Mã phiên không hợp lệ');

const Role = z.enum(ROLES);

const AuthEmployee = z.object({
  id: z.number().int(),
  code: z.string(),
  fullName: z.string(),
  phone: z.string(),
  position: z.string(),
});
type AuthEmployee = z.infer<typeof AuthEmployee>;

const AuthStore = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
});
type AuthStore = z.infer<typeof AuthStore>;

/** The signed-in user as the API shows it (login `data`, GET /me). Never carries a hash or a token. */
export const AuthUser = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  role: Role,
  employee: AuthEmployee.nullable(),
  store: AuthStore.nullable(),
});
export type AuthUser = z.infer<typeof AuthUser>;

export const LoginBody = z.object({
  email: Email,
  password: TypedPassword,
});
export type LoginBody = z.infer<typeof LoginBody>;

/** A login answers exactly these four fields, no more (clients rely on the shape). */
export const LoginResponse = z.object({
  token: z.string(),
  refreshToken: z.string(),
  data: AuthUser,
  role: Role,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** Sent with `Authorization: Bearer <current access token, possibly expired>`. */
export const RefreshBody = z.object({ refreshToken: OpaqueToken });
export type RefreshBody = z.infer<typeof RefreshBody>;

/** A refresh answers exactly these two fields: the new access token and the new refresh token. */
export const RefreshResponse = z.object({ token: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const LogoutBody = z.object({ refreshToken: OpaqueToken });
export type LogoutBody = z.infer<typeof LogoutBody>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/**
 * `POST /api/auth/forgot-password`: the same answer for every address. `delivery` says where a reset link goes:
 * `mail` (sent through the mail server) or `outbox` (no mail server: kept in the mail outbox, which an Admin reads
 * under Settings → Mail outbox and passes on).
 */
export const FORGOT_PASSWORD_DELIVERIES = ['mail', 'outbox'] as const;
export const ForgotPasswordResponse = z.object({ message: z.string(), delivery: z.enum(FORGOT_PASSWORD_DELIVERIES) });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z.object({
  token: OpaqueToken,
  password: NewPassword,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const ChangePasswordBody = z
  .object({
    currentPassword: TypedPassword,
    newPassword: NewPassword,
    /** The caller's refresh token: its session stays signed in while every other session is revoked. */
    refreshToken: OpaqueToken.optional(),
  })
  .refine((b) => b.newPassword !== b.currentPassword, {
    path: ['newPassword'],
    message: 'Mật khẩu mới phải khác mật khẩu hiện tại',
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/**
 * Changing the password invalidates every access token issued before it, the caller's included, so the
 * answer carries a fresh access token and the refresh token to keep using (the one sent, or a new one
 * when none valid was sent).
 */
export const ChangePasswordResponse = z.object({
  message: z.string(),
  token: z.string(),
  refreshToken: z.string(),
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

export const MeResponse = AuthUser;
export type MeResponse = z.infer<typeof MeResponse>;

/** Digits with the usual separators; full Vietnamese normalisation belongs to the employees contract. */
const Phone = z
  .string()
  .trim()
  .max(20, 'Số điện thoại quá dài')
  .regex(/^(\+?\d[\d .()-]{6,}\d)?$/, 'Số điện thoại không hợp lệ');

/** What a user may change about themselves; e-mail, role and store are the Admin's to change. */
export const MePatch = z
  .strictObject({
    fullName: z.string().trim().min(1, 'Vui lòng nhập họ tên').max(120, 'Họ tên tối đa 120 ký tự').optional(),
    phone: Phone.optional(),
  })
  .refine((b) => b.fullName !== undefined || b.phone !== undefined, { message: 'Không có thông tin nào để cập nhật' });
export type MePatch = z.infer<typeof MePatch>;

/** Stable codes of auth failures, for clients that branch on them. */
export const AUTH_ERROR_CODES = {
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  ACCOUNT_LOCKED: 'ACCOUNT_LOCKED',
  /** The access token is well signed but its session was revoked (disabled user, password changed…). */
  SESSION_REVOKED: 'SESSION_REVOKED',
  TOKEN_INVALID: 'TOKEN_INVALID',
  REFRESH_TOKEN_INVALID: 'REFRESH_TOKEN_INVALID',
  RESET_TOKEN_INVALID: 'RESET_TOKEN_INVALID',
  INVALID_CURRENT_PASSWORD: 'INVALID_CURRENT_PASSWORD',
  /** Password right; the sign-in is finished by POST /api/auth/login/mfa with the challenge's mfaToken and a code. */
  MFA_REQUIRED: 'MFA_REQUIRED',
  /** Password right; the account must enrol a second factor first (POST /api/auth/login/mfa/enrol…). */
  MFA_ENROL_REQUIRED: 'MFA_ENROL_REQUIRED',
  /** The mfaToken is missing its purpose, expired or not ours: sign in again. */
  MFA_TOKEN_INVALID: 'MFA_TOKEN_INVALID',
  /** The code (or recovery code) is wrong, or its 30-second step was already used. */
  MFA_CODE_INVALID: 'MFA_CODE_INVALID',
  /** Two-factor is already on, or not on, for the change asked. */
  MFA_STATE_CONFLICT: 'MFA_STATE_CONFLICT',
} as const;

export const INVALID_CREDENTIALS_MESSAGE = 'Email hoặc mật khẩu không đúng';

// ---- two-factor sign-in (TOTP) ------------------------------------------------------------------------------------

/** Six digits as an authenticator app shows them (spaces allowed). */
export const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{3}\s?\d{3}$/, 'Mã xác thực gồm 6 chữ số');

/** A recovery code as printed (xxxxx-xxxxx); case and dashes are forgiven when it is checked. */
export const RecoveryCode = z.string().trim().min(8, 'Mã khôi phục không hợp lệ').max(40, 'Mã khôi phục không hợp lệ');

const MfaToken = z.string().min(1, 'Thiếu mã xác thực phiên').max(2000, 'Mã xác thực phiên không hợp lệ');

/**
 * The first step's answer when the password is right but a second factor is needed: 401, no session. `code` says
 * which second step: MFA_REQUIRED (send a code) or MFA_ENROL_REQUIRED (enrol first). The token is good for
 * `expiresIn` seconds and for nothing but that step.
 */
export const MfaChallenge = z.object({
  message: z.string(),
  code: z.enum(['MFA_REQUIRED', 'MFA_ENROL_REQUIRED']),
  mfaToken: z.string(),
  expiresIn: z.number().int(),
});
export type MfaChallenge = z.infer<typeof MfaChallenge>;

/** The second step: the challenge's token and either a code from the app or one recovery code. */
export const LoginMfaBody = z
  .strictObject({ mfaToken: MfaToken, code: TotpCode.optional(), recoveryCode: RecoveryCode.optional() })
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), {
    path: ['code'],
    message: 'Nhập mã xác thực hoặc một mã khôi phục',
  });
export type LoginMfaBody = z.infer<typeof LoginMfaBody>;

export const LoginEnrolBody = z.strictObject({ mfaToken: MfaToken });
export type LoginEnrolBody = z.infer<typeof LoginEnrolBody>;

export const LoginEnrolConfirmBody = z.strictObject({ mfaToken: MfaToken, code: TotpCode });
export type LoginEnrolConfirmBody = z.infer<typeof LoginEnrolConfirmBody>;

/** A started enrolment: the key for the app, as a QR code, an otpauth:// URI and the base32 text to type. */
export const TwoFactorEnrolment = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCodeDataUrl: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolment>;

export const TwoFactorConfirmBody = z.strictObject({ code: TotpCode });
export type TwoFactorConfirmBody = z.infer<typeof TwoFactorConfirmBody>;

/** Shown once: only their hashes are kept. */
export const RecoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;

/** An enrolment finished at sign-in: the login answer's four fields and the recovery codes, shown once. */
export const LoginEnrolConfirmResponse = LoginResponse.extend({ recoveryCodes: z.array(z.string()) });
export type LoginEnrolConfirmResponse = z.infer<typeof LoginEnrolConfirmResponse>;

/** Turning it off takes a current code or the password. */
export const TwoFactorDisableBody = z
  .strictObject({ code: TotpCode.optional(), password: TypedPassword.optional() })
  .refine((b) => b.code !== undefined || b.password !== undefined, { path: ['code'], message: 'Nhập mã xác thực hoặc mật khẩu' });
export type TwoFactorDisableBody = z.infer<typeof TwoFactorDisableBody>;

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  confirmedAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The office's policy makes it required for this account (then it cannot be turned off). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

// ---- sessions (refresh-token families) ----------------------------------------------------------------------------

/** One signed-in session: a refresh-token family, from its sign-in to its latest refresh. */
export const SessionInfo = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  mobile: z.boolean(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  /** The latest sign-in or token refresh of the session (a console refreshes while it is open). */
  lastSeenAt: z.string(),
  /** The session the request itself belongs to. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const SessionList = z.object({ items: z.array(SessionInfo) });
export type SessionList = z.infer<typeof SessionList>;

export const SessionParams = z.object({ familyId: z.uuid('Mã phiên không hợp lệ') });

/** /api/employees/:id/sessions/:familyId */
export const EmployeeSessionParams = z.strictObject({
  id: z.coerce.number({ error: 'Mã không hợp lệ' }).int({ error: 'Mã không hợp lệ' }).min(1, { error: 'Mã không hợp lệ' }).max(Number.MAX_SAFE_INTEGER),
  familyId: z.uuid('Mã phiên không hợp lệ'),
});
