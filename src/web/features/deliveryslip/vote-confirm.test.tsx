import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliverySlip } from '../../../shared/contracts/delivery-slips';
import { SCAN_PAUSE_MS } from '../../components/scan-box';
import { renderAt, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { VoteConfirmPage } from './vote-confirm';

setupScreenTests(['common', 'shell', 'resource', 'deliveryslip']);
afterEach(() => vi.useRealTimers());

const slip = (code: string, id: number) =>
  ({
    id, code, version: 1, customerId: 7, customerCode: 'KH007', customerName: 'Nguyễn Văn A', customerPhone: '0901234567', storeId: 3, storeCode: 'SGN', storeName: 'Kho Sài Gòn',
    receiverName: 'Nguyễn Văn A', receiverPhone: '0901234567', receiverAddress: '1 Lê Lợi', receiverProvince: 'TP. Hồ Chí Minh', method: 'pickup', carrierName: '', carrierTrackingNumber: '',
    status: 'ready', packagesSubtotal: 200_000, domesticFee: 0, surcharges: [], surchargesTotal: 0, subtotal: 200_000, discountAmount: 0, discountBps: null, discountReason: null,
    total: 200_000, orders: [], ordersDue: 0, walletCredit: 0, amountToCollect: 200_000, printCount: 0, lastPrintedAt: null, note: '', collectedAmount: null, collectMethod: null, packages: [],
  }) as unknown as DeliverySlip;

describe('vote-confirm scan box', () => {
  it('finds the slip a gun scans without Enter, and the next scan after a hand-typed Enter on its own', async () => {
    const { calls } = mockFetch((c) => {
      const code = decodeURIComponent(new URL(c.url, 'http://x').pathname.split('/').pop()!);
      return code === 'PG2612-00301' || code === 'PG2612-00302' ? jsonResponse(200, slip(code, Number(code.slice(-3)))) : jsonResponse(404, { message: `Không tìm thấy phiếu giao ${code}`, code: 'NOT_FOUND' });
    });
    renderAt('/deliveryslip/vote-confirm', <VoteConfirmPage />);
    const box = (await screen.findByLabelText('Mã phiếu giao')) as HTMLInputElement;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const keys = async (text: string, ms: number) => {
      for (const ch of text) {
        fireEvent.change(box, { target: { value: box.value + ch } });
        await act(() => vi.advanceTimersByTimeAsync(ms));
      }
    };
    const lookups = () => calls.map((c) => decodeURIComponent(new URL(c.url, 'http://x').pathname)).filter((p) => p.includes('/by-code/'));

    // By hand, with Enter.
    await keys('pg2612-00301', 200);
    expect(lookups()).toEqual([]);
    fireEvent.keyDown(box, { key: 'Enter' });
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(lookups()).toEqual(['/api/delivery-slips/by-code/PG2612-00301']);
    expect(screen.getByTestId('confirm-slip-code').textContent).toBe('PG2612-00301');
    // Then a gun with no Enter: looked up alone after the short pause, not glued to anything.
    await keys('PG2612-00302', 4);
    await act(() => vi.advanceTimersByTimeAsync(SCAN_PAUSE_MS + 20));
    expect(lookups()).toEqual(['/api/delivery-slips/by-code/PG2612-00301', '/api/delivery-slips/by-code/PG2612-00302']);
    expect(screen.getByTestId('confirm-slip-code').textContent).toBe('PG2612-00302');
    expect(box.value).toBe('');
  });

  it('a delivered slip (the end of a confirmation) reads as done, not as a refusal', async () => {
    mockFetch(() => jsonResponse(200, { ...slip('PG2612-00303', 303), status: 'delivered', collectedAmount: 200_000 }));
    renderAt('/deliveryslip/vote-confirm?code=PG2612-00303', <VoteConfirmPage />);
    const note = await screen.findByTestId('confirm-not-confirmable');
    expect(note.textContent).toContain('Phiếu PG2612-00303 đã giao xong');
    expect(note.textContent).not.toMatch(/không thể/);
  });
});

