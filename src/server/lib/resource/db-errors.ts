import type { FieldError } from '../../../shared/contracts/resource';
import { HttpError } from '../errors';

interface PgErrorLike {
  code?: string;
  constraint?: string;
}

/** The driver's error under drizzle's wrapper (DrizzleQueryError keeps it as `cause`). */
function pgError(err: unknown): PgErrorLike | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as PgErrorLike).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgErrorLike;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Turns a unique-index violation into a 409 on the field it guards. Services check first and answer with
 * a precise message; this covers the race where two requests pass the check at the same time.
 */
export function mapUniqueViolation(err: unknown, fields: Record<string, FieldError>): never {
  const pg = pgError(err);
  if (pg?.code === '23505' && pg.constraint && fields[pg.constraint]) {
    const f = fields[pg.constraint]!;
    throw new HttpError(409, f.message, undefined, [f]);
  }
  throw err;
}
