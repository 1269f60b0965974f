import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeliverySlip } from '../../../shared/contracts/delivery-slips';
import { renderAt, setupScreenTests } from '../../components/test-support';
import { SlipBody } from './slip-detail';

setupScreenTests(['common', 'shell', 'resource', 'deliveryslip']);

const slip = {
  id: 5, code: 'PG2611-00005', customerId: 7, customerCode: 'KH007', customerName: 'Nguyễn Văn A', customerPhone: '0901234567', storeId: 3, storeCode: 'SGN', storeName: 'Kho Sài Gòn',
  receiverName: 'Nguyễn Văn A', receiverPhone: '0901234567', receiverAddress: '1 Lê Lợi', receiverProvince: 'TP. Hồ Chí Minh', method: 'pickup', carrierName: '', carrierTrackingNumber: '',
  status: 'ready', packagesSubtotal: 200_000, domesticFee: 0, surcharges: [], surchargesTotal: 0, subtotal: 200_000, discountAmount: 0, discountBps: null, discountReason: null,
  total: 200_000, orders: [], ordersDue: 0, walletCredit: 0, amountToCollect: 200_000, printCount: 0, lastPrintedAt: null, note: '', collectedAmount: null, collectMethod: null,
  packages: [11, 12].map((n) => ({ packageId: n, code: `PK000000${n}`, trackingNumber: `VN00${n}`, status: 'on_slip', weightG: 1500, chargeableG: 2000, contents: '', freight: 100_000, surcharges: [], amount: 100_000 })),
} as unknown as DeliverySlip;

describe('slip detail', () => {
  it('links each parcel to its package page (the link went to /package/…, a page that does not exist)', async () => {
    renderAt('/deliveryslip/5', <SlipBody s={slip} />);
    const table = await screen.findByTestId('slip-packages');
    expect(within(table).getByRole('link', { name: 'VN0011' }).getAttribute('href')).toBe('/tracking/11');
    expect(within(table).getByRole('link', { name: 'VN0012' }).getAttribute('href')).toBe('/tracking/12');
  });
});
