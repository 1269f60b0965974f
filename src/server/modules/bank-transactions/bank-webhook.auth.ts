import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How the two bank-notification services prove a webhook is theirs (their published docs):
 *
 * - SePay, "API Key" authentication: every request carries `Authorization: Apikey <key>`, the key typed into the
 *   webhook's settings at SePay. Compared in constant time (both sides hashed first, so the length leaks nothing).
 * - Casso webhook v2: `X-Casso-Signature: t=<epoch ms>,v1=<hex>` where v1 is the hex HMAC-SHA512, keyed with the
 *   webhook's checksum key, of `<t>.<body>` and <body> is the WHOLE JSON body `{ error, data }` written compactly
 *   with the keys of every object sorted A→Z. Casso's own sample (a Python program) writes that JSON with
 *   non-ASCII letters escaped as \uXXXX; a JavaScript sender writes them as they are. Both spellings are accepted,
 *   since each is an HMAC under the same key. A signature more than 5 minutes from now is refused (a replayed
 *   capture), and so is one over any other bytes.
 *
 * The body is parsed from the raw bytes as received (the route keeps them), never from a re-serialised object.
 */

export const CASSO_SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

type WebhookAuthFailure = 'not_configured' | 'missing' | 'malformed' | 'expired' | 'bad_signature';
export type WebhookAuthResult = { ok: true } | { ok: false; reason: WebhookAuthFailure };

const digest = (s: string | Buffer) => createHash('sha256').update(s).digest();

/** Constant-time equality of two strings of any lengths. */
function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b)) && a.length === b.length;
}

/** SePay: `Authorization: Apikey <key>` (the scheme word in any case, as HTTP auth schemes are). */
export function verifySepayApiKey(authorization: string | undefined, key: string | null): WebhookAuthResult {
  if (!key) return { ok: false, reason: 'not_configured' };
  if (!authorization) return { ok: false, reason: 'missing' };
  const m = /^apikey +(.+)$/i.exec(authorization.trim());
  if (!m) return { ok: false, reason: 'malformed' };
  return safeEqual(m[1]!, key) ? { ok: true } : { ok: false, reason: 'bad_signature' };
}

/** Deeper than any provider's body; a deeper one is refused rather than recursed into (a stack overflow). */
const MAX_JSON_DEPTH = 32;

/** JSON with the keys of every object sorted A→Z, no spaces (Casso's signed form). RangeError past MAX_JSON_DEPTH. */
export function sortedCompactJson(value: unknown, asciiOnly = false): string {
  const text = JSON.stringify(sortKeys(value, 0));
  return asciiOnly ? text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : text;
}

function sortKeys(value: unknown, depth: number): unknown {
  if (depth > MAX_JSON_DEPTH) throw new RangeError('JSON nested too deeply');
  if (Array.isArray(value)) return value.map((v) => sortKeys(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) out[k] = sortKeys((value as Record<string, unknown>)[k], depth + 1);
    return out;
  }
  return value;
}

/** The hex HMAC-SHA512 Casso sends as v1, for a parsed body and a timestamp (also what bank:simulate signs). */
function cassoSignature(key: string, t: string | number, body: unknown, asciiOnly = false): string {
  return createHmac('sha512', key).update(`${t}.${sortedCompactJson(body, asciiOnly)}`).digest('hex');
}

/** The header value Casso would send for this body at time t. */
export function cassoSignatureHeader(key: string, t: number, body: unknown): string {
  return `t=${t},v1=${cassoSignature(key, t, body)}`;
}

/**
 * Casso v2. `rawBody` is the bytes as received: they are parsed here (not taken from a parser that may have
 * changed them), sorted and signed; `now` is injected for tests.
 */
export function verifyCassoSignature(header: string | undefined, rawBody: Buffer | string, key: string | null, now = Date.now()): WebhookAuthResult {
  if (!key) return { ok: false, reason: 'not_configured' };
  if (!header) return { ok: false, reason: 'missing' };
  const m = /^\s*t=(\d{1,16})\s*,\s*v1=([0-9a-fA-F]{128})\s*$/.exec(header);
  if (!m) return { ok: false, reason: 'malformed' };
  const t = Number(m[1]);
  if (!Number.isSafeInteger(t) || Math.abs(now - t) > CASSO_SIGNATURE_WINDOW_MS) return { ok: false, reason: 'expired' };
  let body: unknown;
  try {
    body = JSON.parse(Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody);
  } catch {
    return { ok: false, reason: 'bad_signature' };
  }
  const given = m[2]!.toLowerCase();
  let plain: string;
  let ascii: string;
  try {
    plain = cassoSignature(key, m[1]!, body);
    ascii = cassoSignature(key, m[1]!, body, true);
  } catch {
    // Nested past any real body: nothing Casso sends, so nothing it signed.
    return { ok: false, reason: 'bad_signature' };
  }
  // Both computed and compared every time, so the time taken says nothing about which one matched.
  const a = safeEqual(given, plain);
  const b = safeEqual(given, ascii);
  return a || b ? { ok: true } : { ok: false, reason: 'bad_signature' };
}
