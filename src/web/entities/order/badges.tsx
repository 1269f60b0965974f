import { useTranslation } from 'react-i18next';
import type { OrderKind, OrderStatus } from '../../../shared/contracts/orders';
import { StatusBadge, type Tone } from '../../components/status-badge';

/**
 * How orders' and wallet rows' closed values look, shared by the order and transaction screens and the customer
 * page's tabs (features may not import each other). Labels come from the `order` and `transaction` namespaces.
 */

const ORDER_STATUS_TONES: Record<OrderStatus, Tone> = {
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
