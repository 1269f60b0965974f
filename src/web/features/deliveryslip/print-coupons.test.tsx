import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeliverySlip } from '../../../shared/contracts/delivery-slips';
import { crc16CcittFalse } from '../../../shared/domain/vietqr';
import { setupI18n } from '../../components/test-support';
import { parseSlipIds, PrintedSlip } from './print-coupons';
import type { SlipPrintSettings } from './api';

beforeAll(async () => {
  await setupI18n(['common', 'deliveryslip']);
});

const slip = {
  id: 5, code: 'PG2611-00005', customerId: 7, customerCode: 'KH007', customerName: 'Nguyễn Văn A', customerPhone: '0901234567', storeId: 3, storeCode: 'SGN', storeName: 'Kho Sài Gòn',
  receiverName: 'Nguyễn Văn A', receiverPhone: '0901234567', receiverAddress: '1 Lê Lợi', receiverProvince: 'TP. Hồ Chí Minh', method: 'pickup', carrierName: '', carrierTrackingNumber: '',
  status: 'ready', packagesSubtotal: 300_000, domesticFee: 0, surcharges: [], surchargesTotal: 0, subtotal: 300_000, discountAmount: 0, discountBps: null, discountReason: null,
  total: 300_000, orders: [], ordersDue: 0, walletCredit: 50_000, amountToCollect: 250_000, printCount: 0,
  packages: [1, 2, 3].map((n) => ({ packageId: n, code: `PK0000000${n}`, trackingNumber: `VN00${n}`, status: 'on_slip', weightG: 1500, chargeableG: 2000, contents: '', freight: 100_000, surcharges: [], amount: 100_000 })),
} as unknown as DeliverySlip;

const settings: SlipPrintSettings = {
  company: { name: 'Công ty Vận chuyển X', address: '12 Nguyễn Huệ, Q.1', phone: '028 1234 5678', hotline: '', taxCode: '', logoUrl: null },
  bank: { bankName: 'Vietcombank', bin: '970436', accountNumber: '0011001234567', accountName: 'CONG TY X' },
  footer: 'Cảm ơn quý khách!',
};

describe('parseSlipIds', () => {
  it('keeps positive integers once, in order', () => {
    expect(parseSlipIds('3, 1,x,3,0,2')).toEqual([3, 1, 2]);
    expect(parseSlipIds(null)).toEqual([]);
  });
});

describe('PrintedSlip', () => {
  it('prints the code as Code 128 and QR, the packages, the COD and a VietQR of the amount to collect with the code as note', () => {
    render(<PrintedSlip slip={slip} settings={settings} />);
    expect(screen.getByTestId('slip-barcode').getAttribute('data-value')).toBe('PG2611-00005');
    expect(screen.getByTestId('slip-qr').getAttribute('data-value')).toBe('PG2611-00005');
    const payload = screen.getByTestId('slip-vietqr').getAttribute('data-value')!;
    // Built by hand from the NAPAS VietQR layout: BIN 970436, account, service QRIBFTTA, VND 704, amount, note.
    const account = '0006970436' + '0113' + '0011001234567';
    const merchant = '0010A000000727' + `01${String(account.length).padStart(2, '0')}${account}` + '0208QRIBFTTA';
    const body = '000201' + '010212' + `38${merchant.length}${merchant}` + '5303704' + '5406250000' + '5802VN' + '6215' + '0811PG261100005' + '6304';
    expect(payload).toBe(body + crc16CcittFalse(body));
    expect(screen.getAllByRole('row').length).toBeGreaterThan(3);
    expect(screen.getByText('Cảm ơn quý khách!')).toBeTruthy();
    expect(screen.getByText('Công ty Vận chuyển X')).toBeTruthy();
  });

  it('a draft prints as a draft (NHÁP across the page and under the title), and bills the weight in the price list\'s unit', () => {
    const pricing = {
      priceListId: 1, priceListName: 'Bảng giá chung', chargeableG: 1200, unit: 'lb', stepMilli: 1000, exactMilli: 2646, billedMilli: 3000,
      weightBreakMilli: null, currency: 'USD', rate: 850, rateX100: 2_540_000, minimumApplied: false, amount: 685_800,
    } as const;
    const draft = { ...slip, status: 'draft', packages: slip.packages.map((p) => ({ ...p, pricing })) } as DeliverySlip;
    const { unmount } = render(<PrintedSlip slip={draft} settings={settings} />);
    expect(screen.getByTestId('draft-mark').textContent).toBe('NHÁP');
    expect(screen.getByText('Phiếu nháp: số tiền có thể thay đổi khi chốt phiếu')).toBeTruthy();
    expect(screen.getAllByTestId('print-billed')[0]!.textContent).toBe('3\u00a0lb');
    unmount();
    render(<PrintedSlip slip={slip} settings={settings} />);
    expect(screen.queryByTestId('draft-mark')).toBeNull();
  });

  it('says why there is no transfer code: nothing to collect, or no bank account', () => {
    const { unmount } = render(<PrintedSlip slip={{ ...slip, walletCredit: 300_000, amountToCollect: 0 }} settings={settings} />);
    expect(screen.getByTestId('slip-vietqr-none').textContent).toBe('Không cần thu tiền');
    unmount();
    render(<PrintedSlip slip={slip} settings={{ ...settings, bank: null }} />);
    expect(screen.getByTestId('slip-vietqr-none').textContent).toBe('Chưa có tài khoản ngân hàng trong cấu hình');
  });
});
