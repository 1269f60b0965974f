import { z } from 'zod';
import { CURRENCIES, FOREIGN_CURRENCIES } from '../domain/money';
import { NOTIFY_EVENTS, ZNS_PARAMS, type NotifyEvent } from '../domain/notifications';
import { CUSTOMER_GROUPS, PRICE_UNITS, SURCHARGE_MODES } from '../domain/pricing';
import { DELIVERY_ZONES } from '../domain/slip-charges';
import { vietQrAccountIssues } from '../domain/vietqr';
import { LOCK_IDLE_MINUTES_MAX, LOCK_IDLE_MINUTES_MIN } from '../session-policy';
import { TWO_FACTOR_POLICIES } from '../two-factor';
import { COMPANY_TEXT_KEYS } from './company';
import { ExchangeRateValue } from './exchange-rates';
import { defineListSpec, filter, listQuerySchema, listResponse } from './list-query';
import { RecordStamps } from './resource';

/**
 * The settings section: every row of the `settings` table (kind, key, value, effective_from) through one API.
 *
 *   GET    /api/settings             list engine: kind, status, q, paging
 *   GET    /api/settings/:id         one version, ETag
 *   POST   /api/settings             a new version { kind, key, value, effectiveFrom?, description? }
 *   PATCH  /api/settings/:id         If-Match; a version already in force of a dated kind is never edited (409)
 *   DELETE /api/settings/:id         If-Match; only a scheduled version (409 otherwise)
 *
 * Kinds are either DATED (exchange rates, price lists, domestic fees: they change by adding a version with a
 * start day; a version in force is history and is never edited) or PLAIN (company, bank account, shipping,
 * delivery texts, security: one row per key edited in place with If-Match). Each kind/key has one zod schema for
 * its value, used by the server and by the web form alike.
 */

export const SETTING_KINDS = ['company', 'bank_account', 'exchange_rate', 'shipping', 'delivery_fees', 'delivery', 'security', 'price_list', 'notifications'] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];

const DATED_KINDS: readonly SettingKind[] = ['exchange_rate', 'delivery_fees', 'price_list'];
export const isDatedKind = (kind: string) => (DATED_KINDS as readonly string[]).includes(kind);

export const SETTING_KIND_LABELS: Record<SettingKind, string> = {
  company: 'Công ty',
  bank_account: 'Tài khoản nhận chuyển khoản',
  exchange_rate: 'Tỷ giá',
  shipping: 'Vận chuyển',
  delivery_fees: 'Phí giao nội địa',
  delivery: 'Giao hàng',
  security: 'Bảo mật',
  price_list: 'Bảng giá',
  notifications: 'Thông báo khách hàng',
};

export const SETTING_STATUSES = ['past', 'current', 'scheduled'] as const;
export type SettingStatus = (typeof SETTING_STATUSES)[number];

export const PRICE_LIST_KIND = 'price_list';
export const BANK_ACCOUNT_KIND = 'bank_account';
export const BANK_ACCOUNT_KEY = 'transfer';
export const DELIVERY_KIND = 'delivery';
export const SLIP_FOOTER_KEY = 'slip_footer';
export const NOTIFICATIONS_KIND = 'notifications';
export const ZNS_TEMPLATES_KEY = 'znsTemplates';
export const REMINDER_DAYS_KEY = 'reminder_days';
/** Days a wallet stays negative before its customer is reminded, when Settings has no `reminder_days`. */
export const REMINDER_DAYS_DEFAULT = 7;
export const REMINDER_DAYS_MIN = 1;
export const REMINDER_DAYS_MAX = 90;

const text = (max: number) =>
  z
    .string({ error: 'Vui lòng nhập nội dung' })
    .max(max, { error: `Tối đa ${max} ký tự` })
    .refine((v) => v.trim() === v, { error: 'Không được có khoảng trắng ở đầu hoặc cuối' });
const int = (min: number, max: number) =>
  z
    .number({ error: 'Phải là số nguyên' })
    .int({ error: 'Phải là số nguyên' })
    .min(min, { error: `Tối thiểu ${min}` })
    .max(max, { error: `Tối đa ${max}` });

export const BankAccountValue = z
  .strictObject({
    bankName: text(100).min(1, { error: 'Vui lòng nhập tên ngân hàng' }),
    bin: z.string().regex(/^\d{6}$/, { error: 'Mã BIN NAPAS gồm 6 chữ số' }),
    accountNumber: z.string().regex(/^[0-9A-Za-z]{1,19}$/, { error: 'Số tài khoản gồm tối đa 19 chữ số hoặc chữ cái' }),
    accountName: text(100).min(1, { error: 'Vui lòng nhập tên chủ tài khoản' }),
  })
  .superRefine((v, ctx) => {
    if (vietQrAccountIssues(v.bin, v.accountNumber).length) ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: 'Tài khoản không dùng được cho VietQR' });
  });
export type BankAccountValue = z.infer<typeof BankAccountValue>;

const Money = int(0, 1_000_000_000_000);

const PriceLineValue = z
  .strictObject({
    originStoreId: z.number().int().positive().nullable().optional(),
    originCountry: z
      .string()
      .regex(/^[A-Z]{2}$/, { error: 'Mã nước gồm 2 chữ in hoa (US, JP…)' })
      .nullable()
      .optional(),
    destinationStoreId: z.number().int().positive().nullable().optional(),
    unit: z.enum(PRICE_UNITS, { error: 'Đơn vị là kg hoặc lb' }),
    currency: z.enum(CURRENCIES, { error: 'Tiền tệ không hợp lệ' }),
    stepMilli: int(1, 100_000),
    minimum: Money,
    brackets: z
      .array(z.strictObject({ fromMilli: int(0, 100_000_000), rate: Money }), { error: 'Vui lòng nhập khung cân' })
      .min(1, { error: 'Cần ít nhất một khung cân' })
      .max(20, { error: 'Tối đa 20 khung cân' }),
    surcharges: z
      .array(z.strictObject({ label: text(100).min(1, { error: 'Vui lòng nhập tên phụ phí' }), mode: z.enum(SURCHARGE_MODES), amount: Money }))
      .max(10, { error: 'Tối đa 10 phụ phí' })
      .optional(),
    insuranceBps: int(0, 10_000).optional(),
  })
  .superRefine((l, ctx) => {
    if (l.originStoreId == null && l.originCountry == null) ctx.addIssue({ code: 'custom', path: ['originCountry'], message: 'Chọn kho đi hoặc nước đi' });
    if (l.brackets[0] && l.brackets[0].fromMilli !== 0) ctx.addIssue({ code: 'custom', path: ['brackets', 0, 'fromMilli'], message: 'Khung cân đầu tiên bắt đầu từ 0' });
    for (let i = 1; i < l.brackets.length; i++) {
      if (l.brackets[i]!.fromMilli <= l.brackets[i - 1]!.fromMilli) ctx.addIssue({ code: 'custom', path: ['brackets', i, 'fromMilli'], message: 'Các khung cân phải tăng dần' });
    }
  });

export const PriceListValueSchema = z.strictObject({
  name: text(100).min(1, { error: 'Vui lòng nhập tên bảng giá' }),
  group: z.enum(CUSTOMER_GROUPS).nullable(),
  lines: z.array(PriceLineValue).min(1, { error: 'Cần ít nhất một tuyến' }).max(100, { error: 'Tối đa 100 tuyến' }),
});

/**
 * One event kind's Zalo template: its id (as Zalo's ZNS console shows it) and, for each parameter of the template
 * (Zalo's name), the one of our fields of that event (shared/domain/notifications.ts ZNS_PARAMS) that fills it.
 * With no parameters mapped, the template's parameters are named as our fields are.
 */
const ZnsTemplateValue = (event: NotifyEvent) =>
  z.strictObject({
    templateId: z
      .string({ error: 'Vui lòng nhập mã mẫu ZNS' })
      .regex(/^[0-9A-Za-z_-]{1,40}$/, { error: 'Mã mẫu ZNS gồm tối đa 40 chữ số, chữ cái, dấu gạch' }),
    params: z
      .record(
        z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,39}$/, { error: 'Tên tham số gồm chữ cái, chữ số, dấu gạch dưới (tối đa 40)' }),
        z.string().refine((field) => Object.prototype.hasOwnProperty.call(ZNS_PARAMS[event], field), { error: 'Trường dữ liệu không có trong sự kiện này' }),
      )
      .refine((m) => Object.keys(m).length <= 20, { error: 'Tối đa 20 tham số' })
      .default({}),
  });
export type ZnsTemplateValue = z.output<ReturnType<typeof ZnsTemplateValue>>;

/** `notifications.znsTemplates`: the Zalo template of each event kind that has one (ZNS_TEMPLATES is the fallback). */
export const ZnsTemplatesValue = z.strictObject(
  Object.fromEntries(NOTIFY_EVENTS.map((e) => [e, ZnsTemplateValue(e).optional()])) as Record<NotifyEvent, z.ZodOptional<ReturnType<typeof ZnsTemplateValue>>>,
);
export type ZnsTemplatesValue = z.output<typeof ZnsTemplatesValue>;

const companyText: Record<string, z.ZodType> = Object.fromEntries(COMPANY_TEXT_KEYS.map((k) => [k, text(300)]));

/** The value schema of each kind's keys; `*` is any key matching PRICE_LIST_KEY. */
const SETTING_VALUE_SCHEMAS: Record<SettingKind, Record<string, z.ZodType>> = {
  company: companyText,
  bank_account: { [BANK_ACCOUNT_KEY]: BankAccountValue },
  exchange_rate: Object.fromEntries(FOREIGN_CURRENCIES.map((c) => [c, ExchangeRateValue])),
  shipping: { volumetric_divisor: int(1000, 10_000), weight_rounding_step_g: int(1, 10_000) },
  delivery_fees: Object.fromEntries(DELIVERY_ZONES.map((z0) => [z0, int(0, 10_000_000)])),
  delivery: { [SLIP_FOOTER_KEY]: text(1000) },
  security: {
    lock_idle_minutes: int(LOCK_IDLE_MINUTES_MIN, LOCK_IDLE_MINUTES_MAX),
    two_factor_required: z.enum(TWO_FACTOR_POLICIES, { error: 'Chọn tắt, bắt buộc với Admin hoặc bắt buộc với mọi người' }),
  },
  price_list: { '*': PriceListValueSchema },
  notifications: { [ZNS_TEMPLATES_KEY]: ZnsTemplatesValue, [REMINDER_DAYS_KEY]: int(REMINDER_DAYS_MIN, REMINDER_DAYS_MAX) },
};

const PRICE_LIST_KEY = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/** The schema of a kind/key's value, or null when the key does not belong to the kind. */
export function settingValueSchema(kind: SettingKind, key: string): z.ZodType | null {
  const byKey = SETTING_VALUE_SCHEMAS[kind];
  if (byKey['*']) return PRICE_LIST_KEY.test(key) ? byKey['*'] : null;
  return Object.prototype.hasOwnProperty.call(byKey, key) ? byKey[key]! : null;
}

const IsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Ngày phải có dạng YYYY-MM-DD' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: 'Ngày không tồn tại' });

export const Setting = z.object({
  id: z.number().int(),
  kind: z.string(),
  key: z.string(),
  value: z.unknown(),
  effectiveFrom: z.string(),
  description: z.string(),
  /** past: replaced by a newer version in force; current: in force today; scheduled: starts after today. */
  status: z.enum(SETTING_STATUSES),
  ...RecordStamps,
});
export type Setting = z.infer<typeof Setting>;

export const SettingCreate = z.strictObject({
  kind: z.enum(SETTING_KINDS, { error: 'Loại cấu hình không hợp lệ' }),
  key: z.string({ error: 'Vui lòng nhập khóa' }).min(1, { error: 'Vui lòng nhập khóa' }).max(40, { error: 'Tối đa 40 ký tự' }),
  value: z.unknown(),
  /** Start day (YYYY-MM-DD, Vietnam); today when left out. Never before today. */
  effectiveFrom: IsoDay.optional(),
  description: z.string().max(300, { error: 'Tối đa 300 ký tự' }).optional(),
});
export type SettingCreate = z.infer<typeof SettingCreate>;

export const SettingPatch = z.strictObject({
  value: z.unknown().optional(),
  effectiveFrom: IsoDay.optional(),
  description: z.string().max(300, { error: 'Tối đa 300 ký tự' }).optional(),
});
export type SettingPatch = z.infer<typeof SettingPatch>;

export const SETTING_LIST = defineListSpec({
  sortable: ['kind', 'key', 'effectiveFrom', 'updatedAt'],
  defaultSort: 'kind',
  search: true,
  filters: {
    kind: filter.list(SETTING_KINDS),
    status: filter.list(SETTING_STATUSES),
    key: filter.list(),
  },
});
export const SettingListQuery = listQuerySchema(SETTING_LIST);
export const SettingList = listResponse(Setting);
export type SettingList = z.infer<typeof SettingList>;

// ---- quote -------------------------------------------------------------------------------------------------------

export const QuoteRequest = z.strictObject({
  customerId: z.number().int().positive().optional(),
  customerGroup: z.enum(CUSTOMER_GROUPS).optional(),
  originStoreId: z.number({ error: 'Vui lòng chọn kho đi' }).int().positive(),
  destinationStoreId: z.number({ error: 'Vui lòng chọn kho đến' }).int().positive(),
  chargeableWeightG: z.number({ error: 'Vui lòng nhập khối lượng' }).int({ error: 'Khối lượng là số gam nguyên' }).min(0).max(100_000_000),
  declaredValue: Money.optional(),
  insured: z.boolean().optional(),
  day: IsoDay.optional(),
});
export type QuoteRequest = z.infer<typeof QuoteRequest>;

/** shared/domain/pricing.ts FreightBasis: what a freight was billed by, shown beside its money. */
export const FreightBasisSchema = z.object({
  priceListId: z.number().int(),
  priceListName: z.string(),
  chargeableG: z.number().int(),
  unit: z.enum(PRICE_UNITS),
  stepMilli: z.number().int(),
  exactMilli: z.number().int(),
  billedMilli: z.number().int(),
  weightBreakMilli: z.number().int().nullable(),
  currency: z.enum(CURRENCIES),
  rate: z.number().int(),
  rateX100: z.number().int(),
  minimumApplied: z.boolean(),
  amount: z.number().int(),
});

export const QuoteResponse = z.object({
  total: z.number().int(),
  currency: z.literal('VND'),
  priceListId: z.number().int(),
  priceListName: z.string(),
  day: z.string(),
  group: z.enum(CUSTOMER_GROUPS).nullable(),
  unit: z.enum(PRICE_UNITS),
  lineCurrency: z.enum(CURRENCIES),
  rate: z.string().nullable(),
  unitsBilled: z.string(),
  /** The breakdown: weight in the unit before and after its one rounding, step, bracket rate, exchange rate. */
  basis: FreightBasisSchema,
  bracketRate: z.number().int(),
  minimumApplied: z.boolean(),
  lines: z.array(z.object({ label: z.string(), amount: z.number().int() })),
});
export type QuoteResponse = z.infer<typeof QuoteResponse>;
