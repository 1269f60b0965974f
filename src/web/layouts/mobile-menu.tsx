import { useEffect } from 'react';
import { Offcanvas } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuEntry } from '../lib/routing/menu';
import { BrandMark } from './brand';
import { SidebarUser } from './sidebar-user';
import { MOBILE_MENU_ID } from './topbar';
import { useLayoutSettings } from './use-layout-settings';
import { VerticalMenu } from './vertical-menu';

const WIDE = '(min-width: 992px)';

/** The menu on phones and small tablets (< 992 px) for every layout type: an off-canvas panel from the left. */
export function MobileMenu({ entries, show, onHide }: { entries: MenuEntry[]; show: boolean; onHide: () => void }) {
  const { t } = useTranslation('shell');
  const settings = useLayoutSettings();
  // Turning a tablet to landscape brings the desktop menu back; the off-canvas must not linger over it.
  useEffect(() => {
    if (!show || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(WIDE);
    const close = () => query.matches && onHide();
    query.addEventListener?.('change', close);
    return () => query.removeEventListener?.('change', close);
  }, [show, onHide]);
  return (
    <Offcanvas
      show={show}
      onHide={onHide}
      placement="start"
      id={MOBILE_MENU_ID}
      className="mobile-menu"
      aria-labelledby="mobile-menu-title"
      data-bs-theme={settings.leftSideBarTheme === 'dark' ? 'dark' : undefined}
    >
      <Offcanvas.Header closeButton closeLabel={t('menu.closeMenu')}>
        <Offcanvas.Title id="mobile-menu-title" as="h2" className="h5 mb-0">
          <Link to="/dashboard/ecommerce" className="brand-link" onClick={onHide}>
            <BrandMark />
          </Link>
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="p-0">
        {settings.showSidebarUserInfo && <SidebarUser />}
        <nav aria-label={t('menu.label')}>
          <VerticalMenu entries={entries} idPrefix="mobile" onNavigate={onHide} />
        </nav>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
