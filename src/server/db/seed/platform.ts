import { foldVietnamese } from '../../../shared/text';
import type { Db } from '../client';
import { LOCK_IDLE_MINUTES_DEFAULT, SESSION_POLICY_SETTINGS } from '../../../shared/session-policy';
import { TWO_FACTOR_SETTING } from '../../../shared/two-factor';
import { employees, settings, stores, users } from '../schema/index';
import { seedSettings } from './settings';
import { address, emailLocal, mobile, rng, vietnameseName } from './names';

const DEMO_STORES = [
  { code: 'US-OR', name: 'Kho Portland (Mỹ)', country: 'US', kind: 'origin' as const, address: '7400 NE Cornfoot Rd, Portland, OR 97218, USA', phone: '+1 503 555 0142' },
  { code: 'JP-TYO', name: 'Kho Tokyo (Nhật Bản)', country: 'JP', kind: 'origin' as const, address: '3-2-1 Haneda Airport, Ota-ku, Tokyo 144-0041, Japan', phone: '+81 3 5555 0198' },
  { code: 'VN-SGN', name: 'Kho Hồ Chí Minh', country: 'VN', kind: 'hub' as const, address: '45 Trường Sơn, Phường 2, Tân Bình, TP. Hồ Chí Minh', phone: '028 3848 5566' },
  { code: 'VN-HAN', name: 'Kho Hà Nội', country: 'VN', kind: 'hub' as const, address: 'Số 8 Phạm Hùng, Mai Dịch, Cầu Giấy, Hà Nội', phone: '024 3768 2299' },
];

const POSITIONS = ['Nhân viên kho', 'Nhân viên kho', 'Nhân viên kho', 'Giao nhận', 'Giao nhận', 'Kế toán', 'Chăm sóc khách hàng', 'Trưởng kho', 'Điều phối'];

export const TWO_FACTOR_SETTING_DESCRIPTION = 'Bắt buộc xác thực hai bước: off (tắt), admins (tài khoản Admin), all (mọi tài khoản)';

/** Stores, 20 employees, and the Staff demo account. The admin account is made by ensureAdmin. */
/** The demo Staff account's password, hashed by the caller (random unless SEED_STAFF_PASSWORD sets it). */
export interface DemoAccounts {
  staffPasswordHash: string;
}

export async function seedPlatform(db: Db, accounts: DemoAccounts): Promise<void> {
  await db.insert(settings).values({
    kind: SESSION_POLICY_SETTINGS.kind,
    key: SESSION_POLICY_SETTINGS.lockIdleMinutesKey,
    value: LOCK_IDLE_MINUTES_DEFAULT,
    description: 'Số phút không thao tác trước khi khóa màn hình',
  });
  await db.insert(settings).values({
    kind: TWO_FACTOR_SETTING.kind,
    key: TWO_FACTOR_SETTING.key,
    // The demo data, made to be tried on one machine, asks no one for a second factor until an Admin switches it on.
    value: 'off',
    description: TWO_FACTOR_SETTING_DESCRIPTION,
  });
  await seedSettings(db);
  const r = rng(2026);
  const storeRows = await db.insert(stores).values(DEMO_STORES).returning({ id: stores.id, code: stores.code });
  const emps = Array.from({ length: 20 }, (_, i) => {
    const fullName = vietnameseName(r);
    const store = storeRows[i % storeRows.length]!;
    const code = `NV${String(i + 1).padStart(4, '0')}`;
    const phone = mobile(r);
    return {
      code,
      fullName,
      phone,
      email: `${emailLocal(fullName)}${i + 1}@cargo.test`,
      storeId: store.id,
      position: i === 0 ? 'Quản lý vận hành' : POSITIONS[i % POSITIONS.length]!,
      status: i === 19 ? ('inactive' as const) : ('active' as const),
      searchText: foldVietnamese(`${code} ${fullName} ${phone} ${address(r)}`),
    };
  });
  const empRows = await db.insert(employees).values(emps).returning({ id: employees.id, fullName: employees.fullName });
  await db.insert(users).values({
    email: 'staff@cargo.test',
    passwordHash: accounts.staffPasswordHash,
    role: 'Staff',
    fullName: empRows[1]!.fullName,
    employeeId: empRows[1]!.id,
  });
}
