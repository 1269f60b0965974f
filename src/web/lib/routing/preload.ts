import { matchRoutes, type RouteObject } from 'react-router';
import { LOGIN_PATH, returnToFromSearch } from '../return-to';

/**
 * Loads what the screen at `path` needs before it is shown: the lazy part (code, and the strings some routes load
 * with it) of every route on its branch, layouts included. Navigating there later finds the modules already
 * loaded. A failure is left for the real navigation to meet and report.
 */
export async function preloadRoute(routes: RouteObject[], path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.allSettled(matches.map(async (m) => (typeof m.route.lazy === 'function' ? m.route.lazy() : undefined)));
}

type IdleWindow = Window & {
  requestIdleCallback?(cb: () => void, opts?: { timeout: number }): number;
  cancelIdleCallback?(handle: number): void;
};

/** Runs `task` when the browser has nothing better to do (within `timeoutMs` at the latest); returns a cancel. */
export function whenIdle(task: () => void, timeoutMs = 3000): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const handle = w.requestIdleCallback(task, { timeout: timeoutMs });
    return () => w.cancelIdleCallback!(handle);
  }
  // No idle callback (Safari): after the first screen's own work has had its turn.
  const timer = setTimeout(task, 500);
  return () => clearTimeout(timer);
}

/**
 * Runs `task` in idle time after the page's load event: everything the first screen asked for (scripts, styles,
 * fonts) has arrived, so what the task fetches does not compete with it.
 */
export function afterLoadWhenIdle(task: () => void): () => void {
  if (document.readyState === 'complete') return whenIdle(task);
  let cancelIdle = () => {};
  const onLoad = () => {
    cancelIdle = whenIdle(task);
  };
  window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    cancelIdle();
  };
}

interface RouterLike {
  readonly state: { initialized: boolean; location: { pathname: string; search: string }; navigation: { state: string } };
  subscribe(fn: (state: RouterLike['state']) => void): () => void;
}

/**
 * While the sign-in form is on screen, the page the user will land on (the one asked for, else the home page) loads
 * in idle time once the sign-in page has fully loaded, so signing in waits for its data only. Once per page load.
 */
export function preloadNextAfterLogin(router: RouterLike, routes: RouteObject[]): () => void {
  let started = false;
  let cancelIdle = () => {};
  const check = (state: RouterLike['state']) => {
    // Only once the form itself has loaded: the next screen must not compete with the first one.
    if (started || !state.initialized || state.navigation.state !== 'idle' || state.location.pathname !== LOGIN_PATH) return;
    started = true;
    const next = returnToFromSearch(state.location.search);
    cancelIdle = afterLoadWhenIdle(() => void preloadRoute(routes, next));
  };
  const unsubscribe = router.subscribe(check);
  check(router.state);
  return () => {
    unsubscribe();
    cancelIdle();
  };
}
