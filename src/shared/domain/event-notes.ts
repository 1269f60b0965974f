import type { DeliveryFailureReason, DeliverySlipStatus } from './delivery-slip-lifecycle';
import type { MawbStatus } from './mawb-lifecycle';

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
 *   slip_status   { slip, status } a delivery slip's step moved the package ("Phiếu giao PG00000012: Đang giao")
 *   slip_failed   { slip, reason } the slip's delivery failed, for a reason ("Phiếu giao PG00000012: Sai địa chỉ")
 *   slip_delivered { slip, receiver } handed over; the receiver's name is what staff typed, kept as a parameter
 */
export const EVENT_NOTE_CODES = ['mawb_status', 'mawb_added', 'mawb_removed', 'package_created', 'slip_status', 'slip_failed', 'slip_delivered'] as const;
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

export const slipStatusNote = (slip: string, status: DeliverySlipStatus): EventNote => ({ noteCode: 'slip_status', noteParams: { slip, status } });
export const slipFailedNote = (slip: string, reason: DeliveryFailureReason): EventNote => ({ noteCode: 'slip_failed', noteParams: { slip, reason } });
export const slipDeliveredNote = (slip: string, receiver: string): EventNote => ({ noteCode: 'slip_delivered', noteParams: { slip, receiver } });

