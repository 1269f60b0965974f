import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '../../../shared/auth';
import type { SessionPolicy } from '../../../shared/session-policy';
import { applySessionPolicy, watchIdle } from '../lock';
import {
  lastProtectedPathOr,
  LOCK_SCREEN_PATH,
  loginPathFor,
  rememberProtectedPath,
} from '../return-to';
import { lock, useAuth } from '../use-auth';
import { api, keepSessionFresh, refreshAccessToken, refreshFailedFor } from '../api-client';
import { getAccessToken, getRefreshToken, notifySessionChanged } from '../session';
import { PageSpinner } from './page-spinner';

/**
 * Wraps a route element:
 * - locked console → the lock screen;
 * - no access-token cookie, or an expired token that cannot be renewed → /auth/login, remembering the page;
 * - an expired token with a refresh token → renewed once before deciding (a spinner meanwhile);
 * - a role not among `roles` → /.
 * While a protected page is shown it keeps the token fresh and locks the console after the idle minutes.
 */
let policyLoad: Promise<void> | null = null;

/** Reads the office's idle minutes once per page load (guards nest; the first one asks). Failure keeps the default. */
function loadSessionPolicy() {
  policyLoad ??= api.get<SessionPolicy>('/api/settings/session-policy').then(applySessionPolicy, () => {
    policyLoad = null;
  });
}

export function ProtectedRoute({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const here = location.pathname + location.search + location.hash;
  const token = getAccessToken();
  const canRenew = !!token && !auth.isAuthenticated && !!getRefreshToken() && !refreshFailedFor(token);
  const allowed = !auth.locked && auth.isAuthenticated && (!roles || (!!auth.role && roles.includes(auth.role)));

  useEffect(() => {
    if (auth.locked || !canRenew || !token) return;
    // Single-flight: StrictMode's second run and sibling guards join the same request.
    void refreshAccessToken(token).then((outcome) => {
      // Success re-renders through the new cookies; a failure must re-render too, to leave for the login page.
      if (!outcome.ok) notifySessionChanged();
    });
  }, [auth.locked, canRenew, token]);

  useEffect(() => {
    if (allowed) rememberProtectedPath(here);
  }, [allowed, here]);

  useEffect(() => {
    if (!allowed) return;
    const stopRefresh = keepSessionFresh();
    const stopIdle = watchIdle(() => void lock(lastProtectedPathOr()));
    loadSessionPolicy();
    return () => {
      stopRefresh();
      stopIdle();
    };
  }, [allowed]);

  if (auth.locked) return <Navigate to={LOCK_SCREEN_PATH} replace />;
  if (!token) return <Navigate to={loginPathFor(here)} replace />;
  if (!auth.isAuthenticated) {
    // The moment an expired token is being renewed.
    if (canRenew) return <PageSpinner fullPage />;
    return <Navigate to={loginPathFor(here)} replace />;
  }
  if (roles && (!auth.role || !roles.includes(auth.role))) return <Navigate to="/" replace />;
  return <>{children}</>;
}
