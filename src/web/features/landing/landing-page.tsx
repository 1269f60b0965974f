import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BrandMark } from '../../layouts/brand';
import { ColorModeToggle } from '../../layouts/color-mode-toggle';
import { LanguageSwitch } from '../../layouts/language-switch';
import { useAuth } from '../../lib/use-auth';

const FEATURES = [
  { key: 'mawb', icon: 'bi-airplane' },
  { key: 'tracking', icon: 'bi-upc-scan' },
  { key: 'slips', icon: 'bi-truck' },
  { key: 'wallet', icon: 'bi-wallet2' },
] as const;

/** "/" — public, no login check: the product, a sign-in button and a tracking-number box. */
export function LandingPage() {
  const { t } = useTranslation('shell');
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();

  function track(event: FormEvent) {
    event.preventDefault();
    const q = code.trim();
    if (!q) {
      setInvalid(true);
      return;
    }
    // Public tracking arrives with a later issue; until then the console's tracking search takes the number.
    void navigate(`/tracking/search?q=${encodeURIComponent(q)}`);
  }

  const primary = isAuthenticated ? (
    <Link to="/dashboard/ecommerce" className="btn btn-primary btn-lg">
      <i className="bi bi-speedometer2 me-2" aria-hidden="true" />
      {t('landing.goToConsole')}
    </Link>
  ) : (
    <Link to="/auth/login" className="btn btn-primary btn-lg">
      <i className="bi bi-box-arrow-in-right me-2" aria-hidden="true" />
      {t('landing.signIn')}
    </Link>
  );

  return (
    <div className="landing">
      <header className="landing-header container">
        <Link to="/" className="brand-link" aria-current="page">
          <BrandMark />
        </Link>
        <div className="d-flex align-items-center gap-2">
          <LanguageSwitch />
          <ColorModeToggle />
          <Link to={isAuthenticated ? '/dashboard/ecommerce' : '/auth/login'} className="btn btn-sm btn-outline-primary d-none d-sm-inline-block">
            {isAuthenticated ? t('landing.goToConsole') : t('landing.signIn')}
          </Link>
        </div>
      </header>

      <main id="main-content" className="container landing-main" tabIndex={-1}>
        <section className="landing-hero" aria-labelledby="landing-title">
          <div className="landing-hero-text">
            <p className="landing-eyebrow">{t('tagline')}</p>
            <h1 id="landing-title" className="landing-title">
              {t('landing.title')}
            </h1>
            <p className="lead landing-lead">{t('landing.lead')}</p>
            <div className="d-flex flex-wrap gap-2 mb-3">{primary}</div>
            <p className="small text-body-secondary mb-0">{t('landing.staffOnly')}</p>
          </div>

          <form className="card track-card" onSubmit={track} noValidate aria-labelledby="track-title">
            <div className="card-body p-4">
              <h2 id="track-title" className="h5 mb-3">
                <i className="bi bi-search me-2 text-primary" aria-hidden="true" />
                {t('landing.trackTitle')}
              </h2>
              <label htmlFor={inputId} className="form-label">
                {t('landing.trackLabel')}
              </label>
              <div className="input-group input-group-lg has-validation">
                <input
                  id={inputId}
                  type="text"
                  className={`form-control ${invalid ? 'is-invalid' : ''}`}
                  placeholder={t('landing.trackPlaceholder')}
                  value={code}
                  onChange={(e) => {
                    setCode(e.target.value);
                    setInvalid(false);
                  }}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={invalid || undefined}
                  aria-describedby={`${inputId}-hint${invalid ? ` ${inputId}-error` : ''}`}
                />
                <button type="submit" className="btn btn-primary">
                  {t('landing.trackSubmit')}
                </button>
                {invalid && (
                  <div id={`${inputId}-error`} className="invalid-feedback" role="alert">
                    {t('landing.trackEmpty')}
                  </div>
                )}
              </div>
              <p id={`${inputId}-hint`} className="form-text mb-0 mt-2">
                {t('landing.trackHint')}
              </p>
            </div>
          </form>
        </section>

        <section className="landing-features" aria-labelledby="features-title">
          <h2 id="features-title" className="h4 text-center mb-4">
            {t('landing.features.title')}
          </h2>
          <ul className="landing-feature-list">
            {FEATURES.map((f) => (
              <li key={f.key} className="card landing-feature">
                <div className="card-body">
                  <span className="landing-feature-icon" aria-hidden="true">
                    <i className={`bi ${f.icon}`} />
                  </span>
                  <h3 className="h6 mt-3">{t(`landing.features.${f.key}`)}</h3>
                  <p className="small text-body-secondary mb-0">{t(`landing.features.${f.key}Text`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="landing-footer container small text-body-secondary">
        {t('footer.rights', { year: new Date().getFullYear() })} · {t('footer.description')}
      </footer>
    </div>
  );
}
