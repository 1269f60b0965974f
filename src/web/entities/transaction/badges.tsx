import { useTranslation } from 'react-i18next';
import type { Transaction, TransactionMethod, TransactionType } from '../../../shared/contracts/transactions';
import { formatVnd } from '../../lib/format';
import { StatusBadge, type Tone } from '../../components/status-badge';

const TRANSACTION_TYPE_TONES: Record<TransactionType, Tone> = {
  deposit: 'success',
  payment: 'warning',
  refund: 'info',
  adjustment: 'secondary',
  cod: 'primary',
  collection: 'primary',
};

const TRANSACTION_TYPE_ICONS: Record<TransactionType, string> = {
  deposit: 'bi-box-arrow-in-down',
  payment: 'bi-cart-check',
  refund: 'bi-arrow-counterclockwise',
  adjustment: 'bi-sliders',
  cod: 'bi-cash-coin',
  collection: 'bi-receipt',
};

export function TransactionTypeBadge({ type }: { type: TransactionType }) {
  const { t } = useTranslation('transaction');
  return (
    <StatusBadge tone={TRANSACTION_TYPE_TONES[type]} icon={TRANSACTION_TYPE_ICONS[type]}>
      {t(`types.${type}`)}
    </StatusBadge>
  );
}

/** How the money came or went; a payment or refund stays inside the wallet and has no method (null). */
export function TransactionMethodText({ method }: { method: TransactionMethod | null }) {
  const { t } = useTranslation('transaction');
  return (
    <span className="text-nowrap">
      <i className={`bi ${method === null ? 'bi-wallet2' : method === 'cash' ? 'bi-cash' : 'bi-bank'} me-1 text-body-secondary`} aria-hidden="true" />
      {t(`methods.${method ?? 'wallet'}`)}
    </span>
  );
}

/**
 * A signed ledger amount: "+500.000 ₫" in green, "−150.000 ₫" in red. The sign is written out (a real minus),
 * so the direction never rests on colour alone.
 */
export function SignedAmount({ amount, className }: { amount: number; className?: string }) {
  const tone = amount > 0 ? 'text-success-emphasis' : amount < 0 ? 'text-danger-emphasis' : '';
  const text = amount > 0 ? `+${formatVnd(amount)}` : amount < 0 ? `\u2212${formatVnd(-amount)}` : formatVnd(0);
  return <span className={`font-tabular text-nowrap fw-medium ${tone}${className ? ` ${className}` : ''}`}>{text}</span>;
}

/** A balance: red when the customer owes money. */
export function BalanceAmount({ amount, className }: { amount: number; className?: string }) {
  return <span className={`font-tabular text-nowrap${amount < 0 ? ' text-danger-emphasis' : ''}${className ? ` ${className}` : ''}`}>{formatVnd(amount)}</span>;
}

/**
 * A wallet row's note in the reader's language: the note the system wrote (a code and its parameters, see
 * shared/domain/transaction-notes.ts) from the catalog, then what staff typed, as typed.
 */
export function TransactionNote({ row }: { row: Pick<Transaction, 'note' | 'noteCode' | 'noteParams'> }) {
  const { t } = useTranslation('transaction');
  const system = row.noteCode ? t(`systemNotes.${row.noteCode}`, { ...row.noteParams }) : '';
  return <>{[system, row.note].filter(Boolean).join(' — ')}</>;
}
