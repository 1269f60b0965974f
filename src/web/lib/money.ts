/**
 * Foreign amounts on the web. Prices are integer minor units (USD cents, JPY yen); they are written by THE money
 * formatter (shared/domain/money-input.ts formatMoney, bound to the UI language by useForeignFormat) and typed through
 * AmountInput (parseMoneyInput). What is left here is arithmetic.
 */

/** Σ quantity × unit price in minor units, exactly (BigInt), for showing the goods in their own currency. */
export function foreignSubtotal(items: ReadonlyArray<{ quantity: number; unitPriceMinor: number }>): number | null {
  let sum = 0n;
  for (const i of items) {
    if (!Number.isSafeInteger(i.quantity) || !Number.isSafeInteger(i.unitPriceMinor)) return null;
    sum += BigInt(i.quantity) * BigInt(i.unitPriceMinor);
  }
  return sum <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(sum) : null;
}
