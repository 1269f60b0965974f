import { useTranslation } from 'react-i18next';
import type { DeliverySlipStatus } from '../../../shared/contracts/delivery-slips';
import { StatusBadge, type Tone } from '../../components/status-badge';

const TONES: Record<DeliverySlipStatus, Tone> = {
  draft: 'secondary',
  ready: 'info',
  out_for_delivery: 'primary',
  delivered: 'success',
  failed: 'danger',
  cancelled: 'warning',
};
const ICONS: Record<DeliverySlipStatus, string> = {
  draft: 'bi-pencil',
  ready: 'bi-box-seam',
  out_for_delivery: 'bi-truck',
  delivered: 'bi-check2-circle',
  failed: 'bi-x-circle',
  cancelled: 'bi-slash-circle',
};

/** A slip's status as a pill with an icon (the state never rests on colour alone). */
export function SlipStatusBadge({ status }: { status: DeliverySlipStatus }) {
  const { t } = useTranslation('deliveryslip');
  return (
    <StatusBadge tone={TONES[status]} icon={ICONS[status]}>
      {t(`statuses.${status}`)}
    </StatusBadge>
  );
}
