import type { ReactNode } from 'react';
import { useFormat } from '../lib/use-format';
import type { Tone } from './status-badge';
import './timeline.css';
import './ui.css';

export interface TimelineEntry {
  id: number;
  /** The dot's colour and icon. */
  tone: Tone;
  icon: string;
  title: ReactNode;
  /** The IATA FSU code the event stands for, boxed beside the title, and what it means there. */
  iataCode: string | null;
  iataTitle?: string;
  /** Further badges beside the title (who may see the event, for instance). */
  badges?: ReactNode;
  at: string;
  /** Lines under the title: where, which packages. */
  details?: ReactNode;
  /** The note, or its lines (e.g. what the system wrote, then what staff typed): each non-empty one a paragraph. */
  note: string | readonly string[];
  /** Who recorded it; null: the system. */
  actorName: string | null;
}

/**
 * A journey, newest first (the first entry is marked current): one dot, title and time per event, then its
 * details, note and who recorded it (`systemLabel` when no one did).
 */
export function Timeline({ entries, label, systemLabel, testId }: { entries: TimelineEntry[]; label: string; systemLabel: string; testId: string }) {
  const fmt = useFormat();
  return (
    <ol className="timeline list-unstyled mb-0" aria-label={label} data-testid={testId}>
      {entries.map((e, i) => (
        <li key={e.id} className={`timeline-item${i === 0 ? ' timeline-current' : ''}`} data-testid={`${testId}-item`}>
          <span className={`timeline-dot bg-${e.tone}-subtle text-${e.tone}-emphasis border border-${e.tone}-subtle`} aria-hidden="true">
            <i className={`bi ${e.icon}`} />
          </span>
          <div className="timeline-body">
            <div className="d-flex flex-wrap align-items-center gap-2">
              <strong>{e.title}</strong>
              {e.iataCode && (
                <span className="badge iata-code" title={e.iataTitle}>
                  {e.iataCode}
                </span>
              )}
              {e.badges}
              <time className="ms-auto small text-body-secondary font-tabular" dateTime={e.at}>
                {fmt.dateTime(e.at)}
              </time>
            </div>
            {e.details}
            {(typeof e.note === 'string' ? [e.note] : e.note).filter(Boolean).map((line, j) => (
              <p key={j} className="small mb-0 timeline-note">
                {line}
              </p>
            ))}
            <div className="small text-body-tertiary">
              <i className="bi bi-person me-1" aria-hidden="true" />
              {e.actorName ?? systemLabel}
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}
