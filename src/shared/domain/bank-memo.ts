import { stripVietnameseMarks } from '../text';
import { slipCodeFromPaymentCode } from './delivery-slip-lifecycle';

/**
 * Reading a bank transfer's memo (nội dung chuyển khoản): which of our codes the customer wrote, however the
 * banking apps mangled it on the way. Pure; the server's matching (modules/bank-transactions) acts on the answer.
 *
 * What a bank does to "PG261200301" (the VietQR note printed on a slip) or "NAP KH000201":
 * - case and accents: "pg261200301", "Thanh toán PG261200301" (Vietnamese is folded to plain letters first);
 * - separators: "PG2612-00301", "PG2612 00301", "PG 2612.00301", "KH-000201";
 * - prefixes and suffixes of its own: "IBFT PG261200301", "CT DEN:512345678 PG261200301 NGUYEN VAN A chuyen tien",
 *   "MBVCB.3.PG261200301.CT tu 0123…", "FT24123PG261200301" (glued to its reference number).
 *
 * The memo is folded, cut into runs of letters and digits, and at every place a run has one of our prefixes
 * (PG slip, KH customer, DH order, and the configured top-up word, e.g. NAP) the digits that follow are read,
 * joined with up to two following runs of digits when the bank split them. Which digits make a code is decided by
 * each kind's own rule: a slip by slipCodeFromPaymentCode (delivery-slip-lifecycle.ts), a customer by KH + 6
 * digits, an order by DH + 8 digits. Exactly one distinct code → that code; none, or two different codes (a slip
 * and an order, two slips, …) → nothing is matched and a clerk decides.
 */

type MemoCodeKind = 'slip' | 'customer' | 'order';
export interface MemoCode {
  kind: MemoCodeKind;
  /** The code as our records write it: PG2612-00301, KH000201, DH00000042. */
  code: string;
}

export type MemoMatch = MemoCode | { kind: 'none' } | { kind: 'conflict'; codes: string[] };

export interface MemoOptions {
  /** A word customers put before their customer code to top up the wallet ("NAP" → "NAP KH000201", "NAP000201"). */
  topUpPrefix?: string;
}

/** Upper case, no accents, đ → D. */
function foldMemo(memo: string): string {
  return stripVietnameseMarks(memo).toUpperCase();
}

const DIGITS = /^\d+/;
const ALL_DIGITS = /^\d+$/;
const isLetter = (c: string | undefined) => c !== undefined && c >= 'A' && c <= 'Z';

/** The code of each kind for a run of digits after its prefix, or null. */
const RULES: Array<{ prefix: string; kind: MemoCodeKind; read: (digits: string) => string | null }> = [
  { prefix: 'PG', kind: 'slip', read: (d) => slipCodeFromPaymentCode(`PG${d}`) },
  { prefix: 'KH', kind: 'customer', read: (d) => (d.length === 6 ? `KH${d}` : null) },
  { prefix: 'DH', kind: 'order', read: (d) => (d.length === 8 ? `DH${d}` : null) },
];

/** Readings of the digits at `runs[j]` from `at`: alone, then joined with one and two following digit runs. */
function digitReadings(runs: string[], j: number, at: number): string[] {
  // The prefix ends its run ("KH 000201", "PG-2612-00301"): the digits are in the next run.
  if (at === runs[j]!.length && j + 1 < runs.length) {
    j++;
    at = 0;
  }
  const first = DIGITS.exec(runs[j]!.slice(at))?.[0];
  if (!first) return [];
  const out = [first];
  // Only a run that ends in these digits may continue into the next runs (…PG2612 00301, not …PG2612X 00301).
  if (at + first.length !== runs[j]!.length) return out;
  let joined = first;
  for (let k = j + 1; k < runs.length && k <= j + 2 && ALL_DIGITS.test(runs[k]!); k++) {
    joined += runs[k]!;
    out.push(joined);
  }
  return out;
}

/** Every distinct code in the memo, in the order first found. */
export function findMemoCodes(memo: string, options: MemoOptions = {}): MemoCode[] {
  const runs = foldMemo(memo)
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  const topUp = options.topUpPrefix ? foldMemo(options.topUpPrefix).replace(/[^A-Z0-9]/g, '') : '';
  const found = new Map<string, MemoCode>();
  const add = (c: MemoCode | null) => {
    if (c && !found.has(c.code)) found.set(c.code, c);
  };
  for (let j = 0; j < runs.length; j++) {
    const run = runs[j]!;
    for (let i = 0; i < run.length; i++) {
      // A prefix inside a word ("THANKH…") is not a prefix: it starts a run or follows digits (a glued bank ref).
      if (i > 0 && isLetter(run[i - 1])) continue;
      for (const rule of RULES) {
        if (!run.startsWith(rule.prefix, i)) continue;
        for (const digits of digitReadings(runs, j, i + rule.prefix.length)) {
          const code = rule.read(digits);
          if (code) {
            add({ kind: rule.kind, code });
            break;
          }
        }
      }
      if (topUp && run.startsWith(topUp, i)) {
        // "NAP KH000201", "NAPKH000201", "NAP 000201", "NAP000201": the customer code, with or without its KH.
        let k = j;
        let at = i + topUp.length;
        if (at === run.length && k + 1 < runs.length) {
          k++;
          at = 0;
        }
        if (runs[k]!.startsWith('KH', at)) at += 2;
        for (const digits of digitReadings(runs, k, at)) {
          if (digits.length === 6) {
            add({ kind: 'customer', code: `KH${digits}` });
            break;
          }
        }
      }
    }
  }
  return [...found.values()];
}

/** The one code the memo names, or none, or the conflicting codes. */
export function matchMemo(memo: string, options: MemoOptions = {}): MemoMatch {
  const codes = findMemoCodes(memo, options);
  if (codes.length === 0) return { kind: 'none' };
  if (codes.length > 1) return { kind: 'conflict', codes: codes.map((c) => c.code) };
  return codes[0]!;
}
