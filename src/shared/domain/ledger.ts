/**
 * The customer wallet ledger. Every row is one movement of the wallet, stored with its SIGNED
 * amount in đồng and the balance after it; the customer's balance is always the sum of its rows.
 *
 * Sign by type (the API takes a positive amount and the type decides the sign):
 * - deposit     +  a wallet top-up: money the customer hands over for no particular slip (cash, bank transfer).
 * - collection  +  money collected FOR a delivery slip when it is handed over at the counter (cash) or paid by
 *                  transfer (bank_transfer); it references the slip, so a cashier tells it from a top-up.
 * - payment     −  the wallet pays for something (an order's deposit or balance, a delivery slip).
 * - refund      +  money we owe back goes back into the wallet (a cancelled order, an overcharge). Paying
 *                  cash out of the wallet is not a refund: it is a negative adjustment.
 * - cod         +  cash collected by the courier on delivery. It credits the wallet, and the slip's own
 *                  payment row then charges the wallet, so a COD delivery is two rows that net to zero
 *                  against the slip and every đồng that moved is visible.
 * - adjustment  ±  a correction; the only type whose input may be negative. Amounts are never edited:
 *                  a wrong row is corrected by an adjustment.
 *
 * Credit limit: a customer may owe us up to `creditLimit` đồng (0 by default: no debt). A row that takes
 * money out of the wallet (a payment, a negative adjustment) is refused when the balance after it would be
 * below −creditLimit. A row that adds money is always accepted, even when the balance is still below the
 * floor afterwards (it only makes things better).
 */

export const TRANSACTION_TYPES = ['deposit', 'payment', 'refund', 'adjustment', 'cod', 'collection'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_METHODS = ['cash', 'bank_transfer'] as const;
export type TransactionMethod = (typeof TRANSACTION_METHODS)[number];

/**
 * Rows that move money only inside the wallet have no method: a payment is taken from the balance and a refund
 * goes back into it, whether the money first came in cash or by transfer. Money that crosses the counter
 * (a deposit, cash collected on delivery, an adjustment paying cash out) says how it came or went.
 */
export const WALLET_ONLY_TYPES: readonly TransactionType[] = ['payment', 'refund'];

/** Whether a row of this type carries a method (cash / bank transfer). */
export function hasMethod(type: TransactionType): boolean {
  return !WALLET_ONLY_TYPES.includes(type);
}

/** +1 adds to the wallet, −1 takes from it, 0: the input carries its own sign (adjustment). */
export const TRANSACTION_SIGN: Record<TransactionType, 1 | -1 | 0> = {
  deposit: 1,
  payment: -1,
  refund: 1,
  cod: 1,
  collection: 1,
  adjustment: 0,
};

/** The types that bring money into the wallet from outside (what the dashboards count as money received). */
export const MONEY_IN_TYPES: readonly TransactionType[] = TRANSACTION_TYPES.filter((t) => TRANSACTION_SIGN[t] === 1 && hasMethod(t));

/**
 * What a wallet row may refer to, as data: one entry per kind of record, read by the contracts (which kinds a
 * client may link), the server (which table holds them) and the web (where the record's page is). A new kind
 * (a delivery slip) is one entry here plus its table on the server, not a new branch in each layer.
 */
export interface ReferenceKind {
  /** Vietnamese name, for exports and messages (the web translates `referenceTypes.<kind>`). */
  label: string;
  /** True when POST /api/transactions may link a new row to it; other kinds post their own rows. */
  linkable: boolean;
  /** The web page of the referred record, when it has one. */
  detailPath: ((id: number) => string) | null;
}

export const TRANSACTION_REFERENCE_TYPES = ['order', 'delivery_slip'] as const;
export type TransactionReferenceType = (typeof TRANSACTION_REFERENCE_TYPES)[number];

export const TRANSACTION_REFERENCE_KINDS: Readonly<Record<TransactionReferenceType, ReferenceKind>> = {
  order: { label: 'Đơn hàng', linkable: true, detailPath: (id) => `/order/${id}` },
  delivery_slip: { label: 'Phiếu giao hàng', linkable: false, detailPath: (id) => `/deliveryslip/${id}` },
};

/** The kinds a client may link a new row to (a non-empty tuple, for z.enum). */
export const LINKABLE_REFERENCE_TYPES = TRANSACTION_REFERENCE_TYPES.filter((k) => TRANSACTION_REFERENCE_KINDS[k].linkable) as unknown as readonly [
  TransactionReferenceType,
  ...TransactionReferenceType[],
];

/** Largest amount of one row: 1,000 tỷ đồng. */
export const TRANSACTION_AMOUNT_MAX = 1_000_000_000_000;

/** Whether an input amount is acceptable for the type: positive, or non-zero for an adjustment. */
export function validInputAmount(type: TransactionType, amount: number): boolean {
  if (!Number.isSafeInteger(amount) || Math.abs(amount) > TRANSACTION_AMOUNT_MAX) return false;
  return type === 'adjustment' ? amount !== 0 : amount > 0;
}

/** The signed amount stored in the ledger for an input amount. */
export function signedAmount(type: TransactionType, amount: number): number {
  if (!validInputAmount(type, amount)) throw new RangeError(`invalid amount ${amount} for ${type}`);
  const sign = TRANSACTION_SIGN[type];
  return sign === 0 ? amount : sign * amount;
}

/** What can still be taken out of the wallet: balance + credit limit (never below 0 in the answer). */
export function availableFunds(balance: number, creditLimit: number): number {
  return Math.max(0, balance + creditLimit);
}

export type LedgerDecision =
  | { ok: true; balanceAfter: number }
  | { ok: false; balanceAfter: number; available: number };

/** The credit-limit rule for one signed movement on the current balance. */
export function applyToBalance(balance: number, creditLimit: number, delta: number): LedgerDecision {
  const balanceAfter = balance + delta;
  if (delta < 0 && balanceAfter < -creditLimit) return { ok: false, balanceAfter, available: availableFunds(balance, creditLimit) };
  return { ok: true, balanceAfter };
}

/** Σ amounts in, out and net of a set of signed rows (what the transaction list's totals show). */
export function ledgerTotals(amounts: readonly number[]): { totalIn: number; totalOut: number; net: number; count: number } {
  let totalIn = 0;
  let totalOut = 0;
  for (const a of amounts) {
    if (a > 0) totalIn += a;
    else totalOut -= a;
  }
  return { totalIn, totalOut, net: totalIn - totalOut, count: amounts.length };
}
