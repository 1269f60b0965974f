import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';

/** Component-test helpers (never imported by the app): i18n, a fresh query cache, and a memory data router. */

export async function setupI18n(namespaces: string[]) {
  await initI18n('vi');
  await i18n.changeLanguage('vi');
  await i18n.loadNamespaces(namespaces);
}

/**
 * A screen test file's usual setup: its i18n namespaces loaded once, matchMedia stubbed (and the table's
 * scroller given a height, for list screens) before each test, and stubbed globals (fetch) restored after each.
 */
export function setupScreenTests(namespaces: string[], opts: { scrollerHeight?: number } = {}) {
  beforeAll(() => setupI18n(namespaces));
  beforeEach(() => {
    stubMatchMedia();
    if (opts.scrollerHeight) stubScrollerHeight(opts.scrollerHeight);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

/** jsdom has no matchMedia: answer "matches" for the queries given (phones, for instance). */
export function stubMatchMedia(matching: (query: string) => boolean = () => false) {
  window.matchMedia = ((query: string) =>
    ({
      matches: matching(query),
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList) as typeof window.matchMedia;
}

/**
 * jsdom lays nothing out, so every element is 0 px tall and a virtualized list would show no row. Give the
 * table's scroller a height, as a browser would.
 */
export function stubScrollerHeight(px: number) {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList?.contains('dt-scroll') ? px : 0;
    },
  });
}

export function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

export function renderRoutes(routes: RouteObject[], initial: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [initial] });
  const result = render(
    <QueryClientProvider client={client}>
      <Suspense fallback={<p>suspended</p>}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
  );
  return { ...result, router, client };
}

/** Renders one element at `initial` with a location probe beside it. */
export function renderAt(initial: string, element: ReactNode, extra: RouteObject[] = []) {
  const path = new URL(initial, 'http://x').pathname;
  return renderRoutes(
    [
      {
        path,
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
      ...extra,
    ],
    initial,
  );
}

export function searchOf(router: ReturnType<typeof createMemoryRouter>): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}
