import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../lib/routing/page-spinner';
import { Footer } from './footer';

/**
 * The page area of every app layout: <main> with the routed screen, then the footer. After a navigation the
 * focus moves to <main>, so keyboard and screen-reader users start at the new content, not in the menu.
 */
export function MainContent() {
  const { pathname } = useLocation();
  const ref = useRef<HTMLElement>(null);
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    ref.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <div className="app-main">
      <main id="main-content" ref={ref} tabIndex={-1} className="app-content">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
