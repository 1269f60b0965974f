/**
 * Bank transfers reported by the bank-notification services (SePay, Casso): the names and the one normalised
 * shape both providers' webhooks are read into. Pure; the matching of a memo is bank-memo.ts.
 *
 * States of a stored transfer:
 * - unmatched  nothing was posted: no code in the memo, two codes, a code of nothing payable; or not yet matched
 *              (stored, and the server stopped before matching: `processed` is false until it has run);
 * - matched    it paid a slip, an order or a wallet top-up (ledger rows through the one ledger function);
 * - ignored    stored and left alone: an outgoing transfer, a transfer to an account that is not ours, the second
 *              provider's report of a transfer already received, or a clerk's decision (with a reason);
 * - reversed   it was matched, then undone by a clerk: reversing ledger rows were posted, nothing was deleted.
 */

import type { DeliverySlipStatus } from './delivery-slip-lifecycle';

export const BANK_PROVIDERS = ['sepay', 'casso'] as const;
export type BankProvider = (typeof BANK_PROVIDERS)[number];
export const BANK_DIRECTIONS = ['in', 'out'] as const;
type BankDirection = (typeof BANK_DIRECTIONS)[number];
export const BANK_STATES = ['matched', 'unmatched', 'ignored', 'reversed'] as const;
export type BankState = (typeof BANK_STATES)[number];
export const BANK_MATCH_KINDS = ['slip', 'customer', 'order'] as const;
export type BankMatchKind = (typeof BANK_MATCH_KINDS)[number];

/** Why a transfer is unmatched or ignored. */
export const BANK_REASONS = [
  'no_code',
  'conflict',
  'unknown_code',
  'not_payable',
  'outgoing',
  'unknown_account',
  'duplicate',
  'manual',
] as const;
export type BankReason = (typeof BANK_REASONS)[number];

export const BANK_PROVIDER_LABELS: Record<BankProvider, string> = { sepay: 'SePay', casso: 'Casso' };

/**
 * The slips a transfer can pay: finalised and not yet handed over (a draft's charges may still change; a delivered,
 * failed or cancelled slip collects nothing more). An order can be paid while it is not final (order-lifecycle.ts).
 */
export const TRANSFER_PAYABLE_SLIP_STATUSES: readonly DeliverySlipStatus[] = ['ready', 'out_for_delivery'];

/** A transfer as either provider reports it, in our terms. */
export interface NormalizedTransfer {
  provider: BankProvider;
  /** The provider's id of the transaction (unique per provider): a retry carries it again. */
  providerId: string;
  /** The bank's reference (the same transfer reported by both providers has the same one); '' when absent. */
  bankReference: string;
  accountNumber: string;
  /** đồng, positive. */
  amount: number;
  direction: BankDirection;
  occurredAt: Date | null;
  memo: string;
  counterAccount: string;
}

/**
 * "2024-10-03 15:06:37" (what both providers send: a wall-clock time at the bank, in Vietnam) → the instant, or
 * null when the text is not such a time. An ISO time with its own offset is read as written.
 */
export function parseBankTime(text: string | null | undefined): Date | null {
  if (!text) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  const d = m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}+07:00`) : new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Account numbers compare without spaces, dashes and case ("0071 0004 56789" is "0071000456789"). */
export function sameAccount(a: string, b: string): boolean {
  const n = (s: string) => s.replace(/[\s.-]/g, '').toUpperCase();
  return n(a) !== '' && n(a) === n(b);
}
