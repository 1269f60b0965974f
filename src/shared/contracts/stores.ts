import { z } from 'zod';
import { defineListSpec, filter, listQuerySchema, listResponse, type ListQuery } from './list-query';
import { RecordStamps } from './resource';

/**
 * Stores (warehouses and branches): `GET /api/stores` for pickers and `GET /api/stores/:id`; managed from the
 * settings section with `POST /api/stores`, `PATCH /api/stores/:id` (If-Match) and `DELETE /api/stores/:id`
 * (If-Match; 409 while anything refers to the store — deactivate it instead).
 * `kind` is `origin` (a receiving warehouse abroad) or `hub` (a Vietnamese warehouse); `country` is ISO 3166-1 alpha-2.
 */

export const STORE_KINDS = ['origin', 'hub'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];
export const STORE_STATUSES = ['active', 'inactive'] as const;

export const Store = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  country: z.string(),
  kind: z.enum(STORE_KINDS),
  address: z.string(),
  phone: z.string(),
  status: z.enum(STORE_STATUSES),
  ...RecordStamps,
});
export type Store = z.infer<typeof Store>;

export const STORE_LIST = defineListSpec({
  sortable: ['code', 'name', 'country', 'kind', 'status', 'createdAt'],
  defaultSort: 'code',
  search: true,
  filters: {
    kind: filter.list(STORE_KINDS),
    country: filter.list(),
    status: filter.list(STORE_STATUSES),
  },
});

export const StoreListQuery = listQuerySchema(STORE_LIST);
export type StoreListQuery = ListQuery<typeof STORE_LIST>;
export const StoreList = listResponse(Store);
export type StoreList = z.infer<typeof StoreList>;

/** A Vietnamese hub is in VN; a receiving warehouse abroad is not. */
const HUB_COUNTRY = 'VN';
const STORE_HUB_COUNTRY_MESSAGE = 'Kho trung chuyển Việt Nam phải ở quốc gia VN';
const STORE_ORIGIN_COUNTRY_MESSAGE = 'Kho nhận hàng ở nước ngoài không thể ở quốc gia VN';

/** The problem with a kind/country pair, or null: the form and the server apply the same rule. */
export function storeCountryProblem(kind: StoreKind, country: string): string | null {
  if (kind === 'hub' && country !== HUB_COUNTRY) return STORE_HUB_COUNTRY_MESSAGE;
  if (kind === 'origin' && country === HUB_COUNTRY) return STORE_ORIGIN_COUNTRY_MESSAGE;
  return null;
}

// Input is refused, never rewritten: a lower-case code or country is an error, not upper-cased.
const storeFields = {
  code: z
    .string({ error: 'Vui lòng nhập mã kho' })
    .regex(/^[A-Z0-9][A-Z0-9-]{1,19}$/, { error: 'Mã kho gồm 2–20 chữ in hoa, chữ số hoặc dấu gạch ngang' }),
  name: z.string({ error: 'Vui lòng nhập tên kho' }).trim().min(1, { error: 'Vui lòng nhập tên kho' }).max(120, { error: 'Tên kho dài tối đa 120 ký tự' }),
  country: z.string({ error: 'Vui lòng nhập mã quốc gia' }).regex(/^[A-Z]{2}$/, { error: 'Mã quốc gia gồm 2 chữ in hoa (ISO 3166-1), ví dụ US, JP, VN' }),
  kind: z.enum(STORE_KINDS, { error: 'Loại kho không hợp lệ' }),
  address: z.string().trim().max(300, { error: 'Địa chỉ dài tối đa 300 ký tự' }),
  phone: z.string().trim().max(30, { error: 'Số điện thoại dài tối đa 30 ký tự' }),
  status: z.enum(STORE_STATUSES, { error: 'Trạng thái không hợp lệ' }),
};

export const StoreCreate = z
  .strictObject({
    code: storeFields.code,
    name: storeFields.name,
    country: storeFields.country,
    kind: storeFields.kind,
    address: storeFields.address.default(''),
    phone: storeFields.phone.default(''),
    status: storeFields.status.default('active'),
  })
  .superRefine((v, ctx) => {
    const problem = storeCountryProblem(v.kind, v.country);
    if (problem) ctx.addIssue({ code: 'custom', path: ['country'], message: problem });
  });
export type StoreCreate = z.output<typeof StoreCreate>;
export type StoreCreateInput = z.input<typeof StoreCreate>;

/** Only the fields sent change (the kind/country pair is checked against the stored record). Needs `If-Match`. */
export const StorePatch = z.strictObject({
  code: storeFields.code.optional(),
  name: storeFields.name.optional(),
  country: storeFields.country.optional(),
  kind: storeFields.kind.optional(),
  address: storeFields.address.optional(),
  phone: storeFields.phone.optional(),
  status: storeFields.status.optional(),
});
export type StorePatch = z.output<typeof StorePatch>;
