import { COMPANY_KIND, type CompanyKey } from '../../../shared/contracts/company';
import type { Db } from '../client';
import { settings } from '../schema/index';

/** The office's own settings: the company profile (no logo until one is uploaded). */
export async function seedSettings(db: Db): Promise<void> {
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
