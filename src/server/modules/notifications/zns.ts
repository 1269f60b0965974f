import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { providerTokens } from '../../db/schema/index';

/**
 * Zalo Notification Service: one template message to one phone number.
 * - Send: POST {ZNS_BASE_URL}/message/template, header `access_token`, JSON body
 *   { phone: "84…", template_id, template_data, tracking_id } (+ mode: "development" for Zalo's test mode).
 *   Answer: { error: 0, message: "Success", data: { msg_id, sent_time, quota } }, or a non-zero `error` with `message`.
 * - Token: the OA access token lives ~25 hours; it is refreshed with the refresh token (single use: each refresh
 *   answers a new one) by POST {ZNS_OAUTH_URL}/v4/oa/access_token, header `secret_key`, form
 *   app_id, grant_type=refresh_token, refresh_token → { access_token, refresh_token, expires_in }.
 *   Tokens are kept in provider_tokens so every instance uses (and refreshes) the same pair.
 */

/** Zalo's error codes that sending again cannot fix: the message is failed with Zalo's answer. */
export const ZNS_PERMANENT_ERRORS: Readonly<Record<number, string>> = {
  [-108]: 'invalid phone number',
  [-109]: 'invalid template id',
  [-111]: 'template data empty',
  [-112]: 'template data invalid',
  [-117]: 'OA or app has no permission for this template (not approved)',
  [-118]: 'Zalo account does not exist',
  [-119]: 'account cannot receive ZNS',
};
/** The access token was refused: refresh it and send again. */
export const ZNS_TOKEN_INVALID = -124;
/** Zalo's "unknown error, try again later". */
export const ZNS_UNKNOWN_ERROR = -100;

export const ZNS_PROVIDER = 'zalo_oa';
/** Refresh this long before the stored expiry. */
const REFRESH_MARGIN_MS = 5 * 60_000;
const TIMEOUT_MS = 10_000;

export type SendOutcome =
  | { kind: 'sent'; answer: unknown }
  /** The provider refused for good (or the message cannot be built): no retry. */
  | { kind: 'failed'; answer: unknown; reason: string }
  /** A 5xx, a timeout, a network error: try again later. */
  | { kind: 'retry'; answer: unknown; reason: string };

async function postWithTimeout(url: string, init: RequestInit): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
}

interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

async function readTokens(database: Database): Promise<TokenPair | null> {
  const [row] = await database.db.select().from(providerTokens).where(eq(providerTokens.provider, ZNS_PROVIDER));
  return row ? { accessToken: row.accessToken, refreshToken: row.refreshToken, expiresAt: new Date(row.expiresAt) } : null;
}

/**
 * Refreshes the OA token under a row lock, so two instances never spend the same (single-use) refresh token; one
 * that waited finds the fresh pair the other stored and uses it.
 */
export async function refreshZnsToken(database: Database, config: Config, opts: { force?: boolean; now?: Date } = {}): Promise<string> {
  if (!config.ZNS_APP_ID || !config.ZNS_SECRET_KEY) throw new Error('ZNS_APP_ID and ZNS_SECRET_KEY are needed to refresh the Zalo token');
  const now = opts.now ?? new Date();
  return database.db.transaction(async (tx) => {
    // Seed the row from the environment the first time, so the lock below has a row to take.
    if (config.ZNS_REFRESH_TOKEN) {
      await tx
        .insert(providerTokens)
        .values({ provider: ZNS_PROVIDER, accessToken: config.ZNS_ACCESS_TOKEN ?? '', refreshToken: config.ZNS_REFRESH_TOKEN, expiresAt: new Date(0) })
        .onConflictDoNothing();
    }
    const [row] = await tx.select().from(providerTokens).where(eq(providerTokens.provider, ZNS_PROVIDER)).for('update');
    if (!row) throw new Error('no Zalo refresh token: set ZNS_REFRESH_TOKEN');
    if (!opts.force && new Date(row.expiresAt).getTime() - REFRESH_MARGIN_MS > now.getTime() && row.accessToken) return row.accessToken;
    const res = await postWithTimeout(`${config.ZNS_OAUTH_URL.replace(/\/$/, '')}/v4/oa/access_token`, {
      method: 'POST',
      headers: { secret_key: config.ZNS_SECRET_KEY!, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ app_id: config.ZNS_APP_ID!, grant_type: 'refresh_token', refresh_token: row.refreshToken }).toString(),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; refresh_token?: string; expires_in?: string | number; error?: number; error_name?: string; error_description?: string };
    if (!res.ok || !body.access_token || !body.refresh_token) {
      throw new Error(`Zalo token refresh refused (${res.status}): ${body.error_description ?? body.error_name ?? JSON.stringify(body)}`);
    }
    const expiresAt = new Date(now.getTime() + Number(body.expires_in ?? 90_000) * 1000);
    await tx
      .update(providerTokens)
      .set({ accessToken: body.access_token, refreshToken: body.refresh_token, expiresAt, updatedAt: sql`now()` })
      .where(eq(providerTokens.provider, ZNS_PROVIDER));
    return body.access_token;
  });
}

/** The access token to send with: the stored one while it is fresh, else a refreshed one, else ZNS_ACCESS_TOKEN. */
export async function znsAccessToken(database: Database, config: Config, now = new Date()): Promise<string> {
  const stored = await readTokens(database);
  if (stored && stored.accessToken && stored.expiresAt.getTime() - REFRESH_MARGIN_MS > now.getTime()) return stored.accessToken;
  if ((stored || config.ZNS_REFRESH_TOKEN) && config.ZNS_APP_ID && config.ZNS_SECRET_KEY) return refreshZnsToken(database, config, { now });
  if (config.ZNS_ACCESS_TOKEN) return config.ZNS_ACCESS_TOKEN;
  throw new Error('no Zalo access token: set ZNS_ACCESS_TOKEN (and ZNS_REFRESH_TOKEN, ZNS_APP_ID, ZNS_SECRET_KEY to refresh it)');
}

export interface ZnsMessage {
  phone: string;
  templateId: string;
  templateData: Record<string, string>;
  trackingId: string;
}

async function postTemplate(config: Config, token: string, m: ZnsMessage): Promise<{ status: number; body: { error?: number; message?: string } | null }> {
  const res = await postWithTimeout(`${config.ZNS_BASE_URL.replace(/\/$/, '')}/message/template`, {
    method: 'POST',
    headers: { access_token: token, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...(config.ZNS_MODE === 'development' ? { mode: 'development' } : {}),
      phone: m.phone,
      template_id: m.templateId,
      template_data: m.templateData,
      tracking_id: m.trackingId,
    }),
  });
  const body = (await res.json().catch(() => null)) as { error?: number; message?: string } | null;
  return { status: res.status, body };
}

/** Sends one ZNS message; a refused token is refreshed once and the message sent again. */
export async function sendZns(database: Database, config: Config, m: ZnsMessage, now = new Date()): Promise<SendOutcome> {
  try {
    let token = await znsAccessToken(database, config, now);
    let answer = await postTemplate(config, token, m);
    if (answer.body?.error === ZNS_TOKEN_INVALID && config.ZNS_APP_ID && config.ZNS_SECRET_KEY) {
      token = await refreshZnsToken(database, config, { force: true, now });
      answer = await postTemplate(config, token, m);
    }
    const { status, body } = answer;
    if (status >= 500 || status === 429) return { kind: 'retry', answer: body, reason: `HTTP ${status}` };
    if (!body || typeof body.error !== 'number') return { kind: 'retry', answer: body, reason: `HTTP ${status}: not a Zalo answer` };
    if (body.error === 0) return { kind: 'sent', answer: body };
    const reason = `${body.error}: ${body.message ?? ZNS_PERMANENT_ERRORS[body.error] ?? 'error'}`;
    if (body.error === ZNS_UNKNOWN_ERROR || body.error === ZNS_TOKEN_INVALID) return { kind: 'retry', answer: body, reason };
    return { kind: 'failed', answer: body, reason };
  } catch (err) {
    return { kind: 'retry', answer: null, reason: (err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message };
  }
}
