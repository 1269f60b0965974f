import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MawbEvent } from '../../../shared/contracts/mawbs';
import { EmptyState } from '../../components/empty-state';
import type { Tone } from '../../components/status-badge';
import { useFormat } from '../../lib/use-format';
import { useMawbEvents } from './api';
import { MAWB_STATUS_LOOK } from './mawb-fields';
import { LoadFailed } from '../../components/load-failed';

/** How many package codes a line lists before "and N more". */
const CODES_SHOWN = 12;

function look(e: MawbEvent): { tone: Tone; icon: string } {
  if (e.kind === 'status' && e.toStatus) return MAWB_STATUS_LOOK[e.toStatus];
  if (e.kind === 'packages_added') return { tone: 'info', icon: 'bi-box-arrow-in-right' };
  if (e.kind === 'package_removed') return { tone: 'warning', icon: 'bi-box-arrow-left' };
  return { tone: 'secondary', icon: 'bi-file-earmark-plus' };
}

/** The MAWB's own timeline, newest first: created, each status change (with the FSU code its packages got), packages added and removed. */
export function MawbTimeline({ mawbId }: { mawbId: number }) {
  const { t } = useTranslation(['mawb', 'common']);
  const fmt = useFormat();
  const events = useMawbEvents(mawbId);
  if (events.isPending) {
    return (
      <div className="d-flex align-items-center gap-2 py-4 justify-content-center text-body-secondary" role="status">
        <Spinner size="sm" aria-hidden="true" /> {t('common:states.loading')}
      </div>
    );
  }
  if (events.isError) {
    return (
      <LoadFailed title={t('timeline.error')} error={events.error} onRetry={() => void events.refetch()} />
    );
  }
  if (!events.data.items.length) return <EmptyState icon="bi-signpost" title={t('timeline.empty')} />;
  return (
    <ol className="mawb-timeline list-unstyled mb-0" aria-label={t('timeline.label')} data-testid="mawb-timeline">
      {events.data.items.map((e, i) => {
        const l = look(e);
        const more = e.packageCount - Math.min(e.packageCodes.length, CODES_SHOWN);
        return (
          <li key={e.id} className={`mawb-timeline-item${i === 0 ? ' is-current' : ''}`} data-testid="mawb-timeline-item">
            <span className={`mawb-timeline-dot bg-${l.tone}-subtle text-${l.tone}-emphasis border border-${l.tone}-subtle`} aria-hidden="true">
              <i className={`bi ${l.icon}`} />
            </span>
            <div className="mawb-timeline-body">
              <div className="d-flex flex-wrap align-items-center gap-2">
                <strong>{title(e, t)}</strong>
                {e.iataCode && (
                  <span className="badge iata-code" title={t('timeline.iata', { code: e.iataCode })}>
                    {e.iataCode}
                  </span>
                )}
                <time className="ms-auto small text-body-secondary font-tabular" dateTime={e.occurredAt}>
                  {fmt.dateTime(e.occurredAt)}
                </time>
              </div>
              {e.kind === 'status' && e.packageCount > 0 && <div className="small text-body-secondary">{t('timeline.packagesMoved', { count: e.packageCount })}</div>}
              {(e.kind === 'packages_added' || e.kind === 'package_removed') && e.packageCodes.length > 0 && (
                <div className="small font-tabular text-body-secondary text-break">
                  {e.packageCodes.slice(0, CODES_SHOWN).join(', ')}
                  {more > 0 && ` ${t('timeline.more', { count: more })}`}
                </div>
              )}
              {e.note && <p className="small mb-0 mawb-timeline-note">{e.note}</p>}
              <div className="small text-body-tertiary">
                <i className="bi bi-person me-1" aria-hidden="true" />
                {e.actorName ?? t('timeline.system')}
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function title(e: MawbEvent, t: TFunction<['mawb', 'common']>): string {
  switch (e.kind) {
    case 'created':
      return t('timeline.created');
    case 'status':
      return e.fromStatus && e.toStatus
        ? t('timeline.status', { from: t(`statuses.${e.fromStatus}`), to: t(`statuses.${e.toStatus}`) })
        : t(`statuses.${e.toStatus ?? 'draft'}`);
    case 'packages_added':
      return t('timeline.added', { count: e.packageCount });
    case 'package_removed':
      return t('timeline.removed', { count: e.packageCount });
  }
}
