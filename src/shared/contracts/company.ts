import { z } from 'zod';

/**
 * The company profile: settings of kind `company`, one row per key (plain settings, edited in place with
 * If-Match, never effective-dated). Text keys hold a JSON string; `logo` holds a LogoValue.
 *
 * Public (no sign-in), for printouts, the public tracking page and the top bar:
 * - `GET /api/public/company` → PublicCompany (Cache-Control: public, max-age=60);
 * - `GET /api/public/logo?v=<version>` → the image from the database. With the current `v` the answer is
 *   `Cache-Control: public, max-age=31536000, immutable`; without it (or with an old one) it is revalidated
 *   by ETag. No logo → 404 `{ message, code }`.
 */

export const COMPANY_KIND = 'company';
export const COMPANY_TEXT_KEYS = ['name', 'address', 'phone', 'hotline', 'taxCode'] as const;
export const COMPANY_LOGO_KEY = 'logo';
export type CompanyKey = (typeof COMPANY_TEXT_KEYS)[number] | typeof COMPANY_LOGO_KEY;

const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];
/** 1 MiB. */
export const LOGO_MAX_BYTES = 1_048_576;

/** The `value` of the `company/logo` setting: no logo, or the stored file and its content hash. */
export const LogoValue = z.union([
  z.strictObject({ fileId: z.null() }),
  z.strictObject({
    fileId: z.number().int().positive(),
    contentType: z.enum(LOGO_CONTENT_TYPES),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    size: z.number().int().positive().max(LOGO_MAX_BYTES),
  }),
]);
export type LogoValue = z.infer<typeof LogoValue>;

/** The version a logo URL carries: the first 16 hex digits of its SHA-256 (a new image → a new URL). */
export const logoVersion = (sha256: string) => sha256.slice(0, 16);
export const logoUrl = (sha256: string) => `/api/public/logo?v=${logoVersion(sha256)}`;

export const PublicCompany = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  hotline: z.string(),
  taxCode: z.string(),
  /** `/api/public/logo?v=…`, or null when the company has no logo. */
  logoUrl: z.string().nullable(),
});
export type PublicCompany = z.infer<typeof PublicCompany>;

export const PublicLogoQuery = z.strictObject({ v: z.string().max(64).optional() });
