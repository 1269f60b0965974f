import type { PackageStatus } from '../../../shared/domain/package-status';
import type { Tone } from '../../components/status-badge';

/**
 * One colour per phase of the journey (abroad, in the air, customs, at the VN hub and delivery, exceptions), and
 * one icon per status so two statuses of a phase still read apart without relying on colour.
 */
export const PACKAGE_STATUS_LOOK: Record<PackageStatus, { tone: Tone; icon: string }> = {
  expected: { tone: 'secondary', icon: 'bi-hourglass-split' },
  received_abroad: { tone: 'info', icon: 'bi-box-arrow-in-down' },
  on_mawb: { tone: 'info', icon: 'bi-stack' },
  departed: { tone: 'primary', icon: 'bi-airplane' },
  arrived: { tone: 'primary', icon: 'bi-airplane-engines' },
  in_customs: { tone: 'primary', icon: 'bi-shield' },
  cleared: { tone: 'primary', icon: 'bi-shield-check' },
  in_transfer: { tone: 'primary', icon: 'bi-signpost-split' },
  ready: { tone: 'success', icon: 'bi-house-check' },
  on_slip: { tone: 'success', icon: 'bi-receipt' },
  out_for_delivery: { tone: 'success', icon: 'bi-truck' },
  delivered: { tone: 'success', icon: 'bi-check2-circle' },
  on_hold: { tone: 'warning', icon: 'bi-pause-circle' },
  customs_hold: { tone: 'warning', icon: 'bi-shield-exclamation' },
  damaged: { tone: 'danger', icon: 'bi-heartbreak' },
  lost: { tone: 'danger', icon: 'bi-question-octagon' },
  returned: { tone: 'secondary', icon: 'bi-arrow-return-left' },
};
