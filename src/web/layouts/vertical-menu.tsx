import { useEffect, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { entryMatches, type MenuEntry } from '../lib/routing/menu';
import { MenuBadge } from './menu-badge';

interface VerticalMenuProps {
  entries: MenuEntry[];
  /** Prefix for element ids, so two menus (sidebar and phone menu) can live on one page. */
  idPrefix: string;
  /**
   * Icon-only sidebar (condensed, or the two-column rail): labels and sub-menus appear beside the icon on
   * hover or keyboard focus instead of inside the sidebar.
   */
  flyout?: boolean;
  onNavigate?: () => void;
}

function activeGroupId(entries: MenuEntry[], pathname: string): string | null {
  return entries.find((e) => e.children && entryMatches(e, pathname))?.id ?? null;
}

/** The sidebar menu: links and disclosure groups (one open at a time), usable with Tab, Enter, Space and Escape. */
export function VerticalMenu({ entries, idPrefix, flyout = false, onNavigate }: VerticalMenuProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const [openId, setOpenId] = useState<string | null>(() => (flyout ? null : activeGroupId(entries, pathname)));

  // A navigation opens the group it landed in (inline) or closes any flyout.
  useEffect(() => {
    setOpenId(flyout ? null : activeGroupId(entries, pathname));
  }, [pathname, flyout, entries]);

  function onGroupKeyDown(event: KeyboardEvent<HTMLLIElement>, id: string) {
    if (event.key === 'Escape' && openId === id) {
      event.stopPropagation();
      setOpenId(null);
      document.getElementById(`${idPrefix}-${id}-toggle`)?.focus();
    }
  }

  function onGroupBlur(event: FocusEvent<HTMLLIElement>) {
    if (flyout && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenId(null);
  }

  return (
    <ul className={`side-menu ${flyout ? 'side-menu-flyout' : ''}`}>
      {entries.map((entry) => {
        const label = t(entry.labelKey);
        if (!entry.children) {
          return (
            <li key={entry.id} className="side-menu-item">
              <NavLink to={entry.to!} end={entry.end} className="side-menu-link" onClick={onNavigate}>
                <i className={`bi ${entry.icon} side-menu-icon`} aria-hidden="true" />
                <span className="side-menu-label">{label}</span>
              </NavLink>
            </li>
          );
        }
        const open = openId === entry.id;
        const active = entryMatches(entry, pathname);
        const subId = `${idPrefix}-${entry.id}-sub`;
        return (
          <li
            key={entry.id}
            className={`side-menu-item has-children ${open ? 'open' : ''}`}
            onKeyDown={(e) => onGroupKeyDown(e, entry.id)}
            onBlur={onGroupBlur}
          >
            <button
              type="button"
              id={`${idPrefix}-${entry.id}-toggle`}
              className={`side-menu-link ${active ? 'active' : ''}`}
              aria-expanded={open}
              aria-controls={subId}
              onClick={() => setOpenId(open ? null : entry.id)}
            >
              <i className={`bi ${entry.icon} side-menu-icon`} aria-hidden="true" />
              <span className="side-menu-label">{label}</span>
              <i className="bi bi-chevron-down side-menu-chevron" aria-hidden="true" />
            </button>
            <ul id={subId} className="side-submenu">
              {flyout && (
                <li className="side-submenu-title" aria-hidden="true">
                  {label}
                </li>
              )}
              {entry.children.map((child) => (
                <li key={child.id}>
                  <NavLink to={child.to} end={child.end} className="side-submenu-link" onClick={onNavigate}>
                    {t(child.labelKey)}
                    <MenuBadge linkId={child.id} />
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
