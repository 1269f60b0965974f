import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '../lib/routing/menu';
import { HorizontalMenu } from './horizontal-menu';
import { MainContent } from './main-content';
import { Sidebar } from './sidebar';
import { Topbar } from './topbar';
import { TwoColumnMenu } from './two-column-menu';
import { useLayoutSettings } from './use-layout-settings';

export interface ShellProps {
  entries: MenuEntry[];
  mobileMenuOpen: boolean;
  onOpenMobileMenu: () => void;
}

/** Default: topbar, a horizontal menu bar under it, the page, the footer. */
export function HorizontalLayout({ entries, mobileMenuOpen, onOpenMobileMenu }: ShellProps) {
  const { t } = useTranslation('shell');
  const settings = useLayoutSettings();
  return (
    <div className="app-shell">
      <div className="app-header">
        <Topbar brand="always" sidebarToggle={false} mobileMenuOpen={mobileMenuOpen} onOpenMobileMenu={onOpenMobileMenu} />
        <nav
          className="app-topnav d-none d-lg-block"
          aria-label={t('menu.label')}
          data-bs-theme={settings.leftSideBarTheme === 'dark' ? 'dark' : undefined}
        >
          <HorizontalMenu entries={entries} />
        </nav>
      </div>
      <MainContent />
    </div>
  );
}

/** Vertical: a full-height sidebar on the left with the brand, the topbar beside it. */
export function VerticalLayout({ entries, mobileMenuOpen, onOpenMobileMenu }: ShellProps) {
  return (
    <div className="app-shell">
      <Sidebar entries={entries} brand />
      <Topbar brand="mobile" sidebarToggle mobileMenuOpen={mobileMenuOpen} onOpenMobileMenu={onOpenMobileMenu} />
      <MainContent />
    </div>
  );
}

/** Detached: a full-width topbar with the brand; below it the sidebar floats as a card beside the page. */
export function DetachedLayout({ entries, mobileMenuOpen, onOpenMobileMenu }: ShellProps) {
  return (
    <div className="app-shell">
      <Topbar brand="always" sidebarToggle mobileMenuOpen={mobileMenuOpen} onOpenMobileMenu={onOpenMobileMenu} />
      <div className="app-detached-body">
        <Sidebar entries={entries} brand={false} />
        <MainContent />
      </div>
    </div>
  );
}

/** Two columns: a rail of section icons, a panel with the chosen section's links, then the topbar and page. */
export function TwoColumnLayout({ entries, mobileMenuOpen, onOpenMobileMenu }: ShellProps) {
  const settings = useLayoutSettings();
  return (
    <div className="app-shell">
      <div className="app-sidebar app-sidebar-two-column" data-bs-theme={settings.leftSideBarTheme === 'dark' ? 'dark' : undefined}>
        <TwoColumnMenu entries={entries} condensed={settings.leftSideBarType === 'condensed'} showUser={settings.showSidebarUserInfo} />
      </div>
      <Topbar brand="mobile" sidebarToggle mobileMenuOpen={mobileMenuOpen} onOpenMobileMenu={onOpenMobileMenu} />
      <MainContent />
    </div>
  );
}
