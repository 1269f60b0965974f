import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../lib/use-auth';
import { changeLanguage, LANGUAGES, type Language } from '../lib/i18n';
import { initials } from '../lib/initials';
import type { ColorModePreference } from './layout-settings';
import { layoutStore, useLayoutState } from './use-layout-settings';

export function LanguageMenu() {
  const { t, i18n } = useTranslation('shell');
  const current = (i18n.resolvedLanguage ?? 'vi') as Language;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="link"
        className="topbar-btn no-caret"
        id="topbar-language"
        // The visible code comes first in the name (WCAG 2.5.3, label in name): voice users say what they see.
        aria-label={`${current.toUpperCase()} · ${t('topbar.languageCurrent', { name: t(`languages.${current}`) })}`}
      >
        <i className="bi bi-translate" aria-hidden="true" />
        <span className="topbar-btn-text d-none d-xl-inline ms-1">{current.toUpperCase()}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Header>{t('topbar.language')}</Dropdown.Header>
        {LANGUAGES.map((lng) => (
          <Dropdown.Item
            key={lng}
            as="button"
            lang={lng}
            active={lng === current}
            aria-current={lng === current ? 'true' : undefined}
            onClick={() => void changeLanguage(lng)}
          >
            <span className="d-inline-block text-uppercase fw-semibold me-2 small" style={{ width: '1.6em' }} aria-hidden="true">
              {lng}
            </span>
            {t(`languages.${lng}`)}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}

const MODE_ICONS: Record<ColorModePreference, string> = {
  light: 'bi-sun',
  dark: 'bi-moon-stars',
  auto: 'bi-circle-half',
};

export function ColorModeMenu() {
  const { t } = useTranslation('shell');
  const { colorModePreference, colorMode } = useLayoutState();
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="link"
        className="topbar-btn no-caret"
        id="topbar-color-mode"
        aria-label={t('topbar.colorModeCurrent', { name: t(`topbar.${colorModePreference}`) })}
      >
        <i className={`bi ${colorMode === 'dark' ? MODE_ICONS.dark : MODE_ICONS.light}`} aria-hidden="true" />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Header>{t('topbar.colorMode')}</Dropdown.Header>
        {(['light', 'dark', 'auto'] as const).map((mode) => (
          <Dropdown.Item
            key={mode}
            as="button"
            active={mode === colorModePreference}
            aria-current={mode === colorModePreference ? 'true' : undefined}
            onClick={() => layoutStore.setColorMode(mode)}
          >
            <i className={`bi ${MODE_ICONS[mode]} me-2`} aria-hidden="true" />
            {t(`topbar.${mode}`)}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}

export function UserMenu() {
  const { t } = useTranslation('shell');
  const { user, role } = useAuth();
  const name = user?.fullName || user?.email || t('topbar.guest');
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="link" className="topbar-btn topbar-user no-caret" id="topbar-user">
        <span className="avatar-initials" data-initials={initials(name) || undefined} aria-hidden="true">
          {!initials(name) && <i className="bi bi-person" />}
        </span>
        <span className="topbar-user-text">
          <span className="visually-hidden">{t('topbar.userMenuPrefix')} </span>
          <span className="topbar-user-name">{name}</span>
          {role && <span className="topbar-user-role">{t(`common:roles.${role}`)}</span>}
        </span>
        <i className="bi bi-chevron-down small ms-1 d-none d-xxl-inline" aria-hidden="true" />
      </Dropdown.Toggle>
      <Dropdown.Menu className="user-menu">
        <div className="px-3 py-2 small">
          <div className="text-body-secondary">{t('topbar.signedInAs')}</div>
          <div className="fw-semibold text-truncate">{name}</div>
          {user?.email && user.email !== name && <div className="text-body-secondary text-truncate">{user.email}</div>}
          {role && <span className="badge text-bg-primary mt-1">{t(`common:roles.${role}`)}</span>}
        </div>
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to="/customer/infor-user">
          <i className="bi bi-person-circle me-2" aria-hidden="true" />
          {t('topbar.profile')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/auth/lock-screen">
          <i className="bi bi-lock me-2" aria-hidden="true" />
          {t('topbar.lockScreen')}
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to="/auth/logout" className="text-danger-emphasis">
          <i className="bi bi-box-arrow-right me-2" aria-hidden="true" />
          {t('topbar.signOut')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
