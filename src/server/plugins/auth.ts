import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessTokenClaims, Role } from '../../shared/auth';
import { AUTH_ERROR_CODES } from '../../shared/contracts/auth';
import type { Database } from '../db/client';
import { HttpError } from '../lib/errors';
import type { TokenSigner } from '../lib/tokens';

/**
 * Route access levels, set in a route's `config.access`:
 * - 'public': no token (health, login, refresh-token, forgot/reset password, public tracking, docs, the SPA's
 *   static files);
 * - 'authenticated': any signed-in user (auth/me, dashboards);
 * - undefined (the default): role Admin only — for every route, under /api or not.
 * Defaulting to the strictest level means a new route cannot be left open by forgetting a flag.
 */
type Access = 'public' | 'authenticated' | { roles: Role[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The answer may be cached (static files, API docs); every other answer is sent `Cache-Control: no-store`. */
    cacheable?: boolean;
  }
  interface FastifyRequest {
    user?: AccessTokenClaims & { id: number };
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  // The token comes as "Bearer <token>"; some clients send "JWT <token>", accepted alike.
  const m = /^(?:Bearer|JWT)\s+(.+)$/i.exec(h.trim());
  return m?.[1];
}

/** What the hook needs to know about a token's user, beyond the signature. */
export interface SessionState {
  enabled: boolean;
  role: Role;
  /** Epoch ms; access tokens issued before this second are refused. null = never revoked. */
  sessionsValidAfter: number | null;
}

export type SessionStateLoader = (userId: number) => Promise<SessionState | null>;

export function databaseSessionLoader(database: Database): SessionStateLoader {
  return async (userId) => {
    const rows = await database.query<{ enabled: boolean; role: Role; sessions_valid_after: Date | string | null }>(
      'SELECT enabled, role, sessions_valid_after FROM users WHERE id = $1',
      [userId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      enabled: row.enabled,
      role: row.role,
      sessionsValidAfter: row.sessions_valid_after == null ? null : new Date(row.sessions_valid_after).getTime(),
    };
  };
}

/**
 * Whether a refresh-token family (one sign-in session) has ended, for whatever reason: logout or the lock screen,
 * a reused token, a password change, a disabled account, or an Admin ending the session. A family ends by
 * revoking its rows, all at once, so one revoked row is the whole family's end. One rule, no list of reasons.
 */
export type FamilyStateLoader = (familyId: string) => Promise<boolean>;

function databaseFamilyLoader(database: Database): FamilyStateLoader {
  return async (familyId) => {
    const rows = await database.query<{ revoked: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = $1 AND revoked_at IS NOT NULL) AS revoked`,
      [familyId],
    );
    return rows[0]?.revoked === true;
  };
}

/**
 * How long this process trusts what it read about a user (or a refresh-token family). A change made by another server instance (or
 * straight in the database) is seen within this time; one made by this process is seen at once, because
 * the writer calls forgetSessionState.
 */
export const SESSION_CACHE_MS = 5_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface CacheEntry {
  state: SessionState | null;
  until: number;
}

// Every auth hook of this process (tests build several apps): invalidation must reach all of them.
const caches = new Set<Map<number, CacheEntry>>();
// A change is forgotten before its transaction commits; reading the old row again in that gap and caching
// it would hide the change for SESSION_CACHE_MS, so a just-changed user bypasses the cache for a while.
const bypassUntil = new Map<number, number>();

const familyCaches = new Set<Map<string, { revoked: boolean; until: number }>>();

/** Call after this process ended a refresh-token family, for any reason (after the commit). */
export function forgetFamilyState(familyId: string): void {
  for (const cache of familyCaches) cache.delete(familyId);
}

/** Call whenever this process changes a user's enabled flag, role or session cut-off. */
export function forgetSessionState(userId: number): void {
  for (const cache of caches) cache.delete(userId);
  bypassUntil.set(userId, Date.now() + SESSION_CACHE_MS);
}

/**
 * Whether a verified token still stands: its user exists and is enabled, has the role the token claims,
 * and revoked nobody's sessions after the token was issued. The cut-off compares whole seconds because
 * `iat` has one-second resolution: a token issued later in the same second as a revocation (the fresh
 * one a password change hands back) must stay valid.
 */
export function tokenStillValid(claims: AccessTokenClaims, state: SessionState | null): boolean {
  if (!state || !state.enabled || state.role !== claims.role) return false;
  if (state.sessionsValidAfter != null && claims.iat < Math.floor(state.sessionsValidAfter / 1000)) return false;
  return true;
}

export interface RegisterAuthOptions {
  /** Where the hook reads a user's session state; defaults to the app's database (app.deps.database). */
  loadSessionState?: SessionStateLoader;
  /** Where the hook reads whether a token's refresh-token family has ended; defaults to the database. */
  loadFamilyRevoked?: FamilyStateLoader;
}

export function registerAuth(app: FastifyInstance, signer: TokenSigner, opts: RegisterAuthOptions = {}) {
  const load: SessionStateLoader | undefined =
    opts.loadSessionState ?? (app.hasDecorator('deps') ? databaseSessionLoader(app.deps.database) : undefined);
  const loadFamily: FamilyStateLoader | undefined =
    opts.loadFamilyRevoked ?? (app.hasDecorator('deps') ? databaseFamilyLoader(app.deps.database) : undefined);
  const cache = new Map<number, CacheEntry>();
  caches.add(cache);
  const familyCache = new Map<string, { revoked: boolean; until: number }>();
  familyCaches.add(familyCache);
  app.addHook('onClose', async () => {
    caches.delete(cache);
    familyCaches.delete(familyCache);
  });

  /** Read at most once per SESSION_CACHE_MS per family, like the user's state: an ended family is seen within that time. */
  async function familyRevoked(familyId: string): Promise<boolean> {
    const now = Date.now();
    const hit = familyCache.get(familyId);
    if (hit && hit.until > now) return hit.revoked;
    const revoked = await loadFamily!(familyId);
    if (familyCache.size > 10_000) {
      for (const [id, e] of familyCache) if (e.until <= now) familyCache.delete(id);
    }
    familyCache.set(familyId, { revoked, until: now + SESSION_CACHE_MS });
    return revoked;
  }

  async function sessionState(userId: number): Promise<SessionState | null> {
    const now = Date.now();
    const hit = cache.get(userId);
    if (hit && hit.until > now) return hit.state;
    const state = await load!(userId);
    const bypass = bypassUntil.get(userId);
    if (bypass !== undefined && bypass > now) return state;
    if (bypass !== undefined) bypassUntil.delete(userId);
    // Bounded: an entry per recently active user; stale ones go when the map grows.
    if (cache.size > 10_000) {
      for (const [id, e] of cache) if (e.until <= now) cache.delete(id);
    }
    cache.set(userId, { state, until: now + SESSION_CACHE_MS });
    return state;
  }

  app.decorateRequest('user', undefined);
  app.addHook('onRequest', async (req) => {
    // Access is decided by the route the router matched, never by the URL text: the router decodes the path
    // (`/%61pi/…` matches `/api/…`), so a test on req.url can be walked around. No matched route means the
    // not-found handler answers, which sends the SPA shell or a 404 and never data.
    if (req.routeOptions.url === undefined) return;
    const access: Access | undefined = req.routeOptions.config?.access;
    if (access === 'public') return;
    const token = bearerToken(req);
    if (!token) throw new HttpError(401, 'Bạn cần đăng nhập để tiếp tục');
    let claims: AccessTokenClaims;
    try {
      claims = await signer.verify(token);
    } catch {
      throw new HttpError(401, 'Phiên đăng nhập đã hết hạn hoặc không hợp lệ', AUTH_ERROR_CODES.TOKEN_INVALID);
    }
    const userId = Number(claims.sub);
    if (!Number.isSafeInteger(userId)) throw new HttpError(401, 'Phiên đăng nhập không hợp lệ', AUTH_ERROR_CODES.TOKEN_INVALID);
    if (load && !tokenStillValid(claims, await sessionState(userId))) {
      throw new HttpError(401, 'Phiên đăng nhập đã bị thu hồi, vui lòng đăng nhập lại', AUTH_ERROR_CODES.SESSION_REVOKED);
    }
    // A token of an ended sign-in session (logout, lock, reuse, …) dies with it, within the same interval.
    if (loadFamily && typeof claims.fam === 'string' && UUID.test(claims.fam) && (await familyRevoked(claims.fam))) {
      throw new HttpError(401, 'Phiên đăng nhập đã bị thu hồi, vui lòng đăng nhập lại', AUTH_ERROR_CODES.SESSION_REVOKED);
    }
    req.user = { ...claims, id: userId };
    if (access === 'authenticated') return;
    const roles: Role[] = access?.roles ?? ['Admin'];
    if (!roles.includes(claims.role)) throw new HttpError(403);
  });
}
