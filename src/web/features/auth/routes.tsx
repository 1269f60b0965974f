import type { RouteObject } from 'react-router';
import { lazyScreen, type RouteHandle } from '../../lib/routing/route-kit';
import { i18n, initI18n } from '../../lib/i18n';

/**
 * A lazy auth screen whose 'auth' strings arrive with its code, so the page (and its tab title, which the
 * shell reads as `auth:titles.*`) never shows a bare key. On a document load the router asks for the screen before
 * i18next has started: the strings are asked for once it has (a namespace asked for earlier never loads).
 */
function authScreen<M, K extends keyof M>(load: () => Promise<M>, exportName: K) {
  const screen = lazyScreen(load, exportName);
  return async () => {
    const [route] = await Promise.all([screen(), initI18n().then(() => i18n.loadNamespaces('auth'))]);
    return route;
  };
}

const title = (key: string): RouteHandle => ({ titleKey: `auth:titles.${key}` });

/** /auth/login, /auth/confirm, /auth/forget-password, /auth/lock-screen, /auth/logout (under /auth, inside AuthLayout). */
export const authRoutes: RouteObject[] = [
  { path: 'login', handle: title('login'), lazy: authScreen(() => import('./login-page'), 'LoginPage') },
  { path: 'confirm', handle: title('confirm'), lazy: authScreen(() => import('./confirm-page'), 'ConfirmPage') },
  {
    path: 'forget-password',
    handle: title('forgetPassword'),
    lazy: authScreen(() => import('./forget-password-page'), 'ForgetPasswordPage'),
  },
  {
    path: 'lock-screen',
    handle: title('lockScreen'),
    lazy: authScreen(() => import('./lock-screen-page'), 'LockScreenPage'),
  },
  { path: 'logout', handle: title('logout'), lazy: authScreen(() => import('./logout-page'), 'LogoutPage') },
];
