import { renderHook } from '@testing-library/react';
import { type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoadWhenIdle, preloadRoute, setPreloadRoutes, usePreloadOnIdle } from './preload';

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

  it('a screen asks for the next one: loaded in idle time after it is on screen, once per path', async () => {
    vi.useFakeTimers();
    const { routes, lazy } = appRoutes();
    setPreloadRoutes(routes);
    const first = renderHook(({ path }) => usePreloadOnIdle(path), { initialProps: { path: '/dashboard/ecommerce' } });
    expect(lazy.dashboard).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(lazy.layout).toHaveBeenCalledTimes(1);
    expect(lazy.dashboard).toHaveBeenCalledTimes(1);
    // The same path again (the page re-rendered, the form shown again): not loaded twice.
    first.rerender({ path: '/dashboard/ecommerce' });
    renderHook(() => usePreloadOnIdle('/dashboard/ecommerce'));
    await vi.advanceTimersByTimeAsync(3000);
    expect(lazy.dashboard).toHaveBeenCalledTimes(1);
    // Another destination (a returnTo) is its own preload.
    first.rerender({ path: '/tracking/42' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(lazy.trackingDetail).toHaveBeenCalledTimes(1);
  });

  it('a screen that goes away before idle time loads nothing', async () => {
    vi.useFakeTimers();
    const { routes, lazy } = appRoutes();
    setPreloadRoutes(routes);
    const hook = renderHook(() => usePreloadOnIdle('/tracking'));
    hook.unmount();
    await vi.advanceTimersByTimeAsync(3000);
    expect(lazy.tracking).not.toHaveBeenCalled();
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
