import { randomUUID, webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { AccessTokenClaims, Role } from '../../shared/auth';

const ALGORITHMS = ['HS256'];

export interface TokenSigner {
  /** `familyId`: the refresh-token family the token belongs to, so that ending the family ends the token too. */
  sign(user: { id: number; role: Role; email: string }, familyId?: string): Promise<{ token: string; claims: AccessTokenClaims }>;
  /** Verifies signature, algorithm and expiry. Throws on any problem. */
  verify(token: string): Promise<AccessTokenClaims>;
  /** Verifies signature and algorithm but accepts an expired token (the refresh call sends one). */
  verifyIgnoringExpiry(token: string): Promise<AccessTokenClaims>;
}

/**
 * How many verified tokens a signer remembers. A token that verified once keeps a valid signature for good, so
 * it is verified once and its claims reused until it expires (a verify cost as much CPU as the rest of a
 * list request's own work); the expiry is still checked on every use. One entry per signed-in tab's current token.
 */
const VERIFIED_TOKENS_MAX = 10_000;

export function createTokenSigner(secret: string, ttlMs: number): TokenSigner {
  // A WebCrypto key made once: jose turns any other key form (a raw secret, a node KeyObject) into one on every sign
  // and verify, which the profile showed as importKey under each request.
  const key = webcrypto.subtle.importKey('raw', Buffer.from(secret, 'utf8'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const verified = new Map<string, AccessTokenClaims>();
  return {
    async sign(user, familyId) {
      const iat = Math.floor(Date.now() / 1000);
      const claims: AccessTokenClaims = {
        sub: String(user.id),
        role: user.role,
        email: user.email,
        iat,
        exp: iat + Math.max(1, Math.round(ttlMs / 1000)),
        jti: randomUUID(),
        ...(familyId ? { fam: familyId } : {}),
      };
      const token = await new SignJWT({ role: claims.role, email: claims.email, ...(familyId ? { fam: familyId } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(claims.iat)
        .setExpirationTime(claims.exp)
        .setJti(claims.jti)
        .sign(await key);
      return { token, claims };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // Expired since it was verified: jose's own check, with its message, refuses it.
        if (typeof known.exp === 'number' && known.exp * 1000 > Date.now()) return known;
        verified.delete(token);
      }
      const { payload } = await jwtVerify(token, await key, { algorithms: ALGORITHMS });
      const claims = payload as unknown as AccessTokenClaims;
      if (verified.size >= VERIFIED_TOKENS_MAX) {
        const now = Date.now();
        for (const [t, c] of verified) if (c.exp * 1000 <= now) verified.delete(t);
        // Still full of live tokens: the oldest entries go (a Map keeps insertion order).
        for (const t of verified.keys()) {
          if (verified.size < VERIFIED_TOKENS_MAX) break;
          verified.delete(t);
        }
      }
      if (typeof claims.exp === 'number') verified.set(token, claims);
      return claims;
    },
    async verifyIgnoringExpiry(token) {
      // Judging the token as of the epoch skips the exp check only: signature and algorithm are still verified.
      const { payload } = await jwtVerify(token, await key, { algorithms: ALGORITHMS, currentDate: new Date(0) });
      return payload as unknown as AccessTokenClaims;
    },
  };
}
