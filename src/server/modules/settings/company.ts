import { eq } from 'drizzle-orm';
import { COMPANY_KIND, COMPANY_LOGO_KEY, COMPANY_TEXT_KEYS, LogoValue, logoUrl, type PublicCompany } from '../../../shared/contracts/company';
import { businessDate } from '../../../shared/contracts/exchange-rates';
import type { Db } from '../../db/client';
import { storedFiles } from '../../db/schema/index';
import { settingsInForce } from '../../lib/settings';

/** The logo setting in force today, or null when there is none (or the row does not read as a logo). */
export async function logoInForce(db: Db): Promise<Extract<LogoValue, { fileId: number }> | null> {
  const row = (await settingsInForce(db, COMPANY_KIND, { keys: [COMPANY_LOGO_KEY], day: businessDate(Date.now()) })).get(COMPANY_LOGO_KEY);
  const parsed = LogoValue.safeParse(row?.value);
  return parsed.success && parsed.data.fileId !== null ? parsed.data : null;
}

/** The company profile in force today; a key without a row reads as ''. */
export async function companyProfile(db: Db): Promise<PublicCompany> {
  const inForce = await settingsInForce(db, COMPANY_KIND, { keys: COMPANY_TEXT_KEYS, day: businessDate(Date.now()) });
  const text = (key: string) => {
    const v = inForce.get(key)?.value;
    return typeof v === 'string' ? v : '';
  };
  const logo = await logoInForce(db);
  return {
    name: text('name'),
    address: text('address'),
    phone: text('phone'),
    hotline: text('hotline'),
    taxCode: text('taxCode'),
    logoUrl: logo ? logoUrl(logo.sha256) : null,
  };
}

export async function storedFile(db: Db, id: number) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return row ?? null;
}
