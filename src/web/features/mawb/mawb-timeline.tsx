import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MawbEvent } from '../../../shared/contracts/mawbs';
import { EmptyState } from '../../components/empty-state';
import type { Tone } from '../../components/status-badge';
import { Timeline, type TimelineEntry } from '../../components/timeline';
import { useMawbEvents } from './api';
import { MAWB_STATUS_LOOK } from './mawb-fields';
import { LoadFailed } from '../../components/load-failed';
import { Loading } from '../../components/loading';

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
  const events = useMawbEvents(mawbId);
  if (events.isPending) {
    return <Loading py={4} />;
  }
  if (events.isError) {
    return (
      <LoadFailed title={t('timeline.error')} error={events.error} onRetry={() => void events.refetch()} />
    );
  }
  if (!events.data.items.length) return <EmptyState icon="bi-signpost" title={t('timeline.empty')} />;
  const entries = events.data.items.map((e): TimelineEntry => {
    const more = e.packageCount - Math.min(e.packageCodes.length, CODES_SHOWN);
    return {
      id: e.id,
      ...look(e),
      title: title(e, t),
      iataCode: e.iataCode,
      iataTitle: e.iataCode ? t('timeline.iata', { code: e.iataCode }) : undefined,
      at: e.occurredAt,
      details: (
        <>
          {e.kind === 'status' && e.packageCount > 0 && <div className="small text-body-secondary">{t('timeline.packagesMoved', { count: e.packageCount })}</div>}
          {(e.kind === 'packages_added' || e.kind === 'package_removed') && e.packageCodes.length > 0 && (
            <div className="small font-tabular text-body-secondary text-break">
              {e.packageCodes.slice(0, CODES_SHOWN).join(', ')}
              {more > 0 && ` ${t('timeline.more', { count: more })}`}
            </div>
          )}
        </>
      ),
      note: e.note,
      actorName: e.actorName,
    };
  });
  return <Timeline entries={entries} label={t('timeline.label')} systemLabel={t('timeline.system')} testId="mawb-timeline" />;
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
