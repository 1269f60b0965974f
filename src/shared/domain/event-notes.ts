import { MAWB_STATUS_LABELS, MAWB_STATUSES, type MawbStatus } from './mawb-lifecycle';

/**
 * Notes the system writes on package events, stored as a code and its parameters (tracking_events.note_code,
 * note_params) so each reader sees them in their own language; `note` keeps only what staff typed. Rule: a
 * sentence the system composes is never stored as text. The web renders a code with i18n (tracking
 * `eventNotes.*`); `eventNoteText` is the Vietnamese sentence (exports, messages).
 *
 *   mawb_status   { awb, status }  a MAWB step moved the package ("MAWB 176-12345675: Đã thông quan")
 *   mawb_added    { awb }          put on a MAWB
 *   mawb_removed  { awb }          taken off a MAWB
 *   package_created {}             the package was created (expected)
 */
export const EVENT_NOTE_CODES = ['mawb_status', 'mawb_added', 'mawb_removed', 'package_created'] as const;
export type EventNoteCode = (typeof EVENT_NOTE_CODES)[number];
export type EventNoteParams = Record<string, string>;

/** What an event's note is made of: a system note (code + parameters) and/or text typed by staff. */
export interface EventNote {
  note?: string;
  noteCode?: EventNoteCode | null;
  noteParams?: EventNoteParams;
}

export const mawbStatusNote = (awb: string, status: MawbStatus): EventNote => ({ noteCode: 'mawb_status', noteParams: { awb, status } });
export const mawbAddedNote = (awb: string): EventNote => ({ noteCode: 'mawb_added', noteParams: { awb } });
export const mawbRemovedNote = (awb: string): EventNote => ({ noteCode: 'mawb_removed', noteParams: { awb } });

const isMawbStatus = (s: string | undefined): s is MawbStatus => (MAWB_STATUSES as readonly string[]).includes(s ?? '');

/** The Vietnamese sentence of a system note (as the system used to store it). */
export function eventNoteText(code: EventNoteCode, params: EventNoteParams): string {
  switch (code) {
    case 'mawb_status':
      return `MAWB ${params.awb ?? ''}: ${isMawbStatus(params.status) ? MAWB_STATUS_LABELS[params.status] : (params.status ?? '')}`;
    case 'mawb_added':
      return `Đóng vào MAWB ${params.awb ?? ''}`;
    case 'mawb_removed':
      return `Gỡ khỏi MAWB ${params.awb ?? ''}`;
    case 'package_created':
      return 'Tạo kiện';
  }
}
