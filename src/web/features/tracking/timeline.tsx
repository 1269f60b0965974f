import { useTranslation } from 'react-i18next';
import type { TrackingEvent } from '../../../shared/contracts/packages';
import { eventLabelKey } from '../../../shared/domain/package-status';
import { useFormat } from '../../lib/use-format';
import { useEventNote } from './event-note';
import { STATUS_LOOK } from './package-fields';
import './tracking.css';

/** A package's journey, newest first: status, IATA FSU code, place, time, note, who recorded it and who may see it. */
export function Timeline({ events }: { events: TrackingEvent[] }) {
  const { t } = useTranslation('tracking');
  const fmt = useFormat();
  const noteOf = useEventNote();
  return (
    <ol className="timeline list-unstyled mb-0" aria-label={t('timeline.label')} data-testid="timeline">
      {events.map((e, i) => {
        const look = STATUS_LOOK[e.code];
        const note = noteOf(e);
        return (
          <li key={e.id} className={`timeline-item${i === 0 ? ' timeline-current' : ''}`} data-testid="timeline-item">
            <span className={`timeline-dot bg-${look.tone}-subtle text-${look.tone}-emphasis border border-${look.tone}-subtle`} aria-hidden="true">
              <i className={`bi ${look.icon}`} />
            </span>
            <div className="timeline-body">
              <div className="d-flex flex-wrap align-items-center gap-2">
                {/* One label per step: booked (BKD) and manifested (MAN) are both on_mawb but read apart. */}
                <strong>{eventLabelKey(e) === e.code ? t(`statuses.${e.code}`, { defaultValue: e.code }) : t(`steps.${eventLabelKey(e)}`)}</strong>
                {e.iataCode && (
                  <span className="badge iata-badge" title={t('timeline.iata', { code: e.iataCode })}>
                    {e.iataCode}
                  </span>
                )}
                {e.visibility === 'internal' ? (
                  <span className="badge rounded-pill bg-warning-subtle text-warning-emphasis border border-warning-subtle fw-normal">
                    <i className="bi bi-eye-slash me-1" aria-hidden="true" />
                    {t('visibility.internal')}
                  </span>
                ) : (
                  <span className="badge rounded-pill bg-body-secondary text-body-secondary border fw-normal">
                    <i className="bi bi-globe2 me-1" aria-hidden="true" />
                    {t('visibility.public')}
                  </span>
                )}
                <time className="ms-auto small text-body-secondary font-tabular" dateTime={e.occurredAt}>
                  {fmt.dateTime(e.occurredAt)}
                </time>
              </div>
              {e.location && (
                <div className="small">
                  <i className="bi bi-geo-alt me-1 text-body-tertiary" aria-hidden="true" />
                  {e.location}
                </div>
              )}
              {note.system && <p className="small mb-0 timeline-note">{note.system}</p>}
              {note.typed && <p className="small mb-0 timeline-note">{note.typed}</p>}
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
