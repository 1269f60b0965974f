/** Where a signed-in user lands when nothing else is asked for. */
export const HOME_AFTER_LOGIN = '/dashboard/ecommerce';
export const LOGIN_PATH = '/auth/login';
export const LOCK_SCREEN_PATH = '/auth/lock-screen';
const RETURN_TO_PARAM = 'returnTo';

/**
 * A page inside this app to go back to, or null. Only same-origin paths pass: "//evil.example" and
 * "/\\evil.example" are protocol-relative URLs to another site, and /auth/* pages are never a destination.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20) return null;
  if (value === '/auth' || value.startsWith('/auth/') || value.startsWith('/auth?')) return null;
  return value;
}

/** /auth/login, remembering the page the user came from. */
export function loginPathFor(returnTo: string | null | undefined): string {
  const safe = safeReturnTo(returnTo);
  return safe ? `${LOGIN_PATH}?${RETURN_TO_PARAM}=${encodeURIComponent(safe)}` : LOGIN_PATH;
}

/** The page to open after signing in: the remembered one, else the dashboard. */
export function returnToFromSearch(search: string): string {
  return safeReturnTo(new URLSearchParams(search).get(RETURN_TO_PARAM)) ?? HOME_AFTER_LOGIN;
}

// The last protected page shown in this tab (sessionStorage: it survives a reload). The lock screen opened from
// the user menu, or by typing its address, returns there.
const LAST_PATH_KEY = 'cargo.lastPath';

export function rememberProtectedPath(path: string): void {
  const safe = safeReturnTo(path);
  if (!safe) return;
  try {
    sessionStorage.setItem(LAST_PATH_KEY, safe);
  } catch {}
}

export function lastProtectedPathOr(fallback = HOME_AFTER_LOGIN): string {
  try {
    return safeReturnTo(sessionStorage.getItem(LAST_PATH_KEY)) ?? fallback;
  } catch {
    return fallback;
  }
}
