import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionInfo, SessionList } from '../../shared/contracts/auth';
import { api } from '../lib/api-client';
import { useFormat } from '../lib/use-format';
import { ConfirmDialog } from './confirm-dialog';
import { LoadFailed } from './load-failed';
import { useCommand } from './use-command';

/**
 * Signed-in sessions with a button to end each: the user's own (`/api/auth/sessions`) on the account screen, an
 * employee's (`/api/employees/:id/sessions`) on the employee page. Ending one signs that device out within seconds.
 */
export function SessionsList({ url, queryKey }: { url: string; queryKey: readonly unknown[] }) {
  const { t } = useTranslation('common');
  const fmt = useFormat();
  const query = useQuery({ queryKey, queryFn: ({ signal }) => api.get<SessionList>(url, undefined, { signal }) });
  const [ending, setEnding] = useState<SessionInfo | null>(null);
  const endSession = useCommand({
    run: (id: SessionInfo['id']) => api.delete<{ message: string }>(`${url}/${id}`),
    invalidate: [queryKey],
    success: (res) => res.message,
    onSuccess: () => setEnding(null),
  });
  const busy = endSession.busy;
  function end() {
    if (ending) endSession.run(ending.id);
  }

  if (query.isPending) return <span className="placeholder col-12 rounded" style={{ height: '4rem' }} aria-hidden="true" />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.items;
  if (items.length === 0) return <p className="text-body-secondary small mb-0">{t('sessions.none')}</p>;

  const device = (s: SessionInfo) =>
    s.browser || s.os ? [s.browser, s.os].filter(Boolean).join(t('sessions.on')) : t('sessions.unknownDevice');

  return (
    <>
      <ul className="list-group list-group-flush" data-testid="sessions-list">
        {items.map((s) => (
          <li key={s.id} className="list-group-item px-0 d-flex gap-3 align-items-start">
            <i className={`bi ${s.mobile ? 'bi-phone' : 'bi-laptop'} fs-4 text-body-secondary`} aria-hidden="true" />
            <div className="flex-grow-1 min-w-0">
              <div className="fw-medium">
                {device(s)}
                {s.current ? <span className="badge text-bg-success ms-2">{t('sessions.current')}</span> : null}
              </div>
              <div className="small text-body-secondary text-break" title={s.userAgent ?? undefined}>
                {s.ip ? <span className="font-tabular me-2">{s.ip}</span> : null}
                {t('sessions.times', { created: fmt.dateTime(s.createdAt), seen: fmt.dateTime(s.lastSeenAt) })}
              </div>
            </div>
            {s.current ? null : (
              <button type="button" className="btn btn-sm btn-outline-danger text-nowrap" onClick={() => setEnding(s)}>
                {t('sessions.end')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        show={ending !== null}
        title={t('sessions.endTitle')}
        confirmLabel={t('sessions.end')}
        variant="danger"
        busy={busy}
        onConfirm={() => end()}
        onCancel={() => setEnding(null)}
      >
        {ending ? t('sessions.endBody', { device: device(ending) }) : null}
      </ConfirmDialog>
    </>
  );
}
