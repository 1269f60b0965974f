import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoadWhenIdle, preloadNextAfterLogin, preloadRoute } from './preload';

const screen = () => vi.fn(async () => ({ Component: () => null }));

function appRoutes() {
  const lazy = { login: screen(), layout: screen(), dashboard: screen(), tracking: screen(), trackingDetail: screen() };
  const routes: RouteObject[] = [
    { path: 'auth/login', lazy: lazy.login },
    {
      lazy: lazy.layout,
      children: [
        { path: 'dashboard/ecommerce', lazy: lazy.dashboard },
        { path: 'tracking', children: [{ index: true, lazy: lazy.tracking }, { path: ':id', lazy: lazy.trackingDetail }] },
      ],
    },
  ];
  return { routes, lazy };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('preloading the next screen', () => {
  it('loads the lazy parts of the whole branch of a path (its layout too) and nothing else', async () => {
    const { routes, lazy } = appRoutes();
    await preloadRoute(routes, '/tracking');
    expect(lazy.layout).toHaveBeenCalledTimes(1);
    expect(lazy.tracking).toHaveBeenCalledTimes(1);
    expect(lazy.trackingDetail).not.toHaveBeenCalled();
    expect(lazy.dashboard).not.toHaveBeenCalled();
    expect(lazy.login).not.toHaveBeenCalled();
  });

  it('a failing chunk is left for the navigation to report, not thrown at the preloader', async () => {
    const { routes, lazy } = appRoutes();
    lazy.tracking.mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'));
    await expect(preloadRoute(routes, '/tracking')).resolves.toBeUndefined();
  });

  it('on the sign-in page, loads the home dashboard in idle time once the form has loaded', async () => {
    vi.useFakeTimers();
    const { routes, lazy } = appRoutes();
    const router = createMemoryRouter(routes, { initialEntries: ['/auth/login'] });
    const stop = preloadNextAfterLogin(router, routes);
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    expect(lazy.dashboard).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(lazy.layout).toHaveBeenCalledTimes(1);
    expect(lazy.dashboard).toHaveBeenCalledTimes(1);
    // Once per page load.
    await router.navigate('/auth/login?x=1');
    await vi.advanceTimersByTimeAsync(3000);
    expect(lazy.dashboard).toHaveBeenCalledTimes(1);
    stop();
    router.dispose();
  });

  it('loads the page the user asked for instead when there is one', async () => {
    vi.useFakeTimers();
    const { routes, lazy } = appRoutes();
    const router = createMemoryRouter(routes, { initialEntries: ['/auth/login?returnTo=%2Ftracking%2F42'] });
    const stop = preloadNextAfterLogin(router, routes);
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    await vi.advanceTimersByTimeAsync(3000);
    expect(lazy.trackingDetail).toHaveBeenCalledTimes(1);
    expect(lazy.dashboard).not.toHaveBeenCalled();
    stop();
    router.dispose();
  });

  it('does nothing on any other page', async () => {
    vi.useFakeTimers();
    const { routes, lazy } = appRoutes();
    const router = createMemoryRouter(routes, { initialEntries: ['/tracking'] });
    const stop = preloadNextAfterLogin(router, routes);
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    await vi.advanceTimersByTimeAsync(3000);
    expect(lazy.dashboard).not.toHaveBeenCalled();
    expect(lazy.tracking).toHaveBeenCalledTimes(1); // the router's own load of the page shown
    stop();
    router.dispose();
  });
});

describe('afterLoadWhenIdle', () => {
  it('waits for the load event while the page is still loading, then for idle time', async () => {
    vi.useFakeTimers();
    const ready = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const task = vi.fn();
    afterLoadWhenIdle(task);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).not.toHaveBeenCalled();
    ready.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(3000);
    expect(task).toHaveBeenCalledTimes(1);
    ready.mockRestore();
  });
});
