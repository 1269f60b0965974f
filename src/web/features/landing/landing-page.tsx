import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { PublicCompany } from '../../../shared/contracts/company';
import type { PublicTrackingItem, PublicTrackingResponse } from '../../../shared/contracts/public-tracking';
import type { PackageStatus } from '../../../shared/domain/package-status';
import { PUBLIC_TRACKING_INPUT_MAX, PUBLIC_TRACKING_MAX, parsePublicTracking, type PublicTrackingProblem } from '../../../shared/domain/public-tracking';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { lookupText, publicCompanyQuery, publicTrackingQuery } from '../../entities/public-tracking/api';
import { ColorModeToggle } from '../../layouts/color-mode-toggle';
import { LanguageSwitch } from '../../layouts/language-switch';
import { errorMessage } from '../../lib/api-client';
import { currentLanguage, isLanguage } from '../../lib/i18n';
import { useAuth } from '../../lib/use-auth';
import { vietnamDateTime } from '../../lib/vn-time';

/**
 * "/" — public tracking, no sign-in: a customer (or anyone staff sent the link to) enters up to 20 tracking
 * numbers or package codes, or one delivery-slip code, and sees each parcel's status, route, flight and public
 * events. The lookup lives in the address (`/?q=…`) so it can be shared and reopened; it refreshes when the tab
 * comes back into focus. Branded from the company settings. Everything here is kept light (no dayjs, no zod,
 * strings in the core `shell` namespace): the page must load as fast as the sign-in page on a phone.
 */

/** The packages' colours, the same as the console's status badges. */
const TONES: Partial<Record<PackageStatus, Tone>> = {
  expected: 'secondary',
  received_abroad: 'info',
  on_mawb: 'info',
  departed: 'primary',
  arrived: 'primary',
  in_customs: 'primary',
  customs_hold: 'warning',
  cleared: 'primary',
  in_transfer: 'primary',
  ready: 'success',
  on_slip: 'success',
  out_for_delivery: 'success',
  delivered: 'success',
  on_hold: 'warning',
  damaged: 'danger',
  lost: 'danger',
  returned: 'secondary',
};
const ICONS: Partial<Record<PackageStatus, string>> = {
  departed: 'bi-airplane',
  arrived: 'bi-airplane-fill',
  delivered: 'bi-check-circle',
  out_for_delivery: 'bi-truck',
  on_hold: 'bi-pause-circle',
  customs_hold: 'bi-pause-circle',
  damaged: 'bi-exclamation-triangle',
  lost: 'bi-exclamation-triangle',
};

export function LandingPage() {
  const { t, i18n } = useTranslation('shell');
  const lang = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  const { isAuthenticated } = useAuth();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [problem, setProblem] = useState<PublicTrackingProblem | null>(null);
  const inputId = useId();

  // Back/forward and an opened link change `q`: the box shows what is being looked up.
  useEffect(() => {
    setText(q);
    setProblem(null);
  }, [q]);

  const parsed = q ? parsePublicTracking(q) : null;
  const lookup = parsed?.ok ? lookupText(parsed) : '';
  const company = useQuery(publicCompanyQuery);
  const result = useQuery({
    ...publicTrackingQuery(lookup, lang),
    enabled: lookup !== '',
    refetchOnWindowFocus: true,
    // A language switch keeps the answer on screen until the relabelled one arrives.
    placeholderData: (previous) => previous,
  });
  const shownProblem = problem ?? (parsed && !parsed.ok ? parsed : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = parsePublicTracking(text);
    if (!next.ok) {
      setProblem(next);
      return;
    }
    setProblem(null);
    const value = lookupText(next);
    if (value === q) void result.refetch();
    else setParams({ q: value });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter looks up (a barcode gun ends with it); Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  const info = company.data;
  const name = info?.name || t('common:appName');
  const staffLink = isAuthenticated ? '/dashboard/ecommerce' : '/auth/login';

  return (
    <div className="landing">
      <header className="landing-header container">
        <Link to="/" className="brand-link landing-brand" aria-current="page">
          {info?.logoUrl ? (
            <img className="landing-logo" src={info.logoUrl} alt="" width={40} height={40} />
          ) : (
            <span className="brand-logo" aria-hidden="true">
              <i className="bi bi-airplane-fill" />
            </span>
          )}
          <span className="landing-company">{name}</span>
        </Link>
        <div className="landing-actions">
          <LanguageSwitch className="btn btn-sm btn-outline-secondary text-nowrap" />
          <ColorModeToggle />
          <Link to={staffLink} className="btn btn-sm btn-outline-primary text-nowrap">
            <i className="bi bi-person-badge" aria-hidden="true" />
            {/* A phone keeps the icon only; the name stays for screen readers. */}
            <span className="visually-hidden-below-sm ms-1">{isAuthenticated ? t('landing.goToConsole') : t('landing.staffSignIn')}</span>
          </Link>
        </div>
      </header>

      <main id="main-content" className="container landing-main" tabIndex={-1}>
        <section className="track-hero" aria-labelledby="landing-title">
          <h1 id="landing-title" className="landing-title">
            {t('landing.title')}
          </h1>
          <p className="lead landing-lead">{t('landing.lead', { max: PUBLIC_TRACKING_MAX })}</p>

          <form className="card track-card" onSubmit={submit} noValidate role="search" aria-label={t('landing.title')}>
            <div className="card-body">
              <label htmlFor={inputId} className="form-label fw-medium">
                {t('landing.trackLabel')}
              </label>
              <textarea
                id={inputId}
                name="q"
                rows={3}
                maxLength={PUBLIC_TRACKING_INPUT_MAX}
                className={`form-control form-control-lg track-input ${shownProblem ? 'is-invalid' : ''}`}
                placeholder={t('landing.trackPlaceholder')}
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setProblem(null);
                }}
                onKeyDown={onKeyDown}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                aria-invalid={shownProblem ? true : undefined}
                aria-describedby={`${inputId}-hint${shownProblem ? ` ${inputId}-error` : ''}`}
              />
              {shownProblem && (
                <div id={`${inputId}-error`} className="invalid-feedback d-block" role="alert">
                  {problemText(t, shownProblem)}
                </div>
              )}
              <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-2">
                <p id={`${inputId}-hint`} className="form-text m-0">
                  {t('landing.trackHint', { max: PUBLIC_TRACKING_MAX })}
                </p>
                <button type="submit" className="btn btn-primary btn-lg px-4">
                  <i className="bi bi-search me-2" aria-hidden="true" />
                  {t('landing.trackSubmit')}
                </button>
              </div>
            </div>
          </form>
        </section>

        <section className="track-results" aria-live="polite" aria-busy={result.isFetching || undefined} aria-label={t('landing.results')}>
          {lookup !== '' && <Results query={result} />}
        </section>

        <Contact company={info} name={name} />
      </main>

      <footer className="landing-footer container small text-body-secondary">
        © {new Date().getFullYear()} {name}
        {info?.address ? ` · ${info.address}` : ''}
      </footer>
    </div>
  );
}

type Translate = ReturnType<typeof useTranslation<'shell'>>['t'];

function problemText(t: Translate, p: PublicTrackingProblem): string {
  switch (p.reason) {
    case 'too_many':
      return t('landing.problems.too_many', { max: PUBLIC_TRACKING_MAX, count: p.count });
    case 'bad_number':
      return t('landing.problems.bad_number', { number: p.number });
    case 'too_long':
      return t('landing.problems.too_long', { max: PUBLIC_TRACKING_INPUT_MAX });
    default:
      return t(`landing.problems.${p.reason}`);
  }
}

function Results({ query }: { query: { data?: PublicTrackingResponse; error: unknown; isPending: boolean; dataUpdatedAt: number } }) {
  const { t } = useTranslation('shell');
  if (query.isPending) {
    return (
      <div className="d-flex align-items-center gap-2 text-body-secondary py-4" role="status">
        <span className="spinner-border spinner-border-sm" aria-hidden="true" />
        {t('landing.searching')}
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="alert alert-danger" role="alert">
        <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
        {errorMessage(query.error)}
      </div>
    );
  }
  const { items, notFound } = query.data;
  return (
    <>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h2 className="h5 m-0">{notFound.length ? t('landing.summary', { found: items.length, missing: notFound.length }) : t('landing.summaryAllFound', { found: items.length })}</h2>
        <span className="small text-body-secondary">{t('landing.updatedAt', { time: vietnamDateTime(query.dataUpdatedAt) })}</span>
      </div>
      {notFound.length > 0 && (
        <div className="alert alert-warning track-not-found" role="region" aria-label={t('landing.notFoundTitle')}>
          <p className="fw-semibold mb-1">
            <i className="bi bi-question-circle me-2" aria-hidden="true" />
            {t('landing.notFoundTitle')}
          </p>
          <ul className="track-not-found-list">
            {notFound.map((n) => (
              <li key={n} className="font-monospace">
                {n}
              </li>
            ))}
          </ul>
          <p className="small mb-0">{t('landing.notFoundHint')}</p>
        </div>
      )}
      <ul className="track-items">
        {items.map((item) => (
          <li key={item.number}>
            <TrackedParcel item={item} />
          </li>
        ))}
      </ul>
    </>
  );
}

function TrackedParcel({ item }: { item: PublicTrackingItem }) {
  const { t } = useTranslation('shell');
  const titleId = useId();
  return (
    <article className="card track-item" aria-labelledby={titleId}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <h3 id={titleId} className="h6 m-0 font-monospace track-number">
            {item.number}
          </h3>
          <StatusBadge tone={TONES[item.status] ?? 'secondary'} icon={ICONS[item.status]}>
            {item.statusLabel}
          </StatusBadge>
        </div>
        <dl className="track-facts">
          <div>
            <dt>{t('landing.route')}</dt>
            <dd>
              {item.origin ?? t('landing.unknownPlace')}
              <i className="bi bi-arrow-right mx-2" aria-hidden="true" />
              <span className="visually-hidden">{t('landing.to')} </span>
              {item.destination ?? t('landing.hubPending')}
            </dd>
          </div>
          {item.flight && (
            <div>
              <dt>{t('landing.flight')}</dt>
              <dd>
                <i className="bi bi-airplane me-1" aria-hidden="true" />
                <span className="fw-medium">{item.flight.number}</span> · {item.flight.from} → {item.flight.to}
                {item.flight.departedAt && <span className="text-body-secondary"> · {t('landing.departedAt', { time: vietnamDateTime(item.flight.departedAt) })}</span>}
                {item.flight.arrivedAt && <span className="text-body-secondary"> · {t('landing.arrivedAt', { time: vietnamDateTime(item.flight.arrivedAt) })}</span>}
              </dd>
            </div>
          )}
        </dl>
        {item.events.length > 0 ? (
          <ol className="track-events" aria-label={t('landing.events')}>
            {item.events.map((e, i) => (
              <li key={`${e.code}-${e.at}-${i}`} className={i === 0 ? 'is-latest' : undefined}>
                <span className="track-event-label">{e.label}</span>
                <span className="track-event-meta">
                  {e.location && <span>{e.location}</span>}
                  <time dateTime={e.at}>{vietnamDateTime(e.at)}</time>
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="small text-body-secondary mb-0 mt-2">{t('landing.noEvents')}</p>
        )}
      </div>
    </article>
  );
}

function Contact({ company, name }: { company: PublicCompany | undefined; name: string }) {
  const { t } = useTranslation('shell');
  if (!company || (!company.hotline && !company.address)) return null;
  return (
    <section className="track-contact card" aria-labelledby="contact-title">
      <div className="card-body">
        <h2 id="contact-title" className="h6 mb-2">
          {t('landing.contactTitle', { name })}
        </h2>
        <p className="small text-body-secondary mb-2">{t('landing.contactText')}</p>
        <ul className="track-contact-list">
          {company.hotline && (
            <li>
              <i className="bi bi-telephone me-2 text-primary" aria-hidden="true" />
              <span className="visually-hidden">{t('landing.hotline')}: </span>
              <a href={`tel:${company.hotline.replace(/[^\d+]/g, '')}`} className="fw-semibold">
                {company.hotline}
              </a>
            </li>
          )}
          {company.address && (
            <li>
              <i className="bi bi-geo-alt me-2 text-primary" aria-hidden="true" />
              <span className="visually-hidden">{t('landing.address')}: </span>
              {company.address}
            </li>
          )}
        </ul>
      </div>
    </section>
  );
}
