import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackingEvent } from '../../../shared/contracts/packages';
import { i18n } from '../../lib/i18n';
import { renderAt, setupI18n } from '../../components/test-support';
import { Timeline } from './timeline';

const event = (over: Partial<TrackingEvent>): TrackingEvent => ({
  id: 1,
  packageId: 7,
  code: 'cleared',
  iataCode: 'CCD',
  location: 'Hải quan SGN',
  occurredAt: '2026-11-24T08:00:00.000Z',
  note: '',
  noteCode: null,
  noteParams: {},
  actorId: 1,
  actorName: 'Admin',
  visibility: 'public',
  createdAt: '2026-11-24T08:00:00.000Z',
  ...over,
});

const EVENTS = [
  event({ id: 3, noteCode: 'mawb_status', noteParams: { awb: '176-12345675', status: 'cleared' }, note: 'Kiểm hoá 2 kiện' }),
  event({ id: 2, code: 'on_mawb', iataCode: 'MAN', noteCode: 'mawb_added', noteParams: { awb: '176-12345675' } }),
  // A row written before note codes, not recognised: read as it was stored.
  event({ id: 1, code: 'on_hold', iataCode: null, note: 'Chờ khách xác nhận' }),
];

beforeAll(async () => {
  await setupI18n(['common', 'tracking', 'mawb', 'deliveryslip']);
});
afterAll(async () => {
  await i18n.changeLanguage('vi');
});

describe('event notes on the timeline', () => {
  it('renders the notes the system wrote in the reader\'s language, and what staff typed as typed', async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(['tracking', 'mawb']);
    renderAt('/tracking/7', <Timeline events={EVENTS} />);
    expect(await screen.findByText('MAWB 176-12345675: Cleared')).toBeTruthy();
    expect(screen.getByText('Put on MAWB 176-12345675')).toBeTruthy();
    expect(screen.getByText('Kiểm hoá 2 kiện')).toBeTruthy();
    expect(screen.getByText('Chờ khách xác nhận')).toBeTruthy();
    expect(screen.queryByText(/Đã thông quan/)).toBeNull();
  });

  it('in Vietnamese too', async () => {
    await i18n.changeLanguage('vi');
    renderAt('/tracking/7', <Timeline events={EVENTS} />);
    expect(await screen.findByText('MAWB 176-12345675: Đã thông quan')).toBeTruthy();
    expect(screen.getByText('Đóng vào MAWB 176-12345675')).toBeTruthy();
  });

  it('renders a delivery slip\'s notes in English: its step, the failure reason, the receiver, and what staff typed', async () => {
    const slipEvents = [
      event({ id: 13, code: 'delivered', iataCode: 'DLV', noteCode: 'slip_delivered', noteParams: { slip: 'PG2611-00012', receiver: 'Trần Thị Mai' } }),
      event({ id: 12, code: 'ready', iataCode: null, noteCode: 'slip_failed', noteParams: { slip: 'PG2611-00011', reason: 'wrong_address' }, note: 'Gọi 3 lần không nghe' }),
      event({ id: 11, code: 'out_for_delivery', iataCode: null, noteCode: 'slip_status', noteParams: { slip: 'PG2611-00012', status: 'out_for_delivery' } }),
    ];
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(['tracking', 'mawb', 'deliveryslip']);
    renderAt('/tracking/7', <Timeline events={slipEvents} />);
    expect(await screen.findByText('Delivery slip PG2611-00012, received by Trần Thị Mai')).toBeTruthy();
    expect(screen.getByText('Delivery slip PG2611-00011: Wrong address')).toBeTruthy();
    expect(screen.getByText('Gọi 3 lần không nghe')).toBeTruthy();
    expect(screen.getByText('Delivery slip PG2611-00012: Out for delivery')).toBeTruthy();
    expect(screen.queryByText(/Phiếu giao/)).toBeNull();
  });

  it('gives each MAWB step its own line: put on the MAWB, flight booked (BKD), on the manifest (MAN) never read alike', async () => {
    const steps = [
      event({ id: 23, code: 'on_mawb', iataCode: 'MAN', noteCode: 'mawb_status', noteParams: { awb: '176-12345675', status: 'manifested' } }),
      event({ id: 22, code: 'on_mawb', iataCode: 'BKD', noteCode: 'mawb_status', noteParams: { awb: '176-12345675', status: 'booked' } }),
      event({ id: 21, code: 'on_mawb', iataCode: null, noteCode: 'mawb_added', noteParams: { awb: '176-12345675' } }),
    ];
    for (const [lang, titles] of [
      ['vi', ['Đã lên manifest chuyến bay', 'Đã đặt chỗ chuyến bay', 'Đã đóng MAWB']],
      ['en', ['On the flight manifest', 'Flight booked', 'On MAWB']],
    ] as const) {
      await i18n.changeLanguage(lang);
      await i18n.loadNamespaces(['tracking', 'mawb']);
      const { unmount } = renderAt('/tracking/7', <Timeline events={steps} />);
      const items = await screen.findAllByTestId('timeline-item');
      expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual(titles);
      unmount();
    }
  });
});
