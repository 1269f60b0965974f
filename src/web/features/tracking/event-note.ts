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
  const { t } = useTranslation(['tracking', 'mawb', 'deliveryslip']);
  return useCallback(
    (e: NoteParts) => {
      const params = e.noteParams ?? {};
      // A step's or reason's key is translated in its own namespace; anything unknown reads as stored.
      const label = (ns: string, group: string, key: string | undefined) => (key ? t(`${ns}:${group}.${key}`, { defaultValue: key }) : '');
      const status = e.noteCode?.startsWith('slip_') ? label('deliveryslip', 'statuses', params.status) : label('mawb', 'statuses', params.status);
      const system = e.noteCode ? t(`tracking:eventNotes.${e.noteCode}`, { ...params, status, reason: label('deliveryslip', 'reasons', params.reason) }) : '';
      const typed = e.note ?? '';
      return { system, typed, text: [system, typed].filter(Boolean).join(' — ') };
    },
    [t],
  );
}
