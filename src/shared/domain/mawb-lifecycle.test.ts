import { describe, expect, it } from 'vitest';
import {
  allowedNextStatuses,
  canTransition,
  MAWB_ADD_EFFECT,
  MAWB_FLOW,
  MAWB_OPEN_STATUSES,
  MAWB_REMOVE_EFFECT,
  MAWB_STATUS_EFFECTS,
  MAWB_STATUS_LABELS,
  MAWB_STATUSES,
  MAWB_TRANSITIONS,
  packageStatusForMawb,
  transitionErrorMessage,
  type MawbStatus,
} from './mawb-lifecycle';
import { DEFAULT_IATA_CODE, IATA_CODES, PACKAGE_FLOW, PACKAGE_STATUSES } from './package-status';

const legal: Array<[MawbStatus, MawbStatus]> = [
  ['draft', 'booked'],
  ['booked', 'manifested'],
  ['manifested', 'departed'],
  ['departed', 'arrived'],
  ['arrived', 'in_customs'],
  ['in_customs', 'cleared'],
  ['cleared', 'received_at_hub'],
  ['received_at_hub', 'closed'],
  ['draft', 'cancelled'],
  ['booked', 'cancelled'],
];

describe('MAWB transitions', () => {
  it('allows exactly the flow one step at a time, and cancel from draft or booked', () => {
    for (const from of MAWB_STATUSES) {
      for (const to of MAWB_STATUSES) {
        const expected = legal.some(([a, b]) => a === from && b === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected);
      }
    }
    expect(MAWB_FLOW).toEqual(['draft', 'booked', 'manifested', 'departed', 'arrived', 'in_customs', 'cleared', 'received_at_hub', 'closed']);
  });

  it('has no way out of closed or cancelled, and never goes back', () => {
    expect(allowedNextStatuses('closed')).toEqual([]);
    expect(allowedNextStatuses('cancelled')).toEqual([]);
    for (const [from, targets] of Object.entries(MAWB_TRANSITIONS) as Array<[MawbStatus, MawbStatus[]]>) {
      for (const to of targets) if (to !== 'cancelled') expect(MAWB_FLOW.indexOf(to as never)).toBe(MAWB_FLOW.indexOf(from as never) + 1);
    }
  });

  it('says in Vietnamese where the MAWB may go instead', () => {
    expect(transitionErrorMessage('booked', 'arrived')).toBe(
      'Không thể chuyển MAWB từ "Đã đặt chỗ" sang "Đã hạ cánh"; chỉ có thể chuyển sang: "Đã lập manifest", "Đã hủy"',
    );
    expect(transitionErrorMessage('departed', 'departed')).toContain('MAWB đang ở trạng thái "Đã cất cánh"; chỉ có thể chuyển sang: "Đã hạ cánh"');
    expect(transitionErrorMessage('closed', 'draft')).toContain('trạng thái cuối');
    for (const s of MAWB_STATUSES) expect(MAWB_STATUS_LABELS[s]).toBeTruthy();
  });

  it('counts every status but closed and cancelled as open', () => {
    expect([...MAWB_OPEN_STATUSES].sort()).toEqual(MAWB_STATUSES.filter((s) => s !== 'closed' && s !== 'cancelled').sort());
  });
});

describe('what a MAWB move does to its packages', () => {
  it('maps each step to its package status and IATA FSU code', () => {
    expect(MAWB_STATUS_EFFECTS).toMatchObject({
      draft: null,
      booked: { code: 'on_mawb', iataCode: 'BKD' },
      manifested: { code: 'on_mawb', iataCode: 'MAN' },
      departed: { code: 'departed', iataCode: 'DEP' },
      arrived: { code: 'arrived', iataCode: 'RCF' },
      in_customs: { code: 'in_customs', iataCode: 'CRC' },
      cleared: { code: 'cleared', iataCode: 'CCD' },
      received_at_hub: { code: 'ready', iataCode: 'NFD' },
      closed: null,
      cancelled: { code: 'received_abroad', iataCode: 'FOH' },
    });
    expect(MAWB_ADD_EFFECT).toMatchObject({ code: 'on_mawb', iataCode: null });
    expect(MAWB_REMOVE_EFFECT).toMatchObject({ code: 'received_abroad', iataCode: 'FOH' });
  });

  it('only uses real package statuses and FSU codes, and agrees with the packages default codes where it moves the status', () => {
    for (const e of Object.values(MAWB_STATUS_EFFECTS)) {
      if (!e) continue;
      expect(PACKAGE_STATUSES).toContain(e.code);
      if (e.iataCode) expect(IATA_CODES).toContain(e.iataCode);
    }
    for (const s of ['departed', 'arrived', 'in_customs', 'cleared', 'received_at_hub'] as const) {
      const e = MAWB_STATUS_EFFECTS[s]!;
      expect(e.iataCode).toBe(DEFAULT_IATA_CODE[e.code]);
    }
  });

  it('moves packages forward along their own flow as the MAWB moves along its', () => {
    const order = MAWB_FLOW.map((s) => packageStatusForMawb(s)).filter((s): s is NonNullable<typeof s> => s !== null);
    const idx = order.map((s) => PACKAGE_FLOW.indexOf(s as (typeof PACKAGE_FLOW)[number]));
    expect(idx.every((v, i) => v >= 0 && (i === 0 || v >= idx[i - 1]!))).toBe(true);
    expect(packageStatusForMawb('draft')).toBe('on_mawb');
    expect(packageStatusForMawb('closed')).toBeNull();
  });
});
