import { z } from 'zod';
import { ROLES } from '../auth';

/**
 * Contracts of /api/auth/*. The server validates every body with these and the web
 * forms use the same schemas, so a rule (the password policy above all) is written exactly once.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_RULE_MESSAGE = 'Mật khẩu cần ít nhất 8 ký tự, gồm cả chữ cái và chữ số';

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

export const Email = z
  .string()
  .trim()
  .min(1, 'Vui lòng nhập email')
  .max(254, 'Email quá dài')
  .pipe(z.email('Email không hợp lệ'));

/** Opaque 256-bit refresh token (43 base64url characters); the bound only keeps junk out. */
const OpaqueToken = z.string().min(1, 'Thiếu mã phiên').max(200, 'Mã phiên không hợp lệ');

export const Role = z.enum(ROLES);

export const AuthEmployee = z.object({
  id: z.number().int(),
  code: z.string(),
  fullName: z.string(),
  phone: z.string(),
  position: z.string(),
});
export type AuthEmployee = z.infer<typeof AuthEmployee>;

export const AuthStore = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
});
export type AuthStore = z.infer<typeof AuthStore>;

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
} as const;

export const INVALID_CREDENTIALS_MESSAGE = 'Email hoặc mật khẩu không đúng';
