import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthUser,
  ChangePasswordBody,
  ChangePasswordResponse,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  LoginBody,
  LoginEnrolBody,
  LoginEnrolConfirmBody,
  LoginEnrolConfirmResponse,
  LoginMfaBody,
  LoginResponse,
  MfaChallenge,
  RecoveryCodesResponse,
  TwoFactorConfirmBody,
  TwoFactorDisableBody,
  TwoFactorEnrolment,
  TwoFactorStatus,
  LogoutBody,
  MePatch,
  MeResponse,
  MessageResponse,
  RefreshBody,
  SessionList,
  SessionParams,
  RefreshResponse,
  ResetPasswordBody,
} from '../../../shared/contracts/auth';
import { ApiError } from '../../../shared/contracts/errors';
import { requestMeta } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { bearerToken } from '../../plugins/auth';
import { mailOrigin } from '../../plugins/hosts';
import {
  authDepsFor,
  changePassword,
  loadAuthUser,
  disableTwoFactor,
  enrolTwoFactorConfirm,
  enrolTwoFactorStart,
  login,
  loginEnrolConfirm,
  loginEnrolStart,
  loginMfa,
  logout,
  refresh,
  requestReset,
  resetPassword,
  updateMe,
  warmDummyHash,
} from './auth.service';
import { endSession, listSessions } from './sessions.service';
import { twoFactorStatus } from './two-factor.service';

/**
 * Per-IP limits (the per-account lockout lives in the service). Generous enough for a busy office behind
 * one NAT address and for the e2e suite, tight enough to make guessing slow.
 */
export const AUTH_RATE_LIMITS = {
  login: { max: 30, timeWindow: '1 minute' },
  /** The second step and enrolment at sign-in; wrong codes also count towards the account's lockout. */
  loginMfa: { max: 30, timeWindow: '1 minute' },
  twoFactor: { max: 20, timeWindow: '1 minute' },
  refresh: { max: 60, timeWindow: '1 minute' },
  logout: { max: 30, timeWindow: '1 minute' },
  me: { max: 120, timeWindow: '1 minute' },
  changePassword: { max: 10, timeWindow: '1 minute' },
  forgotPassword: { max: 10, timeWindow: '15 minutes' },
  resetPassword: { max: 20, timeWindow: '15 minutes' },
} as const;

const FORGOT_PASSWORD_MESSAGE =
  'Nếu email này có tài khoản, chúng tôi đã gửi liên kết đặt lại mật khẩu. Vui lòng kiểm tra hộp thư (liên kết có hiệu lực 60 phút).';
/** Without a mail server no link leaves the machine: say where it is kept and who reads it, not that it was sent. */
const FORGOT_PASSWORD_OUTBOX_MESSAGE =
  'Máy chủ chưa có máy chủ thư (SMTP): nếu email này có tài khoản, liên kết đặt lại mật khẩu (hiệu lực 60 phút) được lưu trong Hộp thư đi của hệ thống. Hãy nhờ Quản trị viên mở Cấu hình → Hộp thư đi và chuyển liên kết cho bạn.';

const errors = { 400: ApiError, 401: ApiError, 429: ApiError };
const tags = ['auth'];

function userId(req: FastifyRequest): number {
  // The global hook has already verified the token on every non-public route.
  if (!req.user) throw new HttpError(401);
  return req.user.id;
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = authDepsFor(app);
  // Ready before the first unknown e-mail, so that request costs what every other one does.
  await warmDummyHash();
  app.addHook('onClose', async () => deps.mailer.close());

  app.post(
    '/login',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMITS.login },
      schema: {
        tags,
        security: [],
        body: LoginBody,
        response: { 200: LoginResponse, ...errors, 401: z.union([MfaChallenge, ApiError]) },
      },
    },
    async (req, reply) => {
      const out = await login(deps, req.body, requestMeta(req));
      // Password right but a second step is due: 401 with the challenge, no session (a client that knows only the
      // one-step login shows the message, as for any failed sign-in).
      if ('mfaToken' in out) return reply.code(401).send(out);
      return out;
    },
  );

  app.post(
    '/login/mfa',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMITS.loginMfa },
      schema: { tags, security: [], body: LoginMfaBody, response: { 200: LoginResponse, ...errors } },
    },
    async (req) => loginMfa(deps, req.body, requestMeta(req)),
  );

  app.post(
    '/login/mfa/enrol',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMITS.loginMfa },
      schema: { tags, security: [], body: LoginEnrolBody, response: { 200: TwoFactorEnrolment, ...errors, 409: ApiError } },
    },
    async (req) => loginEnrolStart(deps, req.body.mfaToken),
  );

  app.post(
    '/login/mfa/enrol/confirm',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMITS.loginMfa },
      schema: { tags, security: [], body: LoginEnrolConfirmBody, response: { 200: LoginEnrolConfirmResponse, ...errors, 409: ApiError } },
    },
    async (req) => loginEnrolConfirm(deps, req.body, requestMeta(req)),
  );

  app.get(
    '/two-factor',
    {
      config: { access: 'authenticated', rateLimit: AUTH_RATE_LIMITS.me },
      schema: { tags, response: { 200: TwoFactorStatus, 401: ApiError } },
    },
    async (req) => twoFactorStatus(deps.database.db, userId(req), req.user!.role),
  );

  app.post(
    '/two-factor/enrol',
    {
      config: { access: 'authenticated', rateLimit: AUTH_RATE_LIMITS.twoFactor },
      schema: { tags, response: { 200: TwoFactorEnrolment, ...errors, 409: ApiError } },
    },
    async (req) => enrolTwoFactorStart(deps, userId(req)),
  );

  app.post(
    '/two-factor/confirm',
    {
      config: { access: 'authenticated', rateLimit: AUTH_RATE_LIMITS.twoFactor },
      schema: { tags, body: TwoFactorConfirmBody, response: { 200: RecoveryCodesResponse, ...errors, 409: ApiError } },
    },
    async (req) => enrolTwoFactorConfirm(deps, userId(req), req.body.code, requestMeta(req)),
  );

  app.post(
    '/two-factor/disable',
    {
      config: { access: 'authenticated', rateLimit: AUTH_RATE_LIMITS.twoFactor },
      schema: { tags, body: TwoFactorDisableBody, response: { 200: MessageResponse, ...errors, 409: ApiError } },
    },
    async (req) => {
      await disableTwoFactor(deps, userId(req), req.body, requestMeta(req));
      return { message: 'Đã tắt xác thực hai bước' };
    },
  );

  app.post(
    '/refresh-token',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMITS.refresh },
      schema: { tags, security: [], body: RefreshBody, response: { 200: RefreshResponse, ...errors } },
    },
    async (req) => refresh(deps, req.body.refreshToken, bearerToken(req), requestMeta(req)),
  );

  app.post(
    '/logout',
    {
      config: { access: 'authenticated', rateLimit: AUTH_RATE_LIMITS.logout },
      schema: { tags, body: LogoutBody, response: { 200: MessageResponse, ...errors } },
    },
    async (req) => {
      await logout(deps, userId(req), req.body.refreshToken, requestMeta(req));
      return { message: 'Đã đăng xuất' };
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'authenticated', rateLimit: AUTH_RATE_LIMITS.me },
      schema: { tags, response: { 200: MeResponse, 401: ApiError } },
    },
    async (req) => {
      const me = await loadAuthUser(deps.database.db, userId(req));
      if (!me) throw new HttpError(401);
      return me;
    },
  );

  app.patch(
    '/me',
    {
      config: { access: 'authenticated', rateLimit: AUTH_RATE_LIMITS.me },
      schema: { tags, body: MePatch, response: { 200: AuthUser, ...errors } },
    },
    async (req) => updateMe(deps, userId(req), req.body, requestMeta(req)),
  );

  app.post(
    '/change-password',
    {
      config: { access: 'authenticated', rateLimit: AUTH_RATE_LIMITS.changePassword },
      schema: { tags, body: ChangePasswordBody, response: { 200: ChangePasswordResponse, ...errors } },
    },
    async (req) => changePassword(deps, userId(req), req.body, requestMeta(req)),
  );

  app.get(
    '/sessions',
    {
      config: { access: 'authenticated', rateLimit: AUTH_RATE_LIMITS.me },
      schema: { tags, summary: 'Các phiên đăng nhập đang mở của tôi', response: { 200: SessionList, 401: ApiError } },
    },
    async (req) => ({ items: await listSessions(deps.database, userId(req), req.user?.fam) }),
  );

  app.delete(
    '/sessions/:familyId',
    {
      config: { access: 'authenticated', rateLimit: AUTH_RATE_LIMITS.logout },
      schema: { tags, summary: 'Kết thúc một phiên đăng nhập của tôi', params: SessionParams, response: { 200: MessageResponse, ...errors, 404: ApiError } },
    },
    async (req) => {
      await endSession(deps.database, userId(req), req.params.familyId, requestMeta(req), 'self');
      return { message: 'Đã kết thúc phiên đăng nhập' };
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMITS.forgotPassword },
      schema: { tags, security: [], body: ForgotPasswordBody, response: { 200: ForgotPasswordResponse, ...errors } },
    },
    async (req) => {
      // Before anything else: a host that may not go into a link is a 400 for every e-mail alike.
      const origin = mailOrigin(req);
      try {
        await requestReset(deps, req.body.email, requestMeta(req), origin);
      } catch (err) {
        // The answer must not depend on the account, not even through a failure.
        req.log.error({ err }, 'password reset request failed');
      }
      return deps.mailer.mode === 'smtp'
        ? { message: FORGOT_PASSWORD_MESSAGE, delivery: 'mail' as const }
        : { message: FORGOT_PASSWORD_OUTBOX_MESSAGE, delivery: 'outbox' as const };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMITS.resetPassword },
      schema: { tags, security: [], body: ResetPasswordBody, response: { 200: MessageResponse, ...errors } },
    },
    async (req) => {
      await resetPassword(deps, req.body.token, req.body.password, requestMeta(req));
      return { message: 'Đã đặt lại mật khẩu. Vui lòng đăng nhập bằng mật khẩu mới.' };
    },
  );
};
