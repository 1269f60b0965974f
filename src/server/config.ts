import { isIP } from 'node:net';
import { z } from 'zod';
import { parseDuration } from '../shared/duration';
import { NOTIFY_EVENTS, parseQuietHours } from '../shared/domain/notifications';

const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      try {
        const ms = parseDuration(v);
        if (ms <= 0) throw new Error('must be positive');
        return ms;
      } catch {
        ctx.addIssue({ code: 'custom', message: `not a duration like "15m": ${v}` });
        return z.NEVER;
      }
    });

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

export const TRUST_PROXY_TRUE_MESSAGE =
  '"true" would trust every X-Forwarded-For hop, so a client could choose its own IP. Set the number of proxies in ' +
  'front of the server (TRUST_PROXY=1 for one load balancer) or their addresses (TRUST_PROXY=10.0.0.5,10.1.0.0/16)';

/**
 * Which proxies' X-Forwarded-For entries are believed: false (none: the socket's address is the client), a hop
 * count, or a list of proxy addresses / CIDRs (Fastify's `trustProxy`). `true` is refused: it believes the leftmost
 * entry, which the client writes.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((raw, ctx): false | number | string[] => {
    const v = raw.trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') {
      ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE_MESSAGE });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
    const bad = entries.filter((e) => !isAddressOrCidr(e));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not a hop count or a list of proxy addresses/CIDRs: ${bad.join(', ') || raw} (e.g. TRUST_PROXY=1 or TRUST_PROXY=10.0.0.5,10.1.0.0/16)`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** A comma-separated list of host names (optionally host:port), compared case-insensitively. */
const hostList = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const hosts = v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
      const bad = hosts.filter((h) => !/^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/.test(h));
      if (hosts.length === 0 || bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `not a list of host names: ${bad.join(', ') || v}` });
        return z.NEVER;
      }
      return hosts;
    }),
);

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  ACCESS_TOKEN_TTL: duration('15m'),
  REFRESH_TOKEN_TTL: duration('12h'),
  REFRESH_TOKEN_ABSOLUTE_TTL: duration('7d'),
  /** How long a wallet Idempotency-Key answers a retry with the first response; expired keys are purged. */
  IDEMPOTENCY_KEY_TTL: duration('24h'),
  /** How long a list page or dashboard may be answered again from memory while the database has not changed. */
  READ_CACHE_TTL: duration('10s'),
  /** Memory for those kept answers, in MiB; 0 turns the cache off. */
  READ_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SEED_ADMIN_EMAIL: z.email().default('admin@cargo.test'),
  SEED_ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  SEED_STAFF_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().regex(/^smtps?:\/\//).optional()),
  /** Without SMTP: also write each mail as a file in this directory (owner-only), where a local mail tool or a test picks it up. */
  MAIL_PICKUP_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  MAIL_FROM: z.string().default('Cargo Console <no-reply@cargo.test>'),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  /**
   * redis:// or rediss:// URL: the per-IP rate-limit counters live in Redis, shared by every instance using it.
   * Unset: in PostgreSQL (shared by the instances on one database), or in memory with PGlite (one process).
   */
  REDIS_URL: z.preprocess(emptyToUndefined, z.string().regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: readable lines on a terminal, JSON lines when stdout is a pipe or file; `json` or `text` forces one. */
  LOG_FORMAT: z.enum(['auto', 'json', 'text']).default('auto'),
  TRUST_PROXY: trustProxy,
  /**
   * Without PUBLIC_URL, the hosts a request may name (Host) for the server to put its origin in an e-mailed link;
   * unset: the listen address and localhost.
   */
  ALLOWED_HOSTS: hostList,
  /** Whole request, body included: a slower one is answered 408 and its connection closed. */
  REQUEST_TIMEOUT: duration('120s'),
  /** Until the request's headers are complete. */
  HEADERS_TIMEOUT: duration('20s'),
  /** A connection silent for this long is closed. */
  CONNECTION_TIMEOUT: duration('90s'),
  BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576),
  UPLOAD_LIMIT: z.coerce.number().int().positive().default(10 * 1_048_576),
  /** Bank webhooks (issue 33): SePay's API key (header `Authorization: Apikey <key>`); unset = the one saved in Settings, if any. */
  SEPAY_WEBHOOK_KEY: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  /** Casso webhook v2's checksum key (HMAC-SHA512 signature); unset = the one saved in Settings, if any. */
  CASSO_WEBHOOK_KEY: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  /** The word customers may write before their customer code to top up their wallet ("NAP KH000201"); Settings may change it. */
  BANK_TOPUP_PREFIX: z.string().regex(/^[A-Za-z]{0,10}$/, 'letters only, at most 10').default('NAP').transform((v) => v.toUpperCase()),
  /** Zalo ZNS (customer notifications): the API's base URL; the fake of `npm run dev:zns` in development and tests. */
  ZNS_BASE_URL: z.preprocess(emptyToUndefined, z.url().default('https://business.openapi.zalo.me')),
  /** Where the OA access token is refreshed (POST {base}/v4/oa/access_token). */
  ZNS_OAUTH_URL: z.preprocess(emptyToUndefined, z.url().default('https://oauth.zaloapp.com')),
  /** The OA access token to start from; refreshed with ZNS_REFRESH_TOKEN and then kept in the database. */
  ZNS_ACCESS_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
  ZNS_REFRESH_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
  ZNS_APP_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  ZNS_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /** `development`: Zalo's development mode (messages only to the OA's own test numbers). */
  ZNS_MODE: z.preprocess(emptyToUndefined, z.enum(['development', 'production']).default('production')),
  /** JSON { "<event kind>": "<template_id>" }; a template saved in Settings wins. Unset kinds send no Zalo message. */
  ZNS_TEMPLATES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('{}')
      .transform((v, ctx) => {
        try {
          const parsed = z.partialRecord(z.enum(NOTIFY_EVENTS), z.string().min(1)).parse(JSON.parse(v));
          return parsed as Partial<Record<(typeof NOTIFY_EVENTS)[number], string>>;
        } catch {
          ctx.addIssue({ code: 'custom', message: `not a JSON object of event kind → template id: ${v}` });
          return z.NEVER;
        }
      }),
  ),
  /** No Zalo message in this window (Vietnam time); held until it ends. Empty: no quiet hours. */
  NOTIFY_QUIET_HOURS: z
    .string()
    .default('21:00-07:00')
    .transform((v, ctx) => {
      try {
        return parseQuietHours(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  /** How long one customer's parcels of one event (and MAWB or slip) are gathered into one message. */
  NOTIFY_BATCH_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  /** At most this many sends per second per provider, per instance. */
  NOTIFY_RATE_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(10),
  /** How often an idle instance asks the job queue for work. */
  QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** How often the queue's upkeep runs (one instance at a time): it gives up on jobs whose worker died, then retries them. */
  QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /**
   * How long one send may run before the queue counts its worker as gone and sends the message again (the same
   * tracking_id, so the provider does not deliver it twice). Longer than a provider call's 10-second timeout.
   */
  NOTIFY_SEND_EXPIRE_SECONDS: z.coerce.number().int().min(15).max(3600).default(120),
  /** 1: take the data directory's lock over whoever holds it (as `--force-unlock`); for a holder known gone. */
  CARGO_FORCE_UNLOCK: z.preprocess(
    emptyToUndefined,
    z
      .enum(['0', '1', 'true', 'false'])
      .default('0')
      .transform((v) => v === '1' || v === 'true'),
  ),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops the process with every problem named. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
