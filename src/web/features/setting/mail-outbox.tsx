import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAIL_OUTBOX_LIMIT, type MailOutbox } from '../../../shared/contracts/mail-outbox';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';
import { useFormat } from '../../lib/use-format';
import { SettingNav } from './setting-nav';

/** The outbox is read fresh each time (one-time links; a reset just asked for must show at once). */
const MAIL_OUTBOX_KEY = [...queryKeys.Setting.all, 'mail-outbox'] as const;

/**
 * /setting/mail-outbox (Admin only): where the console's mail goes and, without a mail server (no SMTP_URL), the
 * mail itself — "forgot password" links and new accounts' first links — for the Admin to pass on.
 */
export function MailOutboxPage() {
  const { t } = useTranslation('setting');
  const fmt = useFormat();
  const query = useQuery({
    queryKey: MAIL_OUTBOX_KEY,
    queryFn: ({ signal }) => api.get<MailOutbox>('/api/mail-outbox', undefined, { signal }),
    staleTime: 0,
  });
  const box = query.data;
  return (
    <>
      <PageHeader />
      <SettingNav />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} title={t('mailOutbox.loadError')} />
      ) : (
        <>
          <div className={`alert ${box!.mode === 'outbox' ? 'alert-warning' : 'alert-info'} small`} data-testid="mail-outbox-where">
            <p className="mb-1 fw-semibold">{t(box!.mode === 'outbox' ? 'mailOutbox.noServerTitle' : 'mailOutbox.smtpTitle')}</p>
            <p className="mb-1">{t(box!.mode === 'outbox' ? 'mailOutbox.noServerText' : 'mailOutbox.smtpText')}</p>
            {box!.pickupDir && <p className="mb-1">{t('mailOutbox.pickupDir')}</p>}
            <p className="mb-0 text-body-secondary">{t('mailOutbox.howToSend')}</p>
          </div>
          <div className="d-flex align-items-center justify-content-between mb-2">
            <span className="small text-body-secondary" data-testid="mail-outbox-count">
              {t('mailOutbox.count', { shown: box!.items.length, total: box!.total, limit: MAIL_OUTBOX_LIMIT })}
            </span>
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
              <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
              {t('mailOutbox.refresh')}
            </button>
          </div>
          {box!.items.length === 0 ? (
            <EmptyState icon="bi-envelope" title={t('mailOutbox.emptyTitle')} />
          ) : (
            <ul className="list-group" aria-label={t('mailOutbox.label')}>
              {box!.items.map((m) => (
                <li className="list-group-item" key={m.id} data-testid="mail-outbox-item">
                  <details>
                    <summary className="d-flex flex-wrap gap-2 align-items-baseline">
                      <span className="font-tabular text-body-secondary small">{fmt.dateTime(m.createdAt)}</span>
                      <span className="fw-semibold text-break">{m.to}</span>
                      <span className="text-break">{m.subject}</span>
                    </summary>
                    <pre className="mt-2 mb-0 small text-break" style={{ whiteSpace: 'pre-wrap' }}>
                      {m.text}
                    </pre>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
