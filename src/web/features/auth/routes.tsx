import type { RouteObject } from 'react-router';
import { lazyScreen, type RouteHandle } from '../../lib/routing/route-kit';
import { i18n } from '../../lib/i18n';

/**
 * A lazy auth screen whose 'auth' strings arrive with its code, so the page (and its tab title, which the
 * shell reads as `auth:titles.*`) never shows a bare key.
 */
function authScreen<M, K extends keyof M>(load: () => Promise<M>, exportName: K) {
  const screen = lazyScreen(load, exportName);
  return async () => {
    const [route] = await Promise.all([screen(), i18n.loadNamespaces('auth')]);
    return route;
  };
}

const title = (key: string): RouteHandle => ({ titleKey: `auth:titles.${key}` });

/** /auth/login, /auth/confirm, /auth/forget-password, /auth/lock-screen, /auth/logout (rendered inside AuthLayout). */
export const authRoutes: RouteObject[] = [
  { path: '/auth/login', handle: title('login'), lazy: authScreen(() => import('./login-page'), 'LoginPage') },
  { path: '/auth/confirm', handle: title('confirm'), lazy: authScreen(() => import('./confirm-page'), 'ConfirmPage') },
  {
    path: '/auth/forget-password',
    handle: title('forgetPassword'),
    lazy: authScreen(() => import('./forget-password-page'), 'ForgetPasswordPage'),
  },
  {
    path: '/auth/lock-screen',
    handle: title('lockScreen'),
    lazy: authScreen(() => import('./lock-screen-page'), 'LockScreenPage'),
  },
  { path: '/auth/logout', handle: title('logout'), lazy: authScreen(() => import('./logout-page'), 'LogoutPage') },
];
