import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { PageSpinner } from '../lib/routing/page-spinner';
import { BrandMark } from './brand';
import { LanguageSwitch } from './language-switch';

/**
 * Bare layout of the /auth/* screens: the authentication background, the brand, a language switch
 * and a centred column in which each auth screen renders its own card.
 */
export function AuthLayout() {
  const { t } = useTranslation('shell');
  return (
    <div className="auth-layout">
      <div className="auth-bg" aria-hidden="true" />
      <header className="auth-header">
        <Link to="/" className="brand-link brand-link-light">
          <BrandMark />
        </Link>
        <LanguageSwitch className="btn btn-sm btn-light" />
      </header>
      <main id="main-content" className="auth-main" tabIndex={-1}>
        <div className="auth-column">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      {/* One text node, as the static sign-in page's HTML parses it: the same shaping, pixel for pixel. */}
      <footer className="auth-footer">{`${t('footer.rights', { year: new Date().getFullYear() })} · ${t('footer.description')}`}</footer>
    </div>
  );
}
