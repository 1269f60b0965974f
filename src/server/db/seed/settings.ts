import { COMPANY_KIND, type CompanyKey } from '../../../shared/contracts/company';
import { BANK_ACCOUNT_KEY, BANK_ACCOUNT_KIND, DELIVERY_KIND, PRICE_LIST_KIND, SLIP_FOOTER_KEY, type BankAccountValue } from '../../../shared/contracts/settings';
import type { PriceLine, PriceListValue } from '../../../shared/domain/pricing';
import type { Db } from '../client';
import { settings } from '../schema/index';

/**
 * Price lists (the default one and the vip one), in force since the start of the year. US routes are priced per
 * lb in USD (converted at the day's rate), Japan per kg in đồng; the first bracket ends at 10 (lb or kg).
 */
const US_LINE: PriceLine = {
  originCountry: 'US',
  unit: 'lb',
  currency: 'USD',
  stepMilli: 1000,
  minimum: 1500,
  brackets: [
    { fromMilli: 0, rate: 850 },
    { fromMilli: 10_000, rate: 780 },
    { fromMilli: 45_000, rate: 720 },
  ],
  surcharges: [{ label: 'Phụ phí an ninh soi chiếu', mode: 'per_package', amount: 150 }],
  insuranceBps: 300,
};
const JP_LINE: PriceLine = {
  originCountry: 'JP',
  unit: 'kg',
  currency: 'VND',
  stepMilli: 500,
  minimum: 250_000,
  brackets: [
    { fromMilli: 0, rate: 235_000 },
    { fromMilli: 10_000, rate: 215_000 },
    { fromMilli: 30_000, rate: 199_000 },
  ],
  surcharges: [{ label: 'Phụ phí nhiên liệu', mode: 'per_unit', amount: 5_000 }],
  insuranceBps: 300,
};
const DEMO_PRICE_LISTS: Record<string, PriceListValue> = {
  default: { name: 'Bảng giá chung', group: null, lines: [US_LINE, JP_LINE] },
  vip: {
    name: 'Bảng giá khách VIP',
    group: 'vip',
    lines: [
      { ...US_LINE, minimum: 1200, brackets: [{ fromMilli: 0, rate: 760 }, { fromMilli: 10_000, rate: 700 }, { fromMilli: 45_000, rate: 650 }] },
      { ...JP_LINE, minimum: 200_000, brackets: [{ fromMilli: 0, rate: 210_000 }, { fromMilli: 10_000, rate: 195_000 }, { fromMilli: 30_000, rate: 180_000 }] },
    ],
  },
};

/** The demo receiving account (also bank:simulate's default account). */
export const DEMO_BANK_ACCOUNT: BankAccountValue = { bankName: 'Vietcombank – CN Tân Bình', bin: '970436', accountNumber: '0071001234567', accountName: 'CONG TY TNHH VAN TAI HANG KHONG SAO VIET' };

/** The office's own settings: company profile (no logo until one is uploaded), bank account, fees, price lists. */
export async function seedSettings(db: Db): Promise<void> {
  const yearStart = `${new Date().getUTCFullYear()}-01-01`;
  await db.insert(settings).values([
    ...Object.entries(DEMO_PRICE_LISTS).map(([key, value]) => ({ kind: PRICE_LIST_KIND, key, value, effectiveFrom: yearStart, description: value.name })),
    { kind: BANK_ACCOUNT_KIND, key: BANK_ACCOUNT_KEY, value: DEMO_BANK_ACCOUNT, description: 'Tài khoản nhận chuyển khoản (VietQR trên phiếu in)' },
    { kind: 'delivery_fees', key: 'hcm_inner', value: 30_000, effectiveFrom: yearStart, description: 'Phí giao nội thành Hồ Chí Minh' },
    { kind: 'delivery_fees', key: 'hanoi_inner', value: 30_000, effectiveFrom: yearStart, description: 'Phí giao nội thành Hà Nội' },
    { kind: 'delivery_fees', key: 'other_provinces', value: 45_000, effectiveFrom: yearStart, description: 'Phí giao tỉnh khác' },
    { kind: DELIVERY_KIND, key: SLIP_FOOTER_KEY, value: 'Quý khách vui lòng kiểm tra hàng trước khi ký nhận. Cảm ơn quý khách!', description: 'Chân phiếu giao' },
    { kind: 'shipping', key: 'volumetric_divisor', value: 6000, description: 'Hệ số quy đổi thể tích (cm³/kg)' },
    { kind: 'shipping', key: 'weight_rounding_step_g', value: 500, description: 'Bước làm tròn khối lượng tính cước (g)' },
  ]);
  const company: Record<CompanyKey, unknown> = {
    name: 'Công ty TNHH Vận tải Hàng không Sao Việt',
    address: '45 Trường Sơn, Phường 2, Quận Tân Bình, TP. Hồ Chí Minh',
    phone: '028 3848 5566',
    hotline: '1900 6868',
    taxCode: '0316789012',
    logo: { fileId: null },
  };
  await db.insert(settings).values(
    Object.entries(company).map(([key, value]) => ({ kind: COMPANY_KIND, key, value, description: companyDescription[key as CompanyKey] })),
  );
}

const companyDescription: Record<CompanyKey, string> = {
  name: 'Tên công ty',
  address: 'Địa chỉ công ty',
  phone: 'Số điện thoại',
  hotline: 'Đường dây nóng',
  taxCode: 'Mã số thuế',
  logo: 'Logo công ty',
};
