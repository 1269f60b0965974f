import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackingEvent } from '../../../shared/contracts/packages';

type NoteParts = Pick<TrackingEvent, 'note' | 'noteCode' | 'noteParams'>;

/**
 * An event's note in the reader's language: the note the system wrote (a code and its parameters, see
 * shared/domain/event-notes.ts) rendered from the catalog, and what staff typed, as typed. Old rows whose
 * sentence was not recognised as a system note read as they were stored.
 */
export function useEventNote(): (e: NoteParts) => { system: string; typed: string; text: string } {
  const { t } = useTranslation(['tracking', 'mawb']);
  return useCallback((e: NoteParts) => {
    const params = e.noteParams ?? {};
    const system = e.noteCode
      ? t(`tracking:eventNotes.${e.noteCode}`, { ...params, status: params.status ? t(`mawb:statuses.${params.status}`, { defaultValue: params.status }) : '' })
      : '';
    const typed = e.note ?? '';
    return { system, typed, text: [system, typed].filter(Boolean).join(' — ') };
  }, [t]);
}
