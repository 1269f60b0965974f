import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The two ways on from a screen that has nothing to show (a placeholder, a 404): back where the user came from, or home. */
export function BackButton() {
  const { t } = useTranslation('shell');
  return (
    <button type="button" className="btn btn-outline-secondary" onClick={() => window.history.back()}>
      <i className="bi bi-arrow-left me-1" aria-hidden="true" />
      {t('errors.goBack')}
    </button>
  );
}

/** The signed-in user's home: the e-commerce dashboard. */
export function DashboardLink() {
  const { t } = useTranslation('shell');
  return (
    <Link to="/dashboard/ecommerce" className="btn btn-primary">
      <i className="bi bi-speedometer2 me-1" aria-hidden="true" />
      {t('errors.goToDashboard')}
    </Link>
  );
}
