import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useRouteHandle } from '../lib/routing/route-kit';
import { PageHeader } from './page-header';
import { BackButton, DashboardLink } from './way-on';

/**
 * Stands in for a screen whose issue has not landed yet: says so plainly, inside the layout, with the route's
 * real title and parameters, so every menu entry leads somewhere honest instead of a blank page.
 */
export function PlaceholderPage() {
  const { t } = useTranslation('shell');
  const handle = useRouteHandle();
  const { id } = useParams();
  const [search] = useSearchParams();
  const q = search.get('q');
  const screen = handle ? t(handle.titleKey) : '';
  return (
    <>
      <PageHeader />
      <section className="card placeholder-card" aria-labelledby="placeholder-title">
        <div className="card-body text-center py-5 px-4">
          <div className="placeholder-icon" aria-hidden="true">
            <i className="bi bi-cone-striped" />
          </div>
          <span className="badge rounded-pill text-bg-warning mb-3">{t('placeholder.badge')}</span>
          <h2 id="placeholder-title" className="h4">
            {t('placeholder.title')}
          </h2>
          <p className="text-body-secondary mx-auto placeholder-text">{t('placeholder.text', { screen })}</p>
          {id && <p className="small mb-2">{t('placeholder.record', { id })}</p>}
          {q && <p className="small mb-2">{t('placeholder.query', { q })}</p>}
          <div className="d-flex flex-wrap gap-2 justify-content-center mt-4">
            <BackButton />
            <DashboardLink />
          </div>
        </div>
      </section>
    </>
  );
}
