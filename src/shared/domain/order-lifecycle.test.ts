import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedOrderTransitions,
  canEditOrderFees,
  canEditOrderItems,
  canTransitionOrder,
  ORDER_KINDS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  orderStatusFromPackages,
  orderStepsFollowingPackages,
  type OrderKind,
  type OrderStatus,
} from './order-lifecycle';
import { PACKAGE_STATUSES } from './package-status';

const MAIN: OrderStatus[] = ['new', 'confirmed', 'purchased', 'received_abroad', 'in_transit', 'arrived', 'delivering', 'completed'];

describe('order lifecycle', () => {
  it('walks a purchase along the main path, one step at a time', () => {
    for (let i = 0; i + 1 < MAIN.length; i++) expect(canTransitionOrder('purchase', MAIN[i]!, MAIN[i + 1]!), `${MAIN[i]} → ${MAIN[i + 1]}`).toBe(true);
  });

  it('takes a consignment from confirmed straight to received_abroad, never through purchased', () => {
    expect(canTransitionOrder('consignment', 'confirmed', 'received_abroad')).toBe(true);
    expect(canTransitionOrder('consignment', 'confirmed', 'purchased')).toBe(false);
    expect(canTransitionOrder('purchase', 'confirmed', 'received_abroad')).toBe(false);
    for (const from of ORDER_STATUSES) expect(canTransitionOrder('consignment', from, 'purchased')).toBe(false);
  });

  it.each([
    ['new', 'purchased'],
    ['new', 'completed'],
    ['confirmed', 'new'],
    ['received_abroad', 'cancelled'],
    ['in_transit', 'cancelled'],
    ['arrived', 'completed'],
    ['completed', 'cancelled'],
    ['cancelled', 'new'],
    ['in_transit', 'in_transit'],
  ] as Array<[OrderStatus, OrderStatus]>)('refuses %s → %s', (from, to) => {
    expect(canTransitionOrder('purchase', from, to)).toBe(false);
  });

  it('cancels only before the goods reach our warehouse abroad', () => {
    const cancellable = ORDER_STATUSES.filter((s) => canTransitionOrder('purchase', s, 'cancelled'));
    expect(cancellable).toEqual(['new', 'confirmed', 'purchased']);
    expect(ORDER_STATUSES.filter((s) => canTransitionOrder('consignment', s, 'cancelled'))).toEqual(['new', 'confirmed']);
  });

  it('lets a failed delivery return to the warehouse, and nothing else go back', () => {
    expect(canTransitionOrder('purchase', 'delivering', 'arrived')).toBe(true);
    for (const kind of ORDER_KINDS) {
      for (const from of ORDER_STATUSES) {
        for (const to of allowedOrderTransitions(kind, from)) {
          if (to === 'cancelled' || (from === 'delivering' && to === 'arrived')) continue;
          expect(MAIN.indexOf(to), `${kind}: ${from} → ${to}`).toBeGreaterThan(MAIN.indexOf(from));
        }
      }
    }
  });

  it('ends at completed and cancelled', () => {
    for (const kind of ORDER_KINDS) {
      expect(allowedOrderTransitions(kind, 'completed')).toEqual([]);
      expect(allowedOrderTransitions(kind, 'cancelled')).toEqual([]);
    }
  });

  it('reaches completed from every live status, for both kinds', () => {
    for (const kind of ORDER_KINDS) {
      const reach = (from: OrderStatus, seen = new Set<OrderStatus>()): boolean => {
        if (from === 'completed') return true;
        seen.add(from);
        return ORDER_TRANSITIONS[kind][from].some((to) => !seen.has(to) && reach(to, seen));
      };
      for (const s of ORDER_STATUSES) {
        if (s === 'cancelled' || (kind === 'consignment' && s === 'purchased')) continue;
        expect(reach(s), `${kind}: ${s}`).toBe(true);
      }
    }
  });

  it('any random walk of legal steps stays inside the table and never leaves a final status', () => {
    fc.assert(
      fc.property(fc.constantFrom<OrderKind>(...ORDER_KINDS), fc.array(fc.nat(), { maxLength: 30 }), (kind, picks) => {
        let s: OrderStatus = 'new';
        for (const p of picks) {
          const next = allowedOrderTransitions(kind, s);
          if (!next.length) {
            expect(['completed', 'cancelled']).toContain(s);
            break;
          }
          const to = next[p % next.length]!;
          expect(canTransitionOrder(kind, s, to)).toBe(true);
          if (kind === 'consignment') expect(to).not.toBe('purchased');
          s = to;
        }
      }),
    );
  });

  it('says what can still be edited', () => {
    expect(ORDER_STATUSES.filter(canEditOrderItems)).toEqual(['new', 'confirmed']);
    expect(ORDER_STATUSES.filter((s) => !canEditOrderFees(s))).toEqual(['completed', 'cancelled']);
  });
});

describe('the order follows its parcels', () => {
  it('moves to received_abroad with the first parcel received, walking every legal step from new', () => {
    expect(orderStepsFollowingPackages('purchase', 'new', ['received_abroad', 'expected'])).toEqual(['confirmed', 'purchased', 'received_abroad']);
    expect(orderStepsFollowingPackages('consignment', 'new', ['received_abroad'])).toEqual(['confirmed', 'received_abroad']);
  });

  it('is in transit once one parcel has left, and arrived only when every parcel is ready in Vietnam', () => {
    expect(orderStatusFromPackages(['departed', 'expected'])).toBe('in_transit');
    expect(orderStatusFromPackages(['ready', 'cleared'])).toBe('in_transit');
    expect(orderStatusFromPackages(['ready', 'on_slip'])).toBe('arrived');
    expect(orderStatusFromPackages(['ready', 'customs_hold'])).toBe('in_transit');
    expect(orderStatusFromPackages(['ready', 'out_for_delivery'])).toBe('delivering');
    expect(orderStatusFromPackages(['delivered', 'delivered'])).toBe('delivering');
  });

  it('leaves lost and returned parcels out, and says nothing for parcels still expected', () => {
    expect(orderStatusFromPackages(['ready', 'lost'])).toBe('arrived');
    expect(orderStatusFromPackages(['lost', 'returned'])).toBeNull();
    expect(orderStatusFromPackages(['expected'])).toBeNull();
    expect(orderStatusFromPackages([])).toBeNull();
  });

  it('never goes backwards, never leaves a final status and never implies completed', () => {
    expect(orderStepsFollowingPackages('purchase', 'delivering', ['ready'])).toEqual([]);
    expect(orderStepsFollowingPackages('purchase', 'arrived', ['departed'])).toEqual([]);
    expect(orderStepsFollowingPackages('purchase', 'cancelled', ['ready'])).toEqual([]);
    expect(orderStepsFollowingPackages('purchase', 'completed', ['delivered'])).toEqual([]);
    expect(orderStepsFollowingPackages('purchase', 'arrived', ['delivered'])).toEqual(['delivering']);
  });

  it('only ever proposes legal steps, one after the other', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDER_KINDS),
        fc.constantFrom(...ORDER_STATUSES),
        fc.array(fc.constantFrom(...PACKAGE_STATUSES), { maxLength: 6 }),
        (kind, current, statuses) => {
          let at = current;
          for (const step of orderStepsFollowingPackages(kind, current, statuses)) {
            expect(canTransitionOrder(kind, at, step)).toBe(true);
            expect(step).not.toBe('completed');
            at = step;
          }
        },
      ),
    );
  });
});
