import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BackButton, DashboardLink } from '../../components/way-on';
import { useAuth } from '../../lib/use-auth';
import { ErrorScreen } from './error-screen';

/** /error-404 and every unknown path. */
export function NotFoundPage({ inLayout = false }: { inLayout?: boolean }) {
  const { t } = useTranslation('shell');
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const showPath = location.pathname !== '/error-404';
  return (
    <ErrorScreen
      inLayout={inLayout}
      code={t('errors.notFound.code')}
      icon="bi-signpost-split"
      title={t('errors.notFound.title')}
      text={t('errors.notFound.text')}
      detail={showPath ? <span className="text-break">{t('errors.notFound.path', { path: location.pathname })}</span> : undefined}
      actions={
        <>
          <BackButton />
          {isAuthenticated ? (
            <DashboardLink />
          ) : (
            <Link to="/" className="btn btn-primary">
              <i className="bi bi-house me-1" aria-hidden="true" />
              {t('errors.goHome')}
            </Link>
          )}
        </>
      }
    />
  );
}
