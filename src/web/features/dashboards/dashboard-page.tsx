import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMenu, visibleEntries, type MenuEntry } from '../../lib/routing/menu';
import { PageHeader } from '../../components/page-header';
import { formatDate } from '../../lib/format';
import { useAuth } from '../../lib/use-auth';

/** Where each section's quick link goes: its own link, or its first sub-entry. */
function targetOf(entry: MenuEntry): string {
  return entry.to ?? entry.children?.[0]?.to ?? '/';
}

function Dashboard({ kind }: { kind: 'ecommerce' | 'analytics' }) {
  const { t } = useTranslation('shell');
  const { user, role } = useAuth();
  const menu = useMenu();
  const sections = visibleEntries(menu, role).filter((e) => e.id !== 'dashboards');
  const other = kind === 'ecommerce' ? 'analytics' : 'ecommerce';
  return (
    <>
      <PageHeader
        actions={
          <Link to={`/dashboard/${other}`} className="btn btn-outline-primary btn-sm">
            <i className={`bi ${other === 'analytics' ? 'bi-graph-up' : 'bi-shop'} me-1`} aria-hidden="true" />
            {t('dashboards.otherDashboard', { name: t(`menu.${other}`) })}
          </Link>
        }
      />
      <section className="card welcome-card mb-4" aria-labelledby="welcome-title">
        <div className="card-body">
          <h2 id="welcome-title" className="h4 mb-1">
            {user?.fullName ? t('dashboards.welcome', { name: user.fullName }) : t('dashboards.welcomeGeneric')}
          </h2>
          <p className="mb-1">{t('dashboards.today', { date: formatDate(new Date()) })}</p>
          <p className="mb-0 text-body-secondary">{t(kind === 'ecommerce' ? 'dashboards.ecommerceIntro' : 'dashboards.analyticsIntro')}</p>
        </div>
      </section>

      <div className="alert alert-info d-flex gap-3 align-items-start" role="note">
        <i className="bi bi-bar-chart-line fs-4" aria-hidden="true" />
        <div>
          <h2 className="h6 mb-1">{t('dashboards.chartsLaterTitle')}</h2>
          <p className="mb-0">{t('dashboards.chartsLater')}</p>
        </div>
      </div>

      {sections.length > 0 ? (
        <section aria-labelledby="quick-links-title">
          <h2 id="quick-links-title" className="h5 mt-4 mb-3">
            {t('dashboards.quickLinks')}
          </h2>
          <ul className="quick-links">
            {sections.map((entry) => (
              <li key={entry.id}>
                <Link to={targetOf(entry)} className="quick-link card">
                  <span className="quick-link-icon" aria-hidden="true">
                    <i className={`bi ${entry.icon}`} />
                  </span>
                  <span className="quick-link-label">{t(entry.labelKey)}</span>
                  <i className="bi bi-chevron-right ms-auto text-body-secondary" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p className="text-body-secondary mt-4">{t('dashboards.staffNote')}</p>
      )}
    </>
  );
}

export function EcommerceDashboard() {
  return <Dashboard kind="ecommerce" />;
}

export function AnalyticsDashboard() {
  return <Dashboard kind="analytics" />;
}
