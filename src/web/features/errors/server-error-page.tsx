import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './error-screen';

/**
 * /error-500, and what every error boundary shows. Uses plain links (a full page load) rather than the
 * router: after a crash a fresh start is the safest way on, and this also renders outside the router.
 */
/**
 * "dd/MM/yyyy HH:mm" in Vietnamese time with Intl rather than lib/format: this screen is in the entry chunk,
 * which must stay small (dayjs loads with the screens that need it).
 */
function nowInVietnam(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Ho_Chi_Minh',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

export function ServerErrorPage({ inLayout = false }: { inLayout?: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <ErrorScreen
      inLayout={inLayout}
      code={t('errors.serverError.code')}
      icon="bi-exclamation-octagon"
      title={t('errors.serverError.title')}
      text={t('errors.serverError.text')}
      detail={t('errors.serverError.time', { time: nowInVietnam() })}
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
