import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenu, visibleEntries } from '../lib/routing/menu';
import { useAuth } from '../lib/use-auth';
import type { LayoutType } from './layout-settings';
import { DetachedLayout, HorizontalLayout, TwoColumnLayout, VerticalLayout, type ShellProps } from './layouts';
import { MobileMenu } from './mobile-menu';
import { RightSidebar } from './right-sidebar';
import { useLayoutSettings } from './use-layout-settings';

const LAYOUTS: Record<LayoutType, (props: ShellProps) => ReactNode> = {
  horizontal: HorizontalLayout,
  vertical: VerticalLayout,
  detached: DetachedLayout,
  'two-column': TwoColumnLayout,
};

/** Every signed-in screen renders inside this: the chosen layout type, the phone menu and the settings panel. */
export function AppLayout() {
  const { t } = useTranslation('shell');
  const settings = useLayoutSettings();
  const { role } = useAuth();
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const openMobileMenu = useCallback(() => setMobileMenuOpen(true), []);
  const closeMobileMenu = useCallback(() => setMobileMenuOpen(false), []);
  const menu = useMenu();
  const entries = visibleEntries(menu, role);
  const Layout = LAYOUTS[settings.layoutType];
  return (
    <>
      <a className="skip-link visually-hidden-focusable" href="#main-content">
        {t('skipToContent')}
      </a>
      <Layout entries={entries} mobileMenuOpen={mobileMenuOpen} onOpenMobileMenu={openMobileMenu} />
      <MobileMenu entries={entries} show={mobileMenuOpen} onHide={closeMobileMenu} />
      <RightSidebar />
    </>
  );
}
