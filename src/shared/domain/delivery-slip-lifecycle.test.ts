import { describe, expect, it } from 'vitest';
import {
  canTransition,
  DELIVERY_SLIP_FINAL_STATUSES,
  DELIVERY_SLIP_STATUSES,
  DELIVERY_SLIP_TRANSITIONS,
  nextSteps,
  packageEffectOf,
  slipTransitionMessage,
} from './delivery-slip-lifecycle';
import { DELIVERY_METHODS } from './slip-charges';

describe('delivery slip lifecycle', () => {
  it('courier: draft → ready → out_for_delivery → delivered | failed; cancel only from draft or ready', () => {
    expect(nextSteps('courier', 'draft')).toEqual(['ready', 'cancelled']);
    expect(nextSteps('courier', 'ready')).toEqual(['out_for_delivery', 'cancelled']);
    expect(nextSteps('courier', 'out_for_delivery')).toEqual(['delivered', 'failed']);
    expect(canTransition('courier', 'ready', 'delivered')).toBe(false);
    expect(canTransition('courier', 'out_for_delivery', 'cancelled')).toBe(false);
    expect(canTransition('courier', 'draft', 'delivered')).toBe(false);
  });

  it('pickup: handed over at the counter straight from ready, never out for delivery', () => {
    expect(nextSteps('pickup', 'ready')).toEqual(['delivered', 'failed', 'cancelled']);
    for (const s of DELIVERY_SLIP_STATUSES) expect(canTransition('pickup', s, 'out_for_delivery')).toBe(false);
  });

  it('final statuses go nowhere, and every non-final status of either method can move', () => {
    for (const m of DELIVERY_METHODS) {
      for (const s of DELIVERY_SLIP_STATUSES) {
        const final = DELIVERY_SLIP_FINAL_STATUSES.includes(s);
        if (final) expect(nextSteps(m, s)).toEqual([]);
        else if (!(m === 'pickup' && s === 'out_for_delivery')) expect(nextSteps(m, s).length).toBeGreaterThan(0);
        expect(canTransition(m, s, s)).toBe(false);
      }
    }
  });

  it('no step leads back to draft, and cancelled is reachable only from draft and ready', () => {
    for (const m of DELIVERY_METHODS) {
      for (const [from, tos] of Object.entries(DELIVERY_SLIP_TRANSITIONS[m])) {
        expect(tos).not.toContain('draft');
        if (tos.includes('cancelled')) expect(['draft', 'ready']).toContain(from);
      }
    }
  });

  it('says what each step does to the packages', () => {
    expect(packageEffectOf('draft', 'ready')).toBe('on_slip');
    expect(packageEffectOf('ready', 'out_for_delivery')).toBe('out_for_delivery');
    expect(packageEffectOf('out_for_delivery', 'delivered')).toBe('delivered');
    expect(packageEffectOf('out_for_delivery', 'failed')).toBe('ready');
    expect(packageEffectOf('ready', 'cancelled')).toBe('ready');
    expect(packageEffectOf('draft', 'cancelled')).toBeNull();
  });

  it('names the allowed steps in the refusal', () => {
    expect(slipTransitionMessage('courier', 'ready', 'delivered')).toBe(
      'Không thể chuyển phiếu giao từ "Sẵn sàng giao" sang "Đã giao"; chỉ có thể chuyển sang: "Đang giao", "Đã hủy"',
    );
    expect(slipTransitionMessage('pickup', 'delivered', 'failed')).toContain('trạng thái cuối');
  });
});
