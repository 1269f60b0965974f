import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { MenuContext } from '../lib/routing/menu';
import { PageSpinner } from '../lib/routing/page-spinner';
import { useRouteHandle } from '../lib/routing/route-kit';
import { MENU } from './menu-config';

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

export function RootRoute() {
  useDocumentTitle();
  return (
    <MenuContext.Provider value={MENU}>
      <NavigationProgress />
      <Suspense fallback={<PageSpinner fullPage />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </MenuContext.Provider>
  );
}
