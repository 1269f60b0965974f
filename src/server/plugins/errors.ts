import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { DEFAULT_MESSAGES } from '../../shared/contracts/errors';
import type { MessageLanguage } from '../../shared/i18n/language';
import { localizeMessage } from '../../shared/i18n/localize';
import { codeFor, HttpError } from '../lib/errors';

interface FieldError {
  path: string;
  message: string;
}

function fieldErrorsFromZod(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, prefix?: string): FieldError[] {
  return issues.map((i) => ({
    path: [prefix, ...i.path.map(String)].filter(Boolean).join('.') || '(body)',
    message: i.message,
  }));
}

/** The driver's error under drizzle's wrapper (DrizzleQueryError keeps it as `cause`). */
function pgCause(err: unknown): { code: string; detail?: string } | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as { code: string; detail?: string };
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** What the multipart parser (busboy/dicer) throws on a malformed body; pinned by bad-input.test.ts. */
const MULTIPART_BROKEN = /^(?:Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

interface ErrorBody {
  message: string;
  code: string;
  details?: unknown;
}

/**
 * `message` and every `details[].message` in the request's language (req.lang, from Accept-Language).
 * Vietnamese is the source language: a Vietnamese answer is the body as built, untouched. English comes from
 * the catalog (shared/i18n/messages.en.ts); zod's built-in messages are already English for an English request
 * (plugins/language.ts), and the catalog leaves text it does not know as it is.
 */
function localizeErrorBody<T extends ErrorBody>(body: T, lang: MessageLanguage): T {
  if (lang === 'vi') return body;
  const out: T = { ...body, message: localizeMessage(body.message, lang) };
  if (Array.isArray(body.details)) {
    out.details = body.details.map((d: unknown) =>
      d && typeof d === 'object' && typeof (d as { message?: unknown }).message === 'string'
        ? { ...d, message: localizeMessage((d as { message: string }).message, lang) }
        : d,
    );
  }
  return out;
}

/** Bodies this handler has already put into the request's language (the preSerialization hook skips them). */
const localized = new WeakSet<object>();

/**
 * One error handler for the whole API: every failure becomes `{ message, code, details? }`, with its message in
 * the request's language (Vietnamese unless the client asks for English). Stack traces and SQL text are logged,
 * never sent.
 */
export function registerErrorHandler(app: FastifyInstance) {
  const send = (req: FastifyRequest, reply: FastifyReply, status: number, body: ErrorBody) => {
    const out = localizeErrorBody(body, req.lang);
    localized.add(out);
    return reply.status(status).send(out);
  };

  // Messages sent without going through the handler below: success messages (`{ message: 'Đã đăng xuất' }`) and
  // refusals a route answers itself (a replayed Idempotency-Key answer, stored as it was first sent: Vietnamese).
  app.addHook('preSerialization', async (req, reply, payload) => {
    if (req.lang === 'vi' || !payload || typeof payload !== 'object' || localized.has(payload)) return payload;
    const message = (payload as { message?: unknown }).message;
    if (typeof message !== 'string') return payload;
    if (reply.statusCode >= 400) return localizeErrorBody(payload as ErrorBody, req.lang);
    return { ...payload, message: localizeMessage(message, req.lang) };
  });

  app.setErrorHandler((err: FastifyError | Error, req, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return send(req, reply, err.statusCode, { message: err.message, code: err.code, details: err.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].filter(Boolean).join('.'),
        message: v.message ?? 'không hợp lệ',
      }));
      return send(req, reply, 400, { message: DEFAULT_MESSAGES[400], code: codeFor(400), details });
    }
    if (err instanceof ZodError) {
      return send(req, reply, 400, { message: DEFAULT_MESSAGES[400], code: codeFor(400), details: fieldErrorsFromZod(err.issues) });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return send(req, reply, 500, { message: DEFAULT_MESSAGES[500], code: codeFor(500) });
    }
    const pg = pgCause(err);
    if (pg?.code === '23503' && /still referenced/.test(pg.detail ?? '')) {
      return send(req, reply, 409, { message: 'Không thể xoá: dữ liệu này đang được dùng ở nơi khác', code: codeFor(409) });
    }
    if (pg?.code === '23503') {
      // A reference to a row that does not exist (an order id, a store id…): the client's mistake, named on its field.
      const column = /Key \((\w+)\)/.exec(pg.detail ?? '')?.[1];
      const message = 'Dữ liệu liên kết không tồn tại';
      return send(req, reply, 400, {
        message,
        code: codeFor(400),
        details: column ? [{ path: camel(column), message }] : undefined,
      });
    }
    if (MULTIPART_BROKEN.test(err.message) && !(err as FastifyError).statusCode) {
      // The upload parser's own errors (a body cut short, no boundary): the client's malformed upload.
      return send(req, reply, 400, { message: 'Tệp tải lên không đúng định dạng multipart/form-data', code: codeFor(400) });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type, rate limit…).
      const message = status === 400 && (err as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'Nội dung JSON không hợp lệ'
        : (DEFAULT_MESSAGES[status] ?? DEFAULT_MESSAGES[400]);
      return send(req, reply, status, { message, code: codeFor(status) });
    }
    req.log.error({ err }, 'unhandled error');
    return send(req, reply, 500, { message: DEFAULT_MESSAGES[500], code: codeFor(500) });
  });
}
