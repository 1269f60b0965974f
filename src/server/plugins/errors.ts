import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { DEFAULT_MESSAGES } from '../../shared/contracts/errors';
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

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * One error handler for the whole API: every failure becomes `{ message, code, details? }` with a Vietnamese
 * message. Stack traces and SQL text are logged, never sent.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, req, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send({ message: err.message, code: err.code, details: err.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].filter(Boolean).join('.'),
        message: v.message ?? 'không hợp lệ',
      }));
      return reply.status(400).send({ message: DEFAULT_MESSAGES[400], code: codeFor(400), details });
    }
    if (err instanceof ZodError) {
      return reply.status(400).send({ message: DEFAULT_MESSAGES[400], code: codeFor(400), details: fieldErrorsFromZod(err.issues) });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ message: DEFAULT_MESSAGES[500], code: codeFor(500) });
    }
    const pg = pgCause(err);
    if (pg?.code === '23503' && /still referenced/.test(pg.detail ?? '')) {
      return reply.status(409).send({ message: 'Không thể xoá: dữ liệu này đang được dùng ở nơi khác', code: codeFor(409) });
    }
    if (pg?.code === '23503') {
      // A reference to a row that does not exist (an order id, a store id…): the client's mistake, named on its field.
      const column = /Key \((\w+)\)/.exec(pg.detail ?? '')?.[1];
      const message = 'Dữ liệu liên kết không tồn tại';
      return reply.status(400).send({
        message,
        code: codeFor(400),
        details: column ? [{ path: camel(column), message }] : undefined,
      });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type, rate limit…).
      const message = status === 400 && (err as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'Nội dung JSON không hợp lệ'
        : DEFAULT_MESSAGES[status] ?? DEFAULT_MESSAGES[400];
      return reply.status(status).send({ message, code: codeFor(status) });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: DEFAULT_MESSAGES[500], code: codeFor(500) });
  });
}
