import { useTranslation } from 'react-i18next';
import type { OrderKind, OrderStatus } from '../../../shared/contracts/orders';
import type { TransactionMethod, TransactionType } from '../../../shared/contracts/transactions';
import { formatVnd } from '../../lib/format';
import { StatusBadge, type Tone } from '../status-badge';

/**
 * How orders' and wallet rows' closed values look, shared by the order and transaction screens and the customer
 * page's tabs (features may not import each other). Labels come from the `order` and `transaction` namespaces.
 */

export const ORDER_STATUS_TONES: Record<OrderStatus, Tone> = {
  new: 'secondary',
  confirmed: 'info',
  purchased: 'primary',
  received_abroad: 'primary',
  in_transit: 'warning',
  arrived: 'info',
  delivering: 'warning',
  completed: 'success',
  cancelled: 'danger',
};

export const ORDER_STATUS_ICONS: Record<OrderStatus, string> = {
  new: 'bi-file-earmark-plus',
  confirmed: 'bi-check2-circle',
  purchased: 'bi-bag-check',
  received_abroad: 'bi-box-seam',
  in_transit: 'bi-airplane',
  arrived: 'bi-building-check',
  delivering: 'bi-truck',
  completed: 'bi-patch-check',
  cancelled: 'bi-x-circle',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('order');
  return (
    <StatusBadge tone={ORDER_STATUS_TONES[status]} icon={ORDER_STATUS_ICONS[status]}>
      {t(`statuses.${status}`)}
    </StatusBadge>
  );
}

export function OrderKindBadge({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation('order');
  return (
    <StatusBadge tone={kind === 'purchase' ? 'primary' : 'secondary'} icon={kind === 'purchase' ? 'bi-cart3' : 'bi-box2'}>
      {t(`kinds.${kind}`)}
    </StatusBadge>
  );
}

export const TRANSACTION_TYPE_TONES: Record<TransactionType, Tone> = {
  deposit: 'success',
  payment: 'warning',
  refund: 'info',
  adjustment: 'secondary',
  cod: 'primary',
};

const TRANSACTION_TYPE_ICONS: Record<TransactionType, string> = {
  deposit: 'bi-box-arrow-in-down',
  payment: 'bi-cart-check',
  refund: 'bi-arrow-counterclockwise',
  adjustment: 'bi-sliders',
  cod: 'bi-cash-coin',
};

export function TransactionTypeBadge({ type }: { type: TransactionType }) {
  const { t } = useTranslation('transaction');
  return (
    <StatusBadge tone={TRANSACTION_TYPE_TONES[type]} icon={TRANSACTION_TYPE_ICONS[type]}>
      {t(`types.${type}`)}
    </StatusBadge>
  );
}

export function TransactionMethodText({ method }: { method: TransactionMethod }) {
  const { t } = useTranslation('transaction');
  return (
    <span className="text-nowrap">
      <i className={`bi ${method === 'cash' ? 'bi-cash' : 'bi-bank'} me-1 text-body-secondary`} aria-hidden="true" />
      {t(`methods.${method}`)}
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
