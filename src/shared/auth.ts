/**
 * The cookie and storage names the browser keeps a session under. They are fixed names that other tools and an
 * older client read, so they never change; the web client and the server share them from here.
 */
export const COOKIE_USER = 'user';
export const COOKIE_ACCESS_TOKEN = 'access_token';
export const COOKIE_REFRESH_TOKEN = 'refresh_token';
export const STORAGE_USER_INFOR = 'user_infor';
/** The session-storage record of the user lives under one fixed key, never shown to the user. */
export const SESSION_STORAGE_USER = 'cargo_console_user';

export const ROLES = ['Admin', 'Staff'] as const;
export type Role = (typeof ROLES)[number];

/** Claims of the access token (JWT HS256). */
export interface AccessTokenClaims {
  sub: string;
  role: Role;
  email: string;
  iat: number;
  exp: number;
  jti: string;
  /** The refresh-token family (sign-in session) the token was issued for; absent on tokens made outside a session. */
  fam?: string;
}
