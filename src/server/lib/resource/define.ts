import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ImportFieldError } from '../../../shared/contracts/import';
import type { ListQuery, ListSpec } from '../../../shared/contracts/list-query';
import type { FieldError } from '../../../shared/contracts/resource';
import type { Db } from '../../db/client';
import type { WriteContext } from '../write-context';

/** A table the machinery can manage: identity id plus the `mutable()` columns (version, who/when). */
export interface ResourceTable extends PgTable {
  id: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
  updatedBy: PgColumn;
}

/** The columns every record answers with: its version (the ETag) and when it was created and last changed. */
export function recordStamps<T extends { version: PgColumn; createdAt: PgColumn; updatedAt: PgColumn }>(table: T) {
  return { version: table.version, createdAt: table.createdAt, updatedAt: table.updatedAt } as Pick<T, 'version' | 'createdAt' | 'updatedAt'>;
}

interface Join {
  table: PgTable;
  on: SQL;
}

/**
 * A date-range filter whose condition needs both bounds in one place — "had an event of this kind within the range",
 * an `IN (SELECT … WHERE t BETWEEN …)` over another table — where comparing one column with each bound would not
 * do. `from`/`to` are the bound values (already `::timestamptz`), absent when the query leaves that side open.
 */
export interface DateRangeFilterSql {
  dateRange(from: SQL | undefined, to: SQL | undefined): SQL;
}

/** `<column> >= from AND <column> <= to` for the bounds given (TRUE when neither is): the inside of a DateRangeFilterSql. */
export function withinBounds(column: SQLWrapper, from: SQL | undefined, to: SQL | undefined): SQL {
  const parts = [from && sql`${column} >= ${from}`, to && sql`${column} <= ${to}`].filter((p): p is SQL => !!p);
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`;
}

export function isDateRangeFilterSql(v: unknown): v is DateRangeFilterSql {
  return typeof v === 'object' && v !== null && typeof (v as { dateRange?: unknown }).dateRange === 'function';
}

export type { WriteContext };

/**
 * Handed to a resource's write rules by the HTTP routes: the write context plus the request, for the rare
 * rule that needs the app (an e-mail) or the request's origin. Rules that do not, take a WriteContext.
 */
export interface RequestWriteContext extends WriteContext {
  app: FastifyInstance;
  req: FastifyRequest;
}

export interface UpdatePlan {
  /** Column values for the resource's own row (drizzle property names); unchanged ones are dropped. */
  set: Record<string, unknown>;
  /** True when the rule changed something outside the row that the item shows (e.g. the login account). */
  touched?: boolean;
}

interface WriteRules<TItem, TCreate, TPatch> {
  /** Inserts the record (and anything that belongs to it) and returns its id. */
  create?(ctx: RequestWriteContext, input: TCreate): Promise<number>;
  /** Checks the patch against the current record and says what to change. */
  update?(ctx: RequestWriteContext, current: TItem, patch: TPatch): Promise<UpdatePlan>;
  /** Extra work before a soft delete (the machinery sets deleted_at and writes the audit row). */
  remove?(ctx: RequestWriteContext, current: TItem): Promise<void>;
}

/**
 * What a column holds, so the writer shows it as the screens do (the stored value is always an integer):
 * - `text`, `int`: as given; `datetime`: an ISO instant, written as an Excel date in Vietnamese wall-clock time;
 * - `label`: Vietnamese label text, written in the reader's language (the message catalog);
 * - `bool`: yes/no in the reader's language;
 * - `weight-kg`: integer grams → kilograms, header "(kg)"; `length-cm`: integer millimetres → centimetres, "(cm)";
 * - `money`: integer đồng, header "(₫)";
 * - `money-with-currency`: integer minor units of the row's `currency(item)` → major units, the cell formatted
 *   with the currency code (a column of mixed currencies has no single header unit);
 * - `rate-number`: an exchange rate as its decimal text ("18.5", đồng per unit) → a number, header "(₫)".
 */
export type ExportCellType = 'text' | 'int' | 'datetime' | 'label' | 'bool' | 'weight-kg' | 'length-cm' | 'money' | 'money-with-currency' | 'rate-number';

export interface ExportColumn<TItem> {
  /** Vietnamese header, without the unit (the writer adds the unit its type implies). */
  header: string;
  /** English header, without the unit: exports follow the language of the request. */
  en: string;
  /** Column width in characters (XLSX). */
  width?: number;
  type?: ExportCellType;
  /** See ExportCellType. null/undefined = empty cell. */
  value(item: TItem): string | number | boolean | null | undefined;
  /** money-with-currency: the ISO code of the row's amount. */
  currency?(item: TItem): string | null | undefined;
}

/** The customer's code and name, as the exports of a customer's records (orders, slips, transactions) show them. */
export function customerColumns<TItem extends { customerCode: string | null; customerName: string | null }>(): ExportColumn<TItem>[] {
  return [
    { header: 'Mã KH', en: 'Customer code', width: 11, value: (r) => r.customerCode },
    { header: 'Khách hàng', en: 'Customer', width: 26, value: (r) => r.customerName },
  ];
}

type ImportCellType = 'text' | 'int' | 'phone';

export interface ImportColumn {
  /** The field of the row object handed to `row` (and the `field` of its errors). */
  field: string;
  header: string;
  /** English header: accepted on import (an English export comes back in) and used for an English template. */
  en?: string;
  /** Other headers accepted for this column (matching ignores case and accents). */
  aliases?: string[];
  type?: ImportCellType;
  /** Shown in the template's second row to tell people what goes there. */
  hint?: string;
  width?: number;
}

interface ImportDefinition<TCreate> {
  columns: ImportColumn[];
  /** Parses one row (cells keyed by field; empty cells absent) into the create input; errors name fields. */
  row: z.ZodType<TCreate>;
  /**
   * Problems only visible across rows or against the database (duplicates), for the rows that parsed;
   * `row` is the Excel row number, the answer is keyed by `index`.
   */
  check?(db: Db, rows: Array<{ index: number; row: number; data: TCreate }>): Promise<Map<number, ImportFieldError[]>>;
  /** Base of the template's file name. */
  templateName: string;
  /** English base of the template's file name (an English template is named in English). */
  templateNameEn: string;
}

/**
 * What the list engine needs: a table with an id, what a row reads as, and the SQL behind each sortable
 * and filterable key of the spec. Read-only lists (the audit log) stop here.
 */
export interface ListSource<TTable extends PgTable & { id: PgColumn }, TFields extends SelectedFieldsFlat, TItem> {
  table: TTable;
  /** Soft delete through the table's `deletedAt` column: hidden from lists and GET, kept in the table. */
  deletedAt?: PgColumn;
  spec: ListSpec;
  /** What a list row / detail reads: flat fields over the table and its left joins. */
  select: {
    fields: TFields;
    joins?: Join[];
    toItem(row: SelectResultFields<TFields>): TItem;
  };
  /** SQL for each sortable key of the spec. */
  sort: Record<string, SQLWrapper>;
  /**
   * SQL for each filter key of the spec (a range/dateRange key once, not its Min/Max): the expression compared with
   * the values, or for a dateRange a `DateRangeFilterSql` that builds the whole condition from both bounds.
   */
  filters: Record<string, SQLWrapper | DateRangeFilterSql>;
  /** Folded text that `q` searches (a `search_text` column with a trigram index, or foldSql(...)). */
  search?: SQLWrapper;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyListSource = ListSource<PgTable & { id: PgColumn }, SelectedFieldsFlat, any>;

/** A full resource: a list source plus its contracts, exports, imports and write rules. */
export interface ResourceDefinition<TTable extends ResourceTable, TFields extends SelectedFieldsFlat, TItem extends { id: number; version: number }, TCreate = never, TPatch = never>
  extends ListSource<TTable, TFields, TItem> {
  /** URL segment and audit entity: 'customers'. */
  name: string;
  /** Vietnamese noun for messages: 'khách hàng'. */
  label: string;
  schemas: {
    item: z.ZodType<TItem>;
    list: z.ZodType;
    listQuery: z.ZodType;
    exportQuery?: z.ZodType;
    create?: z.ZodType<TCreate>;
    patch?: z.ZodType<TPatch>;
  };
  /** `fileName` (Vietnamese) and `fileNameEn` name the file and its sheet in the reader's language. */
  export?: { fileName: string; fileNameEn: string; columns: ExportColumn<TItem>[] };
  import?: ImportDefinition<TCreate>;
  write?: WriteRules<TItem, TCreate, TPatch>;
  /** Unique indexes → the field error a violation means (the race behind a service's own check). */
  uniqueConstraints?: Record<string, FieldError>;
  /**
   * Sums over the WHOLE filtered set (paging ignored), sent with each list page as `totals` (the list schema
   * must declare it): e.g. a slip list's charges and COD. Runs beside the page and count queries.
   */
  listTotals?(db: Db, query: ListQuery): Promise<unknown>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResource = ResourceDefinition<ResourceTable, SelectedFieldsFlat, any, any, any>;

/** Identity function that checks a definition and keeps its precise types. */
export function defineListSource<TTable extends PgTable & { id: PgColumn }, TFields extends SelectedFieldsFlat, TItem>(
  name: string,
  src: ListSource<TTable, TFields, TItem>,
): ListSource<TTable, TFields, TItem> {
  for (const key of src.spec.sortable) if (!src.sort[key]) throw new Error(`${name}: no SQL for sortable "${key}"`);
  for (const [key, f] of Object.entries(src.spec.filters)) {
    if (!src.filters[key]) throw new Error(`${name}: no SQL for filter "${key}"`);
    if (isDateRangeFilterSql(src.filters[key]) && f.kind !== 'dateRange') throw new Error(`${name}: filter "${key}" is not a dateRange`);
  }
  if (src.spec.search && !src.search) throw new Error(`${name}: the spec allows q but no search column is given`);
  return src;
}

export function defineResource<
  TTable extends ResourceTable,
  TFields extends SelectedFieldsFlat,
  TItem extends { id: number; version: number },
  TCreate = never,
  TPatch = never,
>(def: ResourceDefinition<TTable, TFields, TItem, TCreate, TPatch>): ResourceDefinition<TTable, TFields, TItem, TCreate, TPatch> {
  defineListSource(def.name, def);
  return def;
}
