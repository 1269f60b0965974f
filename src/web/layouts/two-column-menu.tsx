import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { entryMatches, type MenuEntry } from '../lib/routing/menu';
import { BrandMark } from './brand';
import { SidebarUser } from './sidebar-user';
import { VerticalMenu } from './vertical-menu';
import { MenuBadge } from './menu-badge';

const TWO_COLUMN_PANEL_ID = 'two-column-panel';

/**
 * Two-column sidebar: a rail of section icons, and a panel with the links of the chosen section (hidden for
 * sections that are a single link). Condensed keeps only the rail, whose groups then open beside it.
 */
export function TwoColumnMenu({ entries, condensed, showUser }: { entries: MenuEntry[]; condensed: boolean; showUser: boolean }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const current = entries.find((e) => entryMatches(e, pathname))?.id ?? null;
  const [selectedId, setSelectedId] = useState<string | null>(current);
  useEffect(() => setSelectedId(current), [current]);
  const selected = entries.find((e) => e.id === selectedId && e.children);

  if (condensed) {
    return (
      <div className="two-column-rail">
        <Link to="/dashboard/ecommerce" className="brand-link rail-brand">
          <BrandMark compact />
        </Link>
        {showUser && <SidebarUser compact />}
        <nav aria-label={t('menu.label')}>
          <VerticalMenu entries={entries} idPrefix="rail" flyout />
        </nav>
      </div>
    );
  }

  return (
    <>
      <div className="two-column-rail">
        <Link to="/dashboard/ecommerce" className="brand-link rail-brand">
          <BrandMark compact />
        </Link>
        <nav aria-label={t('menu.sections')}>
          <ul className="side-menu side-menu-flyout rail-menu">
            {entries.map((entry) => {
              const label = t(entry.labelKey);
              const active = entryMatches(entry, pathname);
              return (
                <li key={entry.id} className="side-menu-item">
                  {entry.children ? (
                    <button
                      type="button"
                      className={`side-menu-link ${active ? 'active' : ''} ${selectedId === entry.id ? 'selected' : ''}`}
                      aria-expanded={selectedId === entry.id}
                      aria-controls={TWO_COLUMN_PANEL_ID}
                      onClick={() => setSelectedId(entry.id)}
                    >
                      <i className={`bi ${entry.icon} side-menu-icon`} aria-hidden="true" />
                      <span className="side-menu-label">{label}</span>
                    </button>
                  ) : (
                    <NavLink to={entry.to!} end={entry.end} className="side-menu-link" onClick={() => setSelectedId(entry.id)}>
                      <i className={`bi ${entry.icon} side-menu-icon`} aria-hidden="true" />
                      <span className="side-menu-label">{label}</span>
                    </NavLink>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      {selected && (
        <div id={TWO_COLUMN_PANEL_ID} className="two-column-panel">
          {showUser && <SidebarUser />}
          <nav aria-labelledby="two-column-panel-title">
            <h2 id="two-column-panel-title" className="two-column-panel-title">
              {t(selected.labelKey)}
            </h2>
            <ul className="side-menu">
              {selected.children!.map((child) => (
                <li key={child.id} className="side-menu-item">
                  <NavLink to={child.to} end={child.end} className="side-menu-link">
                    <span className="side-menu-label">{t(child.labelKey)}</span>
                    <MenuBadge linkId={child.id} />
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      )}
    </>
  );
}
