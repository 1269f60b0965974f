import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark, useBrandName } from './brand';
import { GlobalSearch } from './global-search';
import { SETTINGS_PANEL_ID } from './right-sidebar';
import { ColorModeMenu, LanguageMenu, UserMenu } from './topbar-menus';
import { layoutStore, useLayoutSettings } from './use-layout-settings';

export const MOBILE_MENU_ID = 'mobile-menu';

interface TopbarProps {
  /** 'mobile': the sidebar shows the brand on wide screens, so the topbar only needs it on phones. */
  brand: 'always' | 'mobile';
  /** Show the button that condenses / expands the left sidebar (layouts with a sidebar). */
  sidebarToggle: boolean;
  mobileMenuOpen: boolean;
  onOpenMobileMenu: () => void;
}

export function Topbar({ brand, sidebarToggle, mobileMenuOpen, onOpenMobileMenu }: TopbarProps) {
  const { t } = useTranslation('shell');
  const brandName = useBrandName();
  const settings = useLayoutSettings();
  const [searchOpen, setSearchOpen] = useState(false);
  const condensed = settings.leftSideBarType === 'condensed';
  return (
    <header className="app-topbar" data-bs-theme={settings.topbarTheme === 'dark' ? 'dark' : undefined}>
      <div className="app-topbar-inner">
        <button
          type="button"
          className="topbar-btn d-lg-none"
          aria-label={t('menu.openMenu')}
          aria-controls={MOBILE_MENU_ID}
          aria-expanded={mobileMenuOpen}
          onClick={onOpenMobileMenu}
        >
          <i className="bi bi-list fs-4" aria-hidden="true" />
        </button>
        {/* Named by the name it shows (on phones only the logo shows: the text is display: none there). */}
        <Link to="/dashboard/ecommerce" className={`brand-link me-2 ${brand === 'mobile' ? 'd-lg-none' : ''}`} aria-label={brandName}>
          <BrandMark />
        </Link>
        {sidebarToggle && (
          <button
            type="button"
            className="topbar-btn d-none d-lg-inline-flex"
            aria-label={condensed ? t('menu.expandSidebar') : t('menu.collapseSidebar')}
            aria-pressed={condensed}
            onClick={() => layoutStore.set('leftSideBarType', condensed ? 'default' : 'condensed')}
          >
            <i className={`bi ${condensed ? 'bi-text-indent-left' : 'bi-text-indent-right'} fs-5`} aria-hidden="true" />
          </button>
        )}
        <GlobalSearch className="d-none d-md-flex ms-lg-2" />
        <div className="ms-auto d-flex align-items-center gap-1">
          <button
            type="button"
            className="topbar-btn d-md-none"
            aria-label={t('topbar.openSearch')}
            aria-expanded={searchOpen}
            aria-controls="topbar-mobile-search"
            onClick={() => setSearchOpen((v) => !v)}
          >
            <i className="bi bi-search" aria-hidden="true" />
          </button>
          <LanguageMenu />
          <ColorModeMenu />
          <button
            type="button"
            className="topbar-btn"
            aria-label={t('topbar.settings')}
            title={t('topbar.settings')}
            aria-controls={SETTINGS_PANEL_ID}
            aria-expanded={settings.rightSidebarOpen}
            onClick={() => layoutStore.set('rightSidebarOpen', !settings.rightSidebarOpen)}
          >
            <i className="bi bi-sliders" aria-hidden="true" />
          </button>
          <UserMenu />
        </div>
      </div>
      {searchOpen && (
        <div id="topbar-mobile-search" className="app-topbar-search d-md-none">
          <GlobalSearch autoFocus onDone={() => setSearchOpen(false)} />
        </div>
      )}
    </header>
  );
}
