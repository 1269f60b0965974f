import { matchRoutes, type RouteObject } from 'react-router';
import { useEffect } from 'react';

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
function whenIdle(task: () => void, timeoutMs = 3000): () => void {
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

let appRoutes: RouteObject[] | null = null;
const preloaded = new Set<string>();

/** The app's route table, given once at start-up, so a screen can ask for another screen's code by its path. */
export function setPreloadRoutes(routes: RouteObject[]): void {
  appRoutes = routes;
  preloaded.clear();
}

/**
 * Loads the screen at `path` in idle time once the calling screen is on screen and the page has loaded: the sign-in
 * page asks for the page the user lands on next, so signing in waits for that page's data only. Once per path.
 */
export function usePreloadOnIdle(path: string): void {
  useEffect(() => {
    const routes = appRoutes;
    if (!routes || preloaded.has(path)) return;
    return afterLoadWhenIdle(() => {
      preloaded.add(path);
      void preloadRoute(routes, path);
    });
  }, [path]);
}
