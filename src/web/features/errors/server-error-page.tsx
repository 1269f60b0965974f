import { useTranslation } from 'react-i18next';
import { vietnamDateTime } from '../../lib/vn-time';
import { ErrorScreen } from './error-screen';

/**
 * /error-500, and what every error boundary shows. Uses plain links (a full page load) rather than the
 * router: after a crash a fresh start is the safest way on, and this also renders outside the router.
 */
export function ServerErrorPage({ inLayout = false }: { inLayout?: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <ErrorScreen
      inLayout={inLayout}
      code={t('errors.serverError.code')}
      icon="bi-exclamation-octagon"
      title={t('errors.serverError.title')}
      text={t('errors.serverError.text')}
      detail={t('errors.serverError.time', { time: vietnamDateTime(new Date()) })}
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
            {t('common:actions.reload')}
          </button>
          <a href="/" className="btn btn-outline-secondary">
            <i className="bi bi-house me-1" aria-hidden="true" />
            {t('errors.goHome')}
          </a>
        </>
      }
    />
  );
}
