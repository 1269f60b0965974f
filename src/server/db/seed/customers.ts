import { sql } from 'drizzle-orm';
import type { CustomerAddress, CustomerGroup } from '../../../shared/contracts/customers';
import { customerSearchText } from '../../modules/customers/index';
import type { Db } from '../client';
import { customers } from '../schema/index';
import { emailLocal, FAMILY_NAMES, GIVEN_NAMES, MIDDLE_NAMES, mobile, PROVINCES, rng, STREETS, vietnameseName } from './names';

const MAIL_DOMAINS = ['gmail.com', 'gmail.com', 'gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com'] as const;
const WARDS = ['Phường 1', 'Phường 3', 'Phường 7', 'Phường Bến Nghé', 'Phường Dịch Vọng', 'Phường Hòa Cường', 'Phường Láng Hạ', 'Xã Tân Phú'] as const;
const NOTES = ['', '', '', '', 'Gọi trước khi giao', 'Khách quen, ưu tiên giao buổi sáng', 'Chỉ nhận hàng giờ hành chính', 'Hay mua mỹ phẩm Nhật', 'Gửi hàng qua bảo vệ tòa nhà'] as const;

/**
 * 200 demo customers: Vietnamese names, mobile numbers, e-mails (a quarter without), one or two addresses
 * across provinces, price groups, suite codes, a few inactive. Deterministic, like every seed step.
 */
export async function seedCustomers(db: Db): Promise<void> {
  const r = rng(5150);
  // The platform step writes employee codes NV0001… by hand; move the code sequence past them.
  await db.execute(
    sql`SELECT setval('employee_code_seq', coalesce((SELECT max(substring(code from 3)::int) FROM employees WHERE code ~ '^NV[0-9]{4}$'), 0) + 1, false)`,
  );
  const now = Date.now();
  const codes = await db.execute(sql`SELECT 'KH' || lpad(nextval('customer_code_seq')::text, 6, '0') AS code FROM generate_series(1, 200)`);
  const codeList = ((codes as unknown as { rows: Array<{ code: string }> }).rows).map((c) => c.code);
  const rows = codeList.map((code, i) => {
    // One given name is fixed so that accent-insensitive search ("kiem" → "Kiểm") always has a demo hit.
    const fullName = i === 6 ? `${r.pick(FAMILY_NAMES)} ${r.pick(MIDDLE_NAMES)} Kiểm` : vietnameseName(r);
    const phone = mobile(r);
    const province = r.pick(PROVINCES);
    const home: CustomerAddress = {
      label: 'Nhà riêng',
      receiver: fullName,
      phone,
      address: `${r.int(1, 350)} ${r.pick(STREETS)}, ${r.pick(WARDS)}, ${province}`,
      province,
      isDefault: true,
    };
    const addresses = [home];
    if (r.next() < 0.3) {
      const officeProvince = r.next() < 0.7 ? province : r.pick(PROVINCES);
      addresses.push({
        label: 'Công ty',
        receiver: r.next() < 0.5 ? fullName : `${r.pick(FAMILY_NAMES)} ${r.pick(MIDDLE_NAMES)} ${r.pick(GIVEN_NAMES)}`,
        phone: mobile(r),
        address: `Tầng ${r.int(2, 20)}, ${r.int(1, 200)} ${r.pick(STREETS)}, ${officeProvince}`,
        province: officeProvince,
        isDefault: false,
      });
    }
    const roll = r.next();
    const group: CustomerGroup = roll < 0.7 ? 'retail' : roll < 0.92 ? 'wholesale' : 'vip';
    const creditLimit = group === 'wholesale' ? r.int(10, 50) * 1_000_000 : group === 'vip' ? r.int(50, 200) * 1_000_000 : 0;
    const email = r.next() < 0.75 ? `${emailLocal(fullName)}${i + 1}@${r.pick(MAIL_DOMAINS)}` : null;
    const suiteCode = r.next() < 0.6 ? `CG${String(i + 1).padStart(5, '0')}` : null;
    const note = r.pick(NOTES);
    // Spread over the last year, oldest first, so "newest" sorting and date filters have something to show.
    const createdAt = new Date(now - (200 - i) * 1.8 * 86_400_000 + r.int(0, 36_000_000));
    const fields = { code, fullName, phone, email, province, addresses, suiteCode, note };
    return {
      ...fields,
      group,
      status: r.next() < 0.05 ? ('inactive' as const) : ('active' as const),
      creditLimit,
      balance: 0,
      searchText: customerSearchText(fields),
      createdAt,
      updatedAt: createdAt,
    };
  });
  for (let i = 0; i < rows.length; i += 100) await db.insert(customers).values(rows.slice(i, i + 100));
}
