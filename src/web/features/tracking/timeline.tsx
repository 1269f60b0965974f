import { useTranslation } from 'react-i18next';
import type { TrackingEvent } from '../../../shared/contracts/packages';
import { Timeline as TimelineList, type TimelineEntry } from '../../components/timeline';
import { eventLabelKey } from '../../../shared/domain/package-status';
import { useEventNote } from './event-note';
import { PACKAGE_STATUS_LOOK } from '../../entities/package/status-look';

/** A package's journey, newest first: status, IATA FSU code, place, time, note, who recorded it and who may see it. */
export function Timeline({ events }: { events: TrackingEvent[] }) {
  const { t } = useTranslation('tracking');
  const noteOf = useEventNote();
  const entries = events.map((e): TimelineEntry => {
    // One label per step: booked (BKD) and manifested (MAN) are both on_mawb but read apart.
    const step = eventLabelKey(e);
    const { system, typed } = noteOf(e);
    return {
      id: e.id,
      ...PACKAGE_STATUS_LOOK[e.code],
      title: step === e.code ? t(`statuses.${e.code}`, { defaultValue: e.code }) : t(`steps.${step}`),
      iataCode: e.iataCode,
      iataTitle: e.iataCode ? t('timeline.iata', { code: e.iataCode }) : undefined,
      badges:
        e.visibility === 'internal' ? (
          <span className="badge rounded-pill bg-warning-subtle text-warning-emphasis border border-warning-subtle fw-normal">
            <i className="bi bi-eye-slash me-1" aria-hidden="true" />
            {t('visibility.internal')}
          </span>
        ) : (
          <span className="badge rounded-pill bg-body-secondary text-body-secondary border fw-normal">
            <i className="bi bi-globe2 me-1" aria-hidden="true" />
            {t('visibility.public')}
          </span>
        ),
      at: e.occurredAt,
      details: e.location && (
        <div className="small">
          <i className="bi bi-geo-alt me-1 text-body-tertiary" aria-hidden="true" />
          {e.location}
        </div>
      ),
      note: [system, typed],
      actorName: e.actorName,
    };
  });
  return <TimelineList entries={entries} label={t('timeline.label')} systemLabel={t('timeline.system')} testId="timeline" />;
}
