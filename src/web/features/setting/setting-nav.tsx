import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const SECTIONS = [
  { to: '/setting', key: 'settings', icon: 'bi-sliders', end: true },
  { to: '/setting/stores', key: 'stores', icon: 'bi-building', end: false },
  { to: '/setting/bank', key: 'bank', icon: 'bi-bank', end: false },
  { to: '/setting/audit-log', key: 'audit', icon: 'bi-journal-text', end: false },
  { to: '/setting/notifications', key: 'notifications', icon: 'bi-bell', end: false },
  { to: '/setting/messages', key: 'messages', icon: 'bi-chat-dots', end: false },
  { to: '/setting/mail-outbox', key: 'mailOutbox', icon: 'bi-envelope', end: false },
] as const;

/** The settings section's own tabs: settings, stores, the bank connection, the audit log, customer notifications and their log, the mail outbox (all under /setting, Admin only). */
export function SettingNav() {
  const { t } = useTranslation('setting');
  return (
    <nav aria-label={t('nav.label')} className="mb-3">
      <ul className="nav nav-pills flex-nowrap overflow-auto gap-1">
        {SECTIONS.map((s) => (
          <li className="nav-item" key={s.key}>
            <NavLink to={s.to} end={s.end} className={({ isActive }) => `nav-link text-nowrap${isActive ? ' active' : ''}`} data-testid={`setting-nav-${s.key}`}>
              <i className={`bi ${s.icon} me-1`} aria-hidden="true" />
              {t(`nav.${s.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
