import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { entryMatches, type MenuEntry } from '../lib/routing/menu';
import { MenuBadge } from './menu-badge';

/** The default layout's menu bar: links, and groups as dropdowns (Enter/Space open, arrows move, Escape closes). */
export function HorizontalMenu({ entries }: { entries: MenuEntry[] }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <ul className="topnav-menu">
      {entries.map((entry) => {
        const label = t(entry.labelKey);
        if (!entry.children) {
          return (
            <li key={entry.id} className="topnav-item">
              <NavLink to={entry.to!} end={entry.end} className="topnav-link">
                <i className={`bi ${entry.icon}`} aria-hidden="true" />
                <span>{label}</span>
              </NavLink>
            </li>
          );
        }
        const active = entryMatches(entry, pathname);
        return (
          <Dropdown as="li" key={entry.id} className="topnav-item">
            <Dropdown.Toggle as="button" id={`topnav-${entry.id}`} className={`topnav-link ${active ? 'active' : ''}`}>
              <i className={`bi ${entry.icon}`} aria-hidden="true" />
              <span>{label}</span>
            </Dropdown.Toggle>
            <Dropdown.Menu className="topnav-dropdown">
              {entry.children.map((child) => (
                <Dropdown.Item key={child.id} as={NavLink} to={child.to} end={child.end}>
                  {t(child.labelKey)}
                  <MenuBadge linkId={child.id} />
                </Dropdown.Item>
              ))}
            </Dropdown.Menu>
          </Dropdown>
        );
      })}
    </ul>
  );
}
