import { z } from 'zod';
import { staleDetails } from './resource';

/**
 * The one list contract every resource uses: paging, sorting, search and filters are done by the server.
 * A resource declares a ListSpec (sortable columns, filters, whether `q` search exists); listQuerySchema(spec)
 * turns it into the zod schema that validates the query string on the server and reads/writes it in the web's URL.
 *
 * Query string, all optional:
 *   page       1-based, default 1; (page - 1) × pageSize at most LIST_OFFSET_MAX (deeper pages: `cursor`)
 *   pageSize   1…200, default 25
 *   cursor     a list answer's `nextCursor` / `prevCursor` (opaque: the sort key values and id of the row it
 *              follows or precedes, under the same sort), or `last` for the last page; replaces `page`
 *   sort       comma-separated sortable keys, "-" for descending: `-createdAt,fullName`
 *   q          accent-insensitive search ("kiem" finds "Kiểm"); every word must appear
 *   filters, by kind (K is the filter's key in the spec):
 *     list       K=a,b (or K=a&K=b): any of the values; one value is plain equality
 *     ids        K=1,2: any of the integer ids
 *     text       K=value: exact equality
 *     bool       K=true|false
 *     range      KMin / KMax: integers, both inclusive (money in đồng, weights in grams)
 *     dateRange  KFrom / KTo: YYYY-MM-DD (a whole day in Asia/Ho_Chi_Minh) or an ISO date-time with offset; inclusive
 * Any other parameter, or a sort key not in the spec, is a 400 naming it.
 */

export const PAGE_DEFAULT = 1;
export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 200;
export const SEARCH_MAX_LENGTH = 100;
export const SORT_MAX_TERMS = 4;
/** Vietnam has had no daylight saving since 1975: a calendar day there is always +07:00. */
export const BUSINESS_UTC_OFFSET = '+07:00';

/**
 * Integer column types and their bounds. A value past its column's bounds is a 400, never a database error
 * (PostgreSQL refuses to compare an int4 column with 2147483648). int8 is bounded by what JSON numbers carry
 * exactly.
 */
const INT_BOUNDS = {
  int4: { min: -2_147_483_648, max: 2_147_483_647 },
  int8: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
} as const;
export type IntColumn = keyof typeof INT_BOUNDS;

export type FilterDef =
  | { kind: 'list'; values?: readonly string[] }
  | { kind: 'ids' }
  | { kind: 'text' }
  | { kind: 'bool' }
  | { kind: 'range'; column: IntColumn }
  | { kind: 'dateRange' };

export const filter = {
  list: <const V extends readonly string[]>(values?: V) => ({ kind: 'list' as const, values }),
  ids: () => ({ kind: 'ids' as const }),
  text: () => ({ kind: 'text' as const }),
  bool: () => ({ kind: 'bool' as const }),
  /** `column`: the integer type of the filtered column, whose bounds the query values must keep. */
  range: (column: IntColumn) => ({ kind: 'range' as const, column }),
  dateRange: () => ({ kind: 'dateRange' as const }),
};

export interface ListSpec {
  sortable: readonly string[];
  /** Applied when `sort` is absent, e.g. '-createdAt'. */
  defaultSort: string;
  filters: Readonly<Record<string, FilterDef>>;
  /** Whether `q` is accepted. */
  search: boolean;
}

export function defineListSpec<const S extends ListSpec>(spec: S): S {
  return spec;
}

export interface SortTerm<F extends string = string> {
  field: F;
  desc: boolean;
}

/** The query-string names a filter answers to. */
export function filterParams(key: string, def: FilterDef): string[] {
  if (def.kind === 'range') return [`${key}Min`, `${key}Max`];
  if (def.kind === 'dateRange') return [`${key}From`, `${key}To`];
  return [key];
}

// ---- value types of the parsed query ------------------------------------------------------------

type ListValue<D> = D extends { kind: 'list'; values?: infer V }
  ? V extends readonly string[] ? V[number][] : string[]
  : never;
type EqParams<F> = {
  [K in keyof F & string as F[K] extends { kind: 'list' | 'ids' | 'text' | 'bool' } ? K : never]?: F[K] extends { kind: 'list' }
    ? ListValue<F[K]>
    : F[K] extends { kind: 'ids' }
      ? number[]
      : F[K] extends { kind: 'bool' }
        ? boolean
        : string;
};
type RangeParams<F> = {
  [K in keyof F & string as F[K] extends { kind: 'range' } ? `${K}Min` | `${K}Max` : never]?: number;
};
type DateParams<F> = {
  [K in keyof F & string as F[K] extends { kind: 'dateRange' } ? `${K}From` | `${K}To` : never]?: string;
};
type FilterValues<S extends ListSpec> = EqParams<S['filters']> & RangeParams<S['filters']> & DateParams<S['filters']>;

/** The parsed list query: defaults applied, sort split, dates as ISO instants (`…To` already at the day's end). */
export type ListQuery<S extends ListSpec = ListSpec> = {
  page: number;
  pageSize: number;
  sort: SortTerm<S['sortable'][number]>[];
  q?: string;
  cursor?: ListCursor;
} & FilterValues<S>;

// ---- keyset cursors -----------------------------------------------------------------------------

/**
 * How far `page` may reach by OFFSET. An OFFSET page reads every row before it (page 2000 of 1,000,000 packages:
 * 246 ms), so past this a page is reached by a cursor: the pager steps to its neighbours by `nextCursor` /
 * `prevCursor` and jumps to the end by `cursor=last`, each an index range read whatever the depth.
 */
export const LIST_OFFSET_MAX = 10_000;

/**
 * A position in a sorted list: the page after (`after`) or before (`before`) the row whose sort key values (as
 * PostgreSQL prints them, null for NULL) and id are given, under the sort `sort`; `page` is that page's number.
 */
export type ListCursor =
  | { kind: 'last' }
  | { kind: 'after' | 'before'; sort: string; values: (string | null)[]; id: number; page: number };

const CursorPayload = z.strictObject({
  s: z.string().max(200),
  d: z.enum(['a', 'b']),
  v: z.array(z.string().max(1000).nullable()).min(1).max(SORT_MAX_TERMS),
  i: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  p: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(token: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  try {
    const binary = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function encodeCursor(c: Exclude<ListCursor, { kind: 'last' }>): string {
  return toBase64Url(JSON.stringify({ s: c.sort, d: c.kind === 'after' ? 'a' : 'b', v: c.values, i: c.id, p: c.page }));
}

/** The cursor a token stands for, or null when it is not one this server wrote. */
function decodeCursor(token: string): ListCursor | null {
  if (token === 'last') return { kind: 'last' };
  const text = fromBase64Url(token);
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = CursorPayload.safeParse(json);
  if (!parsed.success) return null;
  const { s, d, v, i, p } = parsed.data;
  return { kind: d === 'a' ? 'after' : 'before', sort: s, values: v, id: i, page: p };
}

/** The sort as a cursor records it (`-weightG,code`), so a cursor is refused under another sort. */
export function sortSignature(sort: readonly SortTerm[]): string {
  return sort.map((t) => (t.desc ? `-${t.field}` : t.field)).join(',');
}

/** What a client puts in the URL: every value a string (or numbers it stringifies). */
export type ListQueryInput = Partial<Record<string, string | number | boolean | string[]>>;

// ---- schema builders ----------------------------------------------------------------------------

/**
 * An integer query value written as digits (an optional leading minus): "1e6", "0x10", " 12 " or an empty value are
 * refused, not read as some other number (an empty `amountMin=` would otherwise be 0).
 */
const intParam = (name: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^-?\d{1,20}$/, { error: `${name} phải là số nguyên` })], { error: `${name} phải là số nguyên` })
    .transform(Number)
    .pipe(
      z
        .number({ error: `${name} phải là số nguyên` })
        .int({ error: `${name} phải là số nguyên` })
        .min(min, { error: `${name} phải từ ${min} đến ${max}` })
        .max(max, { error: `${name} phải từ ${min} đến ${max}` }),
    );

/** `a,b` or repeated `K=a&K=b` → a clean list of non-empty strings. */
const stringList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean));

function sortSchema(spec: ListSpec) {
  const allowed = new Set(spec.sortable);
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = raw?.trim() ? raw : spec.defaultSort;
      const terms: SortTerm[] = [];
      for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
        const desc = part.startsWith('-');
        const field = desc ? part.slice(1) : part.replace(/^\+/, '');
        if (!allowed.has(field)) {
          ctx.addIssue({ code: 'custom', message: `Không thể sắp xếp theo "${field}" (cho phép: ${spec.sortable.join(', ')})` });
          return z.NEVER;
        }
        if (terms.some((t) => t.field === field)) {
          ctx.addIssue({ code: 'custom', message: `Cột "${field}" xuất hiện hai lần trong sort` });
          return z.NEVER;
        }
        terms.push({ field, desc });
      }
      if (terms.length > SORT_MAX_TERMS) {
        ctx.addIssue({ code: 'custom', message: `Chỉ sắp xếp được theo tối đa ${SORT_MAX_TERMS} cột` });
        return z.NEVER;
      }
      return terms;
    });
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDay(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

function dateBound(name: string, end: boolean) {
  return z.string().transform((raw, ctx) => {
    const v = raw.trim();
    const m = DATE_ONLY.exec(v);
    if (m) {
      if (!validDay(Number(m[1]), Number(m[2]), Number(m[3]))) {
        ctx.addIssue({ code: 'custom', message: `${name}: ngày không tồn tại` });
        return z.NEVER;
      }
      return end ? `${v}T23:59:59.999999${BUSINESS_UTC_OFFSET}` : `${v}T00:00:00${BUSINESS_UTC_OFFSET}`;
    }
    if (z.iso.datetime({ offset: true }).safeParse(v).success && !Number.isNaN(Date.parse(v))) return v;
    ctx.addIssue({ code: 'custom', message: `${name} phải là ngày YYYY-MM-DD hoặc thời điểm ISO 8601` });
    return z.NEVER;
  });
}

function filterShape(key: string, def: FilterDef): Record<string, z.ZodType> {
  switch (def.kind) {
    case 'list': {
      const values = def.values;
      return {
        [key]: stringList.pipe(
          z.array(z.string()).superRefine((list, ctx) => {
            const bad = values ? list.filter((v) => !values.includes(v)) : [];
            if (bad.length) ctx.addIssue({ code: 'custom', message: `Giá trị không hợp lệ cho ${key}: ${bad.join(', ')} (cho phép: ${values!.join(', ')})` });
          }),
        ),
      };
    }
    case 'ids':
      return {
        [key]: stringList.transform((list, ctx) => {
          const ids = list.map(Number);
          if (ids.some((n) => !Number.isSafeInteger(n) || n < 1)) {
            ctx.addIssue({ code: 'custom', message: `${key} phải là danh sách mã số nguyên dương` });
            return z.NEVER;
          }
          return ids;
        }),
      };
    case 'text':
      return { [key]: z.string().trim().min(1, { error: `${key} không được để trống` }).max(200) };
    case 'bool':
      return {
        [key]: z.enum(['true', 'false'], { error: `${key} phải là true hoặc false` }).transform((v) => v === 'true'),
      };
    case 'range':
      return {
        [`${key}Min`]: intParam(`${key}Min`, INT_BOUNDS[def.column].min, INT_BOUNDS[def.column].max),
        [`${key}Max`]: intParam(`${key}Max`, INT_BOUNDS[def.column].min, INT_BOUNDS[def.column].max),
      };
    case 'dateRange':
      return { [`${key}From`]: dateBound(`${key}From`, false), [`${key}To`]: dateBound(`${key}To`, true) };
  }
}

function unknownParamError(iss: { code?: string; keys?: string[] }) {
  if (iss.code === 'unrecognized_keys') return `Tham số không được hỗ trợ: ${(iss.keys ?? []).join(', ')}`;
  return undefined;
}

function filtersShape(spec: ListSpec): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  if (spec.search) shape.q = z.string().trim().max(SEARCH_MAX_LENGTH, { error: `q dài tối đa ${SEARCH_MAX_LENGTH} ký tự` }).optional().transform((v) => v || undefined);
  for (const [key, def] of Object.entries(spec.filters)) {
    for (const [name, schema] of Object.entries(filterShape(key, def))) shape[name] = schema.optional();
  }
  return shape;
}

/** The list query string of a resource: strict (unknown names → 400), with defaults applied. */
export function listQuerySchema<const S extends ListSpec>(spec: S) {
  const shape: Record<string, z.ZodType> = {
    page: intParam('page', 1, 1_000_000).default(PAGE_DEFAULT),
    pageSize: intParam('pageSize', 1, PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    sort: sortSchema(spec),
    cursor: z
      .string()
      .max(4000)
      .transform((raw, ctx) => {
        const cursor = decodeCursor(raw.trim());
        if (!cursor) {
          ctx.addIssue({ code: 'custom', message: 'cursor không hợp lệ: hãy mở lại danh sách từ trang đầu' });
          return z.NEVER;
        }
        return cursor;
      })
      .optional(),
    ...filtersShape(spec),
  };
  return z.strictObject(shape, { error: unknownParamError }).superRefine((raw, ctx) => {
    const q = raw as unknown as ListQuery;
    if (q.cursor && q.cursor.kind !== 'last' && (q.cursor.sort !== sortSignature(q.sort) || q.cursor.values.length !== q.sort.length)) {
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'cursor thuộc một cách sắp xếp khác: hãy mở lại danh sách từ trang đầu' });
    }
    // A range whose lower end is above its upper end matches nothing: refused, so a typo is seen, not an empty list.
    for (const [key, def] of Object.entries(spec.filters)) {
      if (def.kind !== 'range') continue;
      const r = raw as Record<string, unknown>;
      const [min, max] = [r[`${key}Min`], r[`${key}Max`]];
      if (typeof min === 'number' && typeof max === 'number' && min > max) {
        ctx.addIssue({ code: 'custom', path: [`${key}Min`], message: `${key}Min không được lớn hơn ${key}Max` });
      }
    }
    if (!q.cursor && (q.page - 1) * q.pageSize > LIST_OFFSET_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['page'],
        message: `Trang ${q.page} quá sâu (quá ${LIST_OFFSET_MAX} dòng): hãy lọc hẹp lại hoặc đi tiếp bằng nút trang sau, trang cuối`,
      });
    }
  }) as unknown as z.ZodType<ListQuery<S>, ListQueryInput>;
}

const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** An export answers with every matching row, up to this many; narrow the filters for more. */
export const EXPORT_MAX_ROWS = 100_000;

export type ExportQuery<S extends ListSpec = ListSpec> = Omit<ListQuery<S>, 'page' | 'pageSize'> & { format: ExportFormat };

/** `GET /api/<resource>/export`: the list's sort and filters plus `format` (xlsx by default); no paging. */
export function exportQuerySchema<const S extends ListSpec>(spec: S) {
  const shape: Record<string, z.ZodType> = {
    format: z.enum(EXPORT_FORMATS, { error: 'format phải là xlsx hoặc csv' }).default('xlsx'),
    sort: sortSchema(spec),
    ...filtersShape(spec),
  };
  return z.strictObject(shape, { error: unknownParamError }) as unknown as z.ZodType<ExportQuery<S>, ListQueryInput>;
}

/** The list's query without its paging (search, filters, sort): what "every row matching the filter" means. */
export type ListFilter<S extends ListSpec = ListSpec> = Omit<ListQuery<S>, 'page' | 'pageSize' | 'cursor'>;

/**
 * A bulk action's "every row matching the list's filter, across pages": the list's own search, filters and sort,
 * validated exactly as its query string is (unknown names refused), sent in the body instead of thousands of ids.
 */
export function listFilterSchema<const S extends ListSpec>(spec: S) {
  const shape: Record<string, z.ZodType> = { sort: sortSchema(spec), ...filtersShape(spec) };
  return z.strictObject(shape, { error: unknownParamError }) as unknown as z.ZodType<ListFilter<S>, ListQueryInput>;
}

/** `{ items, total, page, pageSize }` of any resource. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX),
    /** True when `total` is the planner's estimate (an unfiltered list of a very large table). */
    totalEstimated: z.boolean().optional(),
    /** `cursor` of the next page, null on the last one (absent from lists that page in memory). */
    nextCursor: z.string().nullable().optional(),
    /** `cursor` of the previous page, null on the first one. */
    prevCursor: z.string().nullable().optional(),
  });
}
export type ListResponse<T> = {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  totalEstimated?: boolean;
  nextCursor?: string | null;
  prevCursor?: string | null;
};

/**
 * The schemas every listed resource has, from its record and its ListSpec: the list query, the export query
 * (same sort and filters, no paging), the list page, and the 412 body (`details.current`).
 */
export function listedResourceSchemas<T extends z.ZodType, const S extends ListSpec>(item: T, spec: S) {
  return { listQuery: listQuerySchema(spec), exportQuery: exportQuerySchema(spec), list: listResponse(item), stale: staleDetails(item) };
}

/** `/:id` of every resource. */
export const IdParams = z.strictObject({
  id: z.coerce.number({ error: 'Mã không hợp lệ' }).int({ error: 'Mã không hợp lệ' }).min(1, { error: 'Mã không hợp lệ' }).max(Number.MAX_SAFE_INTEGER),
});
export type IdParams = z.infer<typeof IdParams>;
