import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import type { RouteHandle } from './route-kit';

/** The handle of the deepest matched route that has one (title for the heading, tab and breadcrumb). */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.titleKey) return handle;
  }
  return null;
}

function useDocumentTitle() {
  const handle = useRouteHandle();
  const { t } = useTranslation('shell');
  const appName = t('common:appName');
  const title = handle ? t(handle.titleKey) : null;
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}

/** A thin bar at the top while the next screen's chunk loads; shown only after a short delay to avoid flicker. */
function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation('shell');
  const busy = navigation.state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!visible) return null;
  return <div className="app-nav-progress" role="progressbar" aria-label={t('loadingPage')} />;
}

export function RouteFallback() {
  return <PageSpinner fullPage />;
}

export function PageSpinner({ fullPage = false }: { fullPage?: boolean }) {
  const { t, ready } = useTranslation('shell', { useSuspense: false });
  const label = ready ? t('loading') : 'Đang tải…';
  return (
    <div className={`app-spinner ${fullPage ? 'app-spinner-full' : ''}`} role="status" aria-live="polite">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

export function RootRoute() {
  useDocumentTitle();
  return (
    <>
      <NavigationProgress />
      <Suspense fallback={<PageSpinner fullPage />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
