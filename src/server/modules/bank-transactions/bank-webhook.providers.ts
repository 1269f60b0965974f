import type { CassoWebhookBody, SepayWebhookBody } from '../../../shared/contracts/bank-transactions';
import { parseBankTime, type NormalizedTransfer } from '../../../shared/domain/bank-transfer';

/** SePay's body in our terms. Its extracted payment `code` (when a prefix is configured there) is read with the memo. */
export function fromSepay(b: SepayWebhookBody): NormalizedTransfer {
  const memo = [b.code, b.content].filter((s): s is string => !!s && s.trim() !== '').join(' ');
  return {
    provider: 'sepay',
    providerId: String(b.id),
    bankReference: (b.referenceCode ?? '').trim(),
    accountNumber: b.accountNumber.trim(),
    amount: b.transferAmount,
    direction: b.transferType,
    occurredAt: parseBankTime(b.transactionDate),
    memo: memo || (b.description ?? ''),
    counterAccount: '',
  };
}

/** Casso v2's `data` in our terms: a negative amount is money going out. */
export function fromCasso(b: CassoWebhookBody): NormalizedTransfer {
  const d = b.data;
  return {
    provider: 'casso',
    providerId: String(d.id),
    bankReference: (d.reference ?? '').trim(),
    accountNumber: d.accountNumber.trim(),
    amount: Math.abs(d.amount),
    direction: d.amount < 0 ? 'out' : 'in',
    occurredAt: parseBankTime(d.transactionDateTime),
    memo: d.description ?? '',
    counterAccount: [d.counterAccountName, d.counterAccountNumber, d.counterAccountBankName].filter(Boolean).join(' · '),
  };
}
