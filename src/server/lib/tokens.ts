import { createSecretKey, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { AccessTokenClaims, Role } from '../../shared/auth';

const ALGORITHMS = ['HS256'];

export interface TokenSigner {
  sign(user: { id: number; role: Role; email: string }): Promise<{ token: string; claims: AccessTokenClaims }>;
  /** Verifies signature, algorithm and expiry. Throws on any problem. */
  verify(token: string): Promise<AccessTokenClaims>;
  /** Verifies signature and algorithm but accepts an expired token (the refresh call sends one). */
  verifyIgnoringExpiry(token: string): Promise<AccessTokenClaims>;
}

export function createTokenSigner(secret: string, ttlMs: number): TokenSigner {
  // Imported once: jose imports a raw secret on every sign and verify (about half the cost of a verify).
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    async sign(user) {
      const iat = Math.floor(Date.now() / 1000);
      const claims: AccessTokenClaims = {
        sub: String(user.id),
        role: user.role,
        email: user.email,
        iat,
        exp: iat + Math.max(1, Math.round(ttlMs / 1000)),
        jti: randomUUID(),
      };
      const token = await new SignJWT({ role: claims.role, email: claims.email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(claims.iat)
        .setExpirationTime(claims.exp)
        .setJti(claims.jti)
        .sign(key);
      return { token, claims };
    },
    async verify(token) {
      const { payload } = await jwtVerify(token, key, { algorithms: ALGORITHMS });
      return payload as unknown as AccessTokenClaims;
    },
    async verifyIgnoringExpiry(token) {
      // Judging the token as of the epoch skips the exp check only: signature and algorithm are still verified.
      const { payload } = await jwtVerify(token, key, { algorithms: ALGORITHMS, currentDate: new Date(0) });
      return payload as unknown as AccessTokenClaims;
    },
  };
}
