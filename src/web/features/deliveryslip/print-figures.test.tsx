import { cleanup, render, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeliverySlip } from '../../../shared/contracts/delivery-slips';
import type { MessageLanguage } from '../../../shared/i18n/language';
import { formatMoney, parseDecimalInput, parseMoneyInput } from '../../../shared/domain/money-input';
import type { FreightBasis } from '../../../shared/domain/pricing';
import { setupI18n } from '../../components/test-support';
import { formatKg } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import type { SlipPrintSettings } from './api';
import { PrintedSlip } from './print-coupons';

/**
 * The printed slip's figures are the slip's figures (issue 27: what a clerk sees is what is charged): for generated
 * slips, in Vietnamese and in English, every figure read off the print — the billed weight in its unit, each line's
 * amount, the subtotal, fees, discount, total, wallet credit and the amount to collect — is the slip's own figure
 * written by the one money formatter (shared/domain/money-input.ts formatMoney) and reads back (parseMoneyInput,
 * parseDecimalInput) to exactly that figure.
 */

beforeAll(async () => {
  await setupI18n(['common', 'deliveryslip']);
});
afterEach(() => cleanup());
afterAll(async () => {
  await i18n.changeLanguage('vi');
});

const settings: SlipPrintSettings = {
  company: { name: 'Công ty Vận chuyển X', address: '12 Nguyễn Huệ, Q.1', phone: '028 1234 5678', hotline: '', taxCode: '', logoUrl: null },
  bank: { bankName: 'Vietcombank', bin: '970436', accountNumber: '0011001234567', accountName: 'CONG TY X' },
  footer: '',
};

const basisArb: fc.Arbitrary<FreightBasis> = fc
  .record({
    unit: fc.constantFrom('kg' as const, 'lb' as const),
    stepMilli: fc.constantFrom(100, 500, 1000),
    steps: fc.integer({ min: 1, max: 1600 }),
    under: fc.integer({ min: 0, max: 999 }),
    currency: fc.constantFrom('VND' as const, 'USD' as const, 'JPY' as const, 'KRW' as const, 'EUR' as const),
    rate: fc.integer({ min: 1, max: 500_000 }),
    rateX100: fc.integer({ min: 1, max: 3_000_000 }),
    minimumApplied: fc.boolean(),
    amount: fc.integer({ min: 0, max: 2_000_000_000 }),
  })
  .map((b) => {
    const billedMilli = b.steps * b.stepMilli;
    const exactMilli = billedMilli - Math.floor((b.under * b.stepMilli) / 1000);
    return {
      priceListId: 1,
      priceListName: 'Bảng giá',
      // The grams the weight in the unit came from (a thousandth of a kg is a gram; a lb is 453.59237 g).
      chargeableG: b.unit === 'kg' ? exactMilli : Math.floor((exactMilli * 45_359_237) / 100_000_000),
      unit: b.unit,
      stepMilli: b.stepMilli,
      exactMilli,
      billedMilli,
      weightBreakMilli: null,
      currency: b.currency,
      rate: b.rate,
      rateX100: b.currency === 'VND' ? 100 : b.rateX100,
      minimumApplied: b.minimumApplied,
      amount: b.amount,
    };
  });

const slipArb: fc.Arbitrary<DeliverySlip> = fc
  .record({
    lines: fc.array(fc.record({ basis: basisArb, weightG: fc.integer({ min: 1, max: 70_000 }), extra: fc.integer({ min: 0, max: 50_000 }) }), { minLength: 1, maxLength: 4 }),
    courier: fc.boolean(),
    domesticFee: fc.integer({ min: 0, max: 90_000 }),
    surcharges: fc.array(fc.integer({ min: 0, max: 500_000 }), { maxLength: 2 }),
    discountPermille: fc.integer({ min: 0, max: 1000 }),
    walletPermille: fc.integer({ min: 0, max: 1000 }),
    status: fc.constantFrom('draft', 'ready', 'delivered'),
  })
  .map((g) => {
    const packages = g.lines.map((l, i) => ({
      packageId: i + 1,
      code: `PK0000000${i + 1}`,
      trackingNumber: `VN00${i + 1}`,
      status: 'on_slip',
      weightG: l.weightG,
      chargeableG: l.basis.chargeableG,
      contents: '',
      freight: l.basis.amount,
      surcharges: l.extra ? [{ label: 'Đóng gói', amount: l.extra }] : [],
      amount: l.basis.amount + l.extra,
      pricing: l.basis,
    }));
    const packagesSubtotal = packages.reduce((n, p) => n + p.amount, 0);
    const domesticFee = g.courier ? g.domesticFee : 0;
    const surchargesTotal = g.surcharges.reduce((n, a) => n + a, 0);
    const subtotal = packagesSubtotal + domesticFee + surchargesTotal;
    const discountAmount = Math.floor((subtotal * g.discountPermille) / 1000);
    const total = subtotal - discountAmount;
    const walletCredit = Math.floor((total * g.walletPermille) / 1000);
    return {
      id: 5, code: 'PG2611-00005', customerId: 7, customerCode: 'KH007', customerName: 'Nguyễn Văn A', customerPhone: '0901234567', storeId: 3, storeCode: 'SGN', storeName: 'Kho Sài Gòn',
      receiverName: 'Nguyễn Văn A', receiverPhone: '0901234567', receiverAddress: '1 Lê Lợi', receiverProvince: 'TP. Hồ Chí Minh', method: g.courier ? 'courier' : 'pickup', carrierName: g.courier ? 'GHN' : '', carrierTrackingNumber: '',
      status: g.status, packagesSubtotal, domesticFee, surcharges: g.surcharges.map((amount, i) => ({ label: `Phụ phí ${i + 1}`, amount })), surchargesTotal, subtotal,
      discountAmount, discountBps: null, discountReason: discountAmount > 0 ? 'Khách quen' : null, total, orders: [], ordersDue: 0, walletCredit, amountToCollect: total - walletCredit, paidByTransfer: 0, printCount: 0,
      packages,
    } as unknown as DeliverySlip;
  });

/** An amount as printed ("1.234.567 ₫", "−30.000 ₫" for what is taken off) → đồng, by the one reader. */
function readMoney(text: string, lang: MessageLanguage, taken = false): number {
  const body = taken ? text.replace(/^\u2212/, '') : text;
  if (taken) expect(text.startsWith('\u2212')).toBe(true);
  const r = parseMoneyInput(body, { currency: 'VND', lang });
  expect(r.ok, `${text}: ${r.ok ? '' : r.message}`).toBe(true);
  return r.ok ? r.value : Number.NaN;
}

/** A billed weight as printed ("3 lb", "1,5 kg") → thousandths of its unit, and the unit. */
function readBilled(text: string): { milli: number; unit: string } {
  const m = /^(.+)\u00a0(kg|lb)$/.exec(text);
  expect(m, text).not.toBeNull();
  const r = parseDecimalInput(m![1]!, { decimals: 3 });
  expect(r.ok, text).toBe(true);
  return { milli: r.ok ? r.value : Number.NaN, unit: m![2]! };
}

function checkPrint(slip: DeliverySlip, lang: MessageLanguage): void {
  const t = i18n.getFixedT(lang, 'deliveryslip');
  const money = (dong: number) => formatMoney(dong, 'VND', lang);
  render(<PrintedSlip slip={slip} settings={settings} />);
  const sheet = screen.getByTestId('printed-slip');

  // The packages: weighed, billed (in the unit of the price list), amount.
  const rows = within(sheet.querySelector('table.slip-print-packages') as HTMLElement).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(slip.packages.length);
  rows.forEach((row, i) => {
    const p = slip.packages[i]!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[2]!.textContent).toBe(formatKg(p.weightG, lang));
    const billedText = cells[3]!.textContent!;
    expect(readBilled(billedText)).toEqual({ milli: p.pricing!.billedMilli, unit: p.pricing!.unit });
    expect(cells[4]!.textContent).toBe(money(p.amount));
    expect(readMoney(cells[4]!.textContent!, lang)).toBe(p.amount);
  });
  expect(screen.getAllByTestId('print-billed').map((c) => readBilled(c.textContent!).milli)).toEqual(slip.packages.map((p) => p.pricing!.billedMilli));

  // The charges, label → printed figure.
  const charges = new Map(
    within(sheet.querySelector('table.slip-print-charges') as HTMLElement)
      .getAllByRole('row')
      .map((r) => [r.querySelector('th')!.textContent!, r.querySelector('td')!.textContent!] as const),
  );
  const expected: Array<[string, number, boolean]> = [
    [t('fields.packagesSubtotal'), slip.packagesSubtotal, false],
    ...(slip.domesticFee > 0 ? [[t('fields.domesticFee'), slip.domesticFee, false] as [string, number, boolean]] : []),
    ...(slip.surchargesTotal > 0 ? [[t('fields.surcharges'), slip.surchargesTotal, false] as [string, number, boolean]] : []),
    ...(slip.discountAmount > 0 ? [[`${t('fields.discount')} (${slip.discountReason})`, slip.discountAmount, true] as [string, number, boolean]] : []),
    [t('fields.total'), slip.total, false],
    [t('fields.walletCredit'), slip.walletCredit, slip.walletCredit > 0],
    [t('fields.amountToCollect'), slip.amountToCollect, false],
  ];
  expect([...charges.keys()]).toEqual(expected.map(([label]) => label));
  for (const [label, dong, taken] of expected) {
    const printed = charges.get(label)!;
    expect(printed).toBe(`${taken ? '\u2212' : ''}${money(dong)}`);
    expect(readMoney(printed, lang, taken)).toBe(dong);
  }
  // What the figures add up to on paper is what the slip charges.
  const read = (label: string) => (charges.has(label) ? readMoney(charges.get(label)!, lang, label.startsWith(t('fields.discount'))) : 0);
  const printedLines = rows.reduce((n, row) => n + readMoney(within(row).getAllByRole('cell')[4]!.textContent!, lang), 0);
  expect(printedLines).toBe(read(t('fields.packagesSubtotal')));
  cleanup();
}

describe('the printed slip shows the slip\'s figures, written by the one formatter', () => {
  it.each(['vi', 'en'] as const)('in %s: billed weight in its unit, line amounts and totals read back to the slip data', async (lang) => {
    await i18n.changeLanguage(lang);
    fc.assert(
      fc.property(slipArb, (slip) => checkPrint(slip, lang)),
      { numRuns: 12 },
    );
  });

  it('the issue\'s parcel prints "3 lb" and 685.800 ₫ (vi) / 685,800 ₫ (en)', async () => {
    const pricing: FreightBasis = {
      priceListId: 1, priceListName: 'Bảng giá chung', chargeableG: 1200, unit: 'lb', stepMilli: 1000, exactMilli: 2646, billedMilli: 3000,
      weightBreakMilli: null, currency: 'USD', rate: 850, rateX100: 2_540_000, minimumApplied: false, amount: 685_800,
    };
    const [slip] = fc.sample(slipArb, { numRuns: 1, seed: 27 });
    const one = { ...slip!, packages: [{ ...slip!.packages[0]!, weightG: 1200, chargeableG: 1200, freight: 685_800, surcharges: [], amount: 685_800, pricing }] } as DeliverySlip;
    for (const [lang, amount] of [['vi', '685.800\u00a0₫'], ['en', '685,800\u00a0₫']] as const) {
      await i18n.changeLanguage(lang);
      render(<PrintedSlip slip={one} settings={settings} />);
      const row = within(screen.getByTestId('printed-slip').querySelector('table.slip-print-packages') as HTMLElement).getAllByRole('row')[1]!;
      const cells = within(row).getAllByRole('cell');
      expect(cells[3]!.textContent).toBe('3\u00a0lb');
      expect(cells[4]!.textContent).toBe(amount);
      cleanup();
    }
  });
});
