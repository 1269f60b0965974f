import { z } from 'zod';
import { normalizeVietnamesePhone, PHONE_INVALID_MESSAGE } from '../domain/phone';

/**
 * Optimistic locking, the same for every resource:
 * - `GET /api/<resource>/:id` (and the answers of POST and PATCH) carry `ETag: "<version>"`;
 * - PATCH and DELETE must send `If-Match: "<version>"`; missing → 428, stale → 412 whose
 *   `details.current` is the record as it is now (so the client can show the other person's change)
 *   and whose `ETag` header is its version.
 */
export function etagOf(version: number): string {
  return `"${version}"`;
}

/** The version in an ETag / If-Match value (`"3"`, `W/"3"` or a bare `3`), or null. */
export function versionFromEtag(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(value);
  return m ? Number(m[1]) : null;
}

/** `details` of a 412. */
export function staleDetails<T extends z.ZodType>(item: T) {
  return z.object({ current: item });
}

/** A field-level problem, as in every 400/409 `details` array: path is the field ("email", "account.email"). */
export const FieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

/** Optional text fields: blank means "none" (null), so forms can send '' for an emptied input. */
export const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** A Vietnamese phone number, stored normalised ("+84 912 345 678" → "0912345678"). */
export const PhoneInput = z
  .string({ error: 'Vui lòng nhập số điện thoại' })
  .trim()
  .min(1, { error: 'Vui lòng nhập số điện thoại' })
  .transform((v, ctx) => {
    const n = normalizeVietnamesePhone(v);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_INVALID_MESSAGE });
      return z.NEVER;
    }
    return n;
  });

/** An optional e-mail: blank → null, otherwise trimmed and lower-cased. */
export const OptionalEmailInput = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toLowerCase()) : v),
  z.email({ error: 'Email không hợp lệ' }).max(254, { error: 'Email dài tối đa 254 ký tự' }).nullable(),
);

/** ISO 8601 instant, as every timestamp leaves the API. */
export const Timestamp = z.string();

/** The last fields of every editable record: its version (the If-Match of a write) and when it was made and last changed. */
export const RecordStamps = {
  version: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};
