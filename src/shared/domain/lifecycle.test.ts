import { describe, expect, it } from 'vitest';
import { DELIVERY_SLIP_LIFECYCLES } from './delivery-slip-lifecycle';
import type { Lifecycle } from './lifecycle';
import { MAWB_LIFECYCLE } from './mawb-lifecycle';
import { ORDER_LIFECYCLES } from './order-lifecycle';
import { PACKAGE_FLOW, PACKAGE_LIFECYCLE, type PackageStatus } from './package-status';

const ALL: Array<[string, Lifecycle<string>]> = [
  ['order purchase', ORDER_LIFECYCLES.purchase],
  ['order consignment', ORDER_LIFECYCLES.consignment],
  ['mawb', MAWB_LIFECYCLE],
  ['slip courier', DELIVERY_SLIP_LIFECYCLES.courier],
  ['slip pickup', DELIVERY_SLIP_LIFECYCLES.pickup],
  ['package', PACKAGE_LIFECYCLE],
];

describe('every lifecycle has one shape', () => {
  it.each(ALL)('%s: labels for every status, final ones lead nowhere, steps stay inside, no step to itself', (_name, l) => {
    for (const s of l.statuses) {
      expect(l.labels[s], s).toBeTruthy();
      const next = l.nextSteps(s);
      if (l.isFinal(s)) expect(next, s).toEqual([]);
      for (const t of next) {
        expect(l.statuses, `${s} → ${t}`).toContain(t);
        expect(t, s).not.toBe(s);
        expect(l.canTransition(s, t)).toBe(true);
      }
      for (const t of l.statuses.filter((x) => !next.includes(x))) expect(l.canTransition(s, t), `${s} → ${t}`).toBe(false);
    }
  });

  it.each(ALL)('%s: a refusal names the allowed steps, or says the status is final', (_name, l) => {
    for (const s of l.statuses) {
      const msg = l.refusal(s, s, 'X-1');
      const next = l.nextSteps(s);
      if (next.length) for (const t of next) expect(msg).toContain(`"${l.labels[t]}"`);
      else expect(msg).toMatch(/kết thúc|cuối/);
    }
  });
});

describe('the package lifecycle', () => {
  const can = (from: PackageStatus, to: PackageStatus) => PACKAGE_LIFECYCLE.canTransition(from, to);

  it('goes forward along the flow, skipping missed scans', () => {
    expect(can('expected', 'received_abroad')).toBe(true);
    expect(can('expected', 'departed')).toBe(true);
    expect(can('on_mawb', 'ready')).toBe(true);
    expect(can('out_for_delivery', 'delivered')).toBe(true);
  });

  it('undoes a mistaken scan by one step back, never back to expected', () => {
    expect(can('arrived', 'departed')).toBe(true);
    expect(can('arrived', 'on_mawb')).toBe(false);
    expect(can('received_abroad', 'expected')).toBe(false);
    expect(can('out_for_delivery', 'ready')).toBe(true);
  });

  it('holds and damage come from any open status and are resolved to a status of the flow', () => {
    for (const s of PACKAGE_FLOW.filter((x) => x !== 'delivered')) {
      expect(can(s, 'on_hold'), s).toBe(true);
      expect(can(s, 'damaged'), s).toBe(true);
      expect(can(s, 'lost'), s).toBe(true);
    }
    expect(can('on_hold', 'departed')).toBe(true);
    expect(can('damaged', 'ready')).toBe(true);
    expect(can('on_hold', 'expected')).toBe(false);
  });

  it('delivered, lost and returned are final: a delivered package is never expected again', () => {
    expect(can('delivered', 'expected')).toBe(false);
    for (const s of ['delivered', 'lost', 'returned'] as const) expect(PACKAGE_LIFECYCLE.nextSteps(s)).toEqual([]);
    expect(PACKAGE_LIFECYCLE.refusal('delivered', 'expected')).toBe(
      'Không thể ghi sự kiện "Chờ nhận" cho kiện đang ở trạng thái "Đã giao"; trạng thái này là trạng thái cuối, không thể chuyển tiếp',
    );
  });
});
