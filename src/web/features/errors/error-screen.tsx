import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../layouts/brand';
import { LanguageSwitch } from '../../layouts/language-switch';

interface ErrorScreenProps {
  code?: string;
  icon: string;
  title: string;
  text: string;
  detail?: ReactNode;
  actions: ReactNode;
  /** Inside the app layout the topbar and menu are already there; alone it brings its own bare frame. */
  inLayout?: boolean;
}

/** The shared look of 404, 500 and "failed to load": a clear title, what happened, and a way on. */
export function ErrorScreen({ code, icon, title, text, detail, actions, inLayout = false }: ErrorScreenProps) {
  const body = (
    <section className="error-screen text-center" aria-labelledby="error-title">
      <div className="error-screen-icon" aria-hidden="true">
        <i className={`bi ${icon}`} />
      </div>
      {code && (
        <p className="error-screen-code" aria-hidden="true">
          {code}
        </p>
      )}
      <h1 id="error-title" className="h3 mb-3">
        {title}
      </h1>
      <p className="error-screen-text text-body-secondary mx-auto">{text}</p>
      {detail && <div className="small text-body-secondary mb-3">{detail}</div>}
      <div className="d-flex flex-wrap gap-2 justify-content-center">{actions}</div>
    </section>
  );
  if (inLayout) return <div className="py-5">{body}</div>;
  return <BareFrame>{body}</BareFrame>;
}

/** Minimal frame for screens outside the app layout: brand, language switch, the content centred. */
function BareFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <div className="bare-frame">
      <header className="bare-frame-header container">
        <a href="/" className="brand-link">
          <BrandMark />
        </a>
        <LanguageSwitch />
      </header>
      <main id="main-content" className="bare-frame-main container" tabIndex={-1}>
        {children}
      </main>
      <footer className="bare-frame-footer container small text-body-secondary">
        {t('footer.rights', { year: new Date().getFullYear() })} · {t('footer.description')}
      </footer>
    </div>
  );
}
