import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuEntry } from '../lib/routing/menu';
import { BrandMark } from './brand';
import { SidebarUser } from './sidebar-user';
import { useLayoutSettings } from './use-layout-settings';
import { VerticalMenu } from './vertical-menu';

/** Left sidebar of the vertical and detached layouts; hidden below 992 px, where the phone menu takes over. */
export function Sidebar({ entries, brand }: { entries: MenuEntry[]; brand: boolean }) {
  const { t } = useTranslation('shell');
  const settings = useLayoutSettings();
  const condensed = settings.leftSideBarType === 'condensed';
  return (
    <div className="app-sidebar" data-bs-theme={settings.leftSideBarTheme === 'dark' ? 'dark' : undefined}>
      {brand && (
        <div className="sidebar-brand">
          <Link to="/dashboard/ecommerce" className="brand-link">
            <BrandMark compact={condensed} />
          </Link>
        </div>
      )}
      {settings.showSidebarUserInfo && <SidebarUser compact={condensed} />}
      <nav className="sidebar-nav" aria-label={t('menu.label')}>
        <VerticalMenu entries={entries} idPrefix="sidebar" flyout={condensed} />
      </nav>
    </div>
  );
}
