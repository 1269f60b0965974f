import { and, asc, Column, desc, eq, getTableName, inArray, isNull, Param, SQL, sql, StringChunk, type SQLWrapper } from 'drizzle-orm';
import { getTableConfig, type PgTable, type SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import { encodeCursor, sortSignature, type ListCursor, type ListQuery, type ListResponse, type SortTerm } from '../../../shared/contracts/list-query';
import { foldVietnamese } from '../../../shared/text';
import type { Db } from '../../db/client';
import { isDateRangeFilterSql, type AnyListSource } from './define';
import { Binder, cachedStatement, objectKey, type Bind } from './statement-cache';

/**
 * The one list engine: turns a parsed list query (shared/contracts/list-query.ts) into SQL over a
 * resource definition. A list answers with one COUNT and its page: one statement by OFFSET (shallow pages) or from the
 * end, and after or before a cursor one per key range it reads until the page is full (usually one or two).
 */

type FilterQuery = Omit<ListQuery, 'page' | 'pageSize'>;

/** Search words; each must appear in the folded text. */
function searchTokens(q: string | undefined): string[] {
  if (!q) return [];
  return foldVietnamese(q).split(' ').filter(Boolean).slice(0, 8);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const asValue: Bind = (_tag, value) => value;

/**
 * The WHERE of a list or export: scope (not deleted) + search + filters. Every request value goes through
 * `bind`, which a cached statement turns into a placeholder (its tags then name the query's shape).
 */
export function whereFor(def: AnyListSource, query: FilterQuery, bind: Bind = asValue): SQL | undefined {
  const parts: SQL[] = [];
  if (def.deletedAt) parts.push(isNull(def.deletedAt));
  const values = query as unknown as Record<string, unknown>;
  if (def.search) {
    // LIKE '%word%' on the folded column is answered by its pg_trgm GIN index.
    for (const token of searchTokens(query.q)) parts.push(sql`${def.search} LIKE ${bind('q', `%${escapeLike(token)}%`)}`);
  }
  for (const [key, f] of Object.entries(def.spec.filters)) {
    const filterSql = def.filters[key]!;
    if (f.kind === 'dateRange') {
      // Kept as text so microseconds survive (a JS Date would cut "to the end of the day" short).
      const from = values[`${key}From`];
      const to = values[`${key}To`];
      const fromSql = from === undefined ? undefined : sql`${bind(`${key}From`, from)}::timestamptz`;
      const toSql = to === undefined ? undefined : sql`${bind(`${key}To`, to)}::timestamptz`;
      if (isDateRangeFilterSql(filterSql)) {
        if (fromSql || toSql) parts.push(filterSql.dateRange(fromSql, toSql));
      } else {
        if (fromSql) parts.push(sql`${filterSql} >= ${fromSql}`);
        if (toSql) parts.push(sql`${filterSql} <= ${toSql}`);
      }
      continue;
    }
    const col = filterSql as SQLWrapper;
    switch (f.kind) {
      case 'list':
      case 'ids': {
        const list = values[key] as Array<string | number> | undefined;
        if (!list?.length) break;
        parts.push(list.length === 1 ? sql`${col} = ${bind(key, list[0])}` : inArray(col, list.map((v) => bind(`${key}[]`, v))));
        break;
      }
      case 'text':
      case 'bool': {
        const v = values[key];
        if (v !== undefined) parts.push(sql`${col} = ${bind(key, v)}`);
        break;
      }
      case 'range': {
        const min = values[`${key}Min`];
        const max = values[`${key}Max`];
        if (min !== undefined) parts.push(sql`${col} >= ${bind(`${key}Min`, min)}`);
        if (max !== undefined) parts.push(sql`${col} <= ${bind(`${key}Max`, max)}`);
        break;
      }
    }
  }
  return parts.length ? and(...parts) : undefined;
}

/** ORDER BY the requested keys, then id in the last key's direction so pages never overlap or skip. */
function orderFor(def: AnyListSource, sort: SortTerm[]): SQL[] {
  const order = sort.map((t) => (t.desc ? desc(def.sort[t.field]!) : asc(def.sort[t.field]!)));
  const lastDesc = sort.at(-1)?.desc ?? false;
  order.push(lastDesc ? desc(def.table.id) : asc(def.table.id));
  return order;
}

function selectFrom(db: Db, def: AnyListSource, fields: SelectedFieldsFlat) {
  let q = db.select(fields).from(def.table).$dynamic();
  for (const j of def.select.joins ?? []) q = q.leftJoin(j.table, j.on);
  return q;
}

/** Whether a filter/search expression reads only columns of the given table (walks SQL fragments). */
function readsOnly(w: unknown, base: string): boolean {
  if (w instanceof Column) return getTableName(w.table) === base;
  if (w instanceof SQL) return w.queryChunks.every((chunk) => readsOnly(chunk, base));
  // Plain strings and parameters inside a fragment read no table; anything else (a subquery, another table) might.
  return w instanceof StringChunk || w instanceof Param || typeof w === 'string' || typeof w === 'number';
}

/**
 * Whether the WHERE of this query reads only the resource's own table. Joins are many-to-one lookups (names of
 * the customer, the store…), so they never change the count; leaving them out lets PostgreSQL count from an index
 * alone (a status filter over 1,000,000 packages: 130 ms with the joins, under 10 ms without).
 */
function whereReadsBaseOnly(def: AnyListSource, query: FilterQuery): boolean {
  const base = getTableName(def.table);
  const values = query as unknown as Record<string, unknown>;
  if (def.search && searchTokens(query.q).length && !readsOnly(def.search, base)) return false;
  return Object.entries(def.spec.filters).every(([key, f]) => {
    const keys = f.kind === 'range' ? [`${key}Min`, `${key}Max`] : f.kind === 'dateRange' ? [`${key}From`, `${key}To`] : [key];
    const active = keys.some((k) => values[k] !== undefined && !(Array.isArray(values[k]) && (values[k] as unknown[]).length === 0));
    return !active || readsOnly(def.filters[key], base);
  });
}

export async function countRows(db: Db, def: AnyListSource, where: SQL | undefined, baseOnly = false): Promise<number> {
  const fields = { n: sql<number>`count(*)::int` };
  const [row] = baseOnly
    ? await db.select(fields).from(def.table).where(where)
    : await selectFrom(db, def, fields).where(where);
  return Number((row as { n: number }).n);
}

/**
 * A list shows an exact total up to this many rows. Counting costs one index entry per row (≈20 ms for 67,000
 * packages of one status), so past the cap the total is the planner's estimate, shown as "≈ 66.800" — the way
 * large admin consoles do it. Every page still holds exactly the right rows; only the headline figure is rounded.
 */
export const EXACT_TOTAL_CAP = 10_000;

/** The rows a list counts, at most `limit` of them (a placeholder in a cached statement). */
function countProbe(db: Db, def: AnyListSource, where: SQL | undefined, baseOnly: boolean) {
  return baseOnly ? db.select({ one: sql`1` }).from(def.table).where(where) : selectFrom(db, def, { one: sql`1` }).where(where);
}

/** count(*) of the rows the list counts, stopping at `limit` (a value or a placeholder). */
function cappedCount(db: Db, def: AnyListSource, where: SQL | undefined, baseOnly: boolean, limit: unknown) {
  return db.select({ n: sql<number>`count(*)::int` }).from(countProbe(db, def, where, baseOnly).limit(limit as number).as('capped'));
}

/** The total a list shows from its capped count: exact up to the cap, else the planner's estimate. */
async function totalFrom(db: Db, def: AnyListSource, query: FilterQuery, capped: number, baseOnly: boolean): Promise<{ total: number; estimated: boolean }> {
  if (capped <= EXACT_TOTAL_CAP) return { total: capped, estimated: false };
  // Both drivers answer execute() with { rows }; EXPLAIN (FORMAT JSON) gives one row holding the plan. EXPLAIN
  // needs the values in the text, so this (rare: past the cap) path builds the WHERE afresh.
  const probe = countProbe(db, def, whereFor(def, query), baseOnly);
  const result = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${probe}`)) as unknown as { rows: Array<Record<string, unknown>> };
  const raw = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }>;
  const estimate = Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
  return { total: Math.max(estimate, EXACT_TOTAL_CAP + 1), estimated: true };
}

async function listTotal(
  db: Db,
  def: AnyListSource,
  query: FilterQuery,
  bound: { where: SQL | undefined; binder: Binder; key: string | undefined },
  baseOnly: boolean,
): Promise<{ total: number; estimated: boolean }> {
  const [row] = bound.key
    ? await cachedStatement(db, `count|${baseOnly}|${bound.key}`, () => cappedCount(db, def, bound.where, baseOnly, sql.placeholder('cap'))).execute({
        ...bound.binder.values,
        cap: EXACT_TOTAL_CAP + 1,
      })
    : await cappedCount(db, def, bound.where, baseOnly, EXACT_TOTAL_CAP + 1);
  return totalFrom(db, def, query, Number((row as { n: number }).n), baseOnly);
}

export async function pageRows<TItem>(db: Db, def: AnyListSource, where: SQL | undefined, order: SQL[], limit: number, offset: number): Promise<TItem[]> {
  const rows = await selectFrom(db, def, def.select.fields).where(where).orderBy(...order).limit(limit).offset(offset);
  return rows.map((r) => def.select.toItem(r) as TItem);
}

export async function listPage<TItem>(db: Db, def: AnyListSource, query: ListQuery): Promise<ListResponse<TItem>> {
  const binder = new Binder();
  const bound = whereFor(def, query, binder.bind);
  const key = binder.cacheable ? `${objectKey(def)}|${binder.shape}` : undefined;
  // Pages by number (most requests) run as one statement cached for their shape; cursor pages as one per key range.
  const byNumber = key !== undefined && !query.cursor;
  // A shape too large to keep (over MAX_BOUND_VALUES values) runs built afresh, its values written in: `bound` holds
  // placeholders that only a cached statement fills (running it unfilled answered 500).
  const where = key ? bound : whereFor(def, query);
  const baseOnly = whereReadsBaseOnly(def, query);
  let counted: { total: number; estimated: boolean };
  let paged: KeysetResult;
  if (byNumber) {
    // One statement: the page's rows, each carrying the capped count (an uncorrelated subquery, run once). Only an
    // empty page, which carries nothing, counts on its own.
    paged = await cachedOffsetPage(db, def, query, bound, binder, key!, baseOnly);
    counted = paged.capped === undefined ? await listTotal(db, def, query, { where: bound, binder, key }, baseOnly) : await totalFrom(db, def, query, paged.capped, baseOnly);
  } else {
    // A cursor page of a cacheable shape runs statements cached for its shape too, the cursor's values bound
    // like the filters' (at 1,000,000 packages, building and planning each deep page's SQL afresh was most of its time).
    const shape = key ? { key: `${sortSignature(query.sort)}|${key}`, values: binder.values } : undefined;
    [counted, paged] = await Promise.all([
      listTotal(db, def, query, { where, binder, key }, baseOnly),
      keysetPage(db, def, where, query, shape),
    ]);
  }
  const { rows, page, hasPrev, hasNext } = paged.last ? lastPageOf(paged.rows, counted, query.pageSize) : paged;
  const items = rows.map((r) => def.select.toItem(r.row as never) as TItem);
  const signature = sortSignature(query.sort);
  const at = (row: KeyedRow, kind: 'after' | 'before', target: number) =>
    encodeCursor({ kind, sort: signature, values: row.keys, id: row.id, page: target });
  return {
    items,
    total: counted.total,
    page,
    pageSize: query.pageSize,
    ...(counted.estimated ? { totalEstimated: true } : {}),
    nextCursor: hasNext && rows.length ? at(rows.at(-1)!, 'after', page + 1) : null,
    prevCursor: hasPrev && rows.length ? at(rows[0]!, 'before', Math.max(1, page - 1)) : null,
  };
}

// ---- keyset paging ------------------------------------------------------------------------------

/** One ORDER BY key: the list's sort terms, then the id in the last term's direction. */
interface KeyTerm {
  expr: SQLWrapper;
  desc: boolean;
  /** False only for a NOT NULL column of the listed table itself (a left-joined column can be null anyway). */
  nullable: boolean;
  /** A NOT NULL column of the listed table with a unique index of its own: no two listed rows tie on it. */
  unique?: boolean;
}

/** Names of the listed table's columns that a unique index covers alone (a partial one counts: lists show live rows). */
const uniqueColumns = new WeakMap<object, Set<string>>();
function uniqueColumnsOf(table: PgTable): Set<string> {
  let set = uniqueColumns.get(table);
  if (!set) {
    set = new Set(
      getTableConfig(table)
        .indexes.filter((i) => i.config.unique && i.config.columns.length === 1)
        .flatMap((i) => {
          const c = i.config.columns[0];
          return c instanceof Column ? [c.name] : [];
        }),
    );
    uniqueColumns.set(table, set);
  }
  return set;
}

function keyTerms(def: AnyListSource, sort: SortTerm[]): KeyTerm[] {
  const base = getTableName(def.table);
  const terms: KeyTerm[] = sort.map((t) => {
    const expr = def.sort[t.field]!;
    const nullable = !(expr instanceof Column && expr.notNull && getTableName(expr.table) === base);
    const unique = !nullable && uniqueColumnsOf(def.table as unknown as PgTable).has((expr as Column).name);
    return { expr, desc: t.desc, nullable, unique };
  });
  terms.push({ expr: def.table.id, desc: sort.at(-1)?.desc ?? false, nullable: false });
  return terms;
}

const reversed = (terms: KeyTerm[]): KeyTerm[] => terms.map((t) => ({ ...t, desc: !t.desc }));
const orderOf = (terms: KeyTerm[]): SQL[] => terms.map((t) => (t.desc ? desc(t.expr as Column) : asc(t.expr as Column)));

/**
 * The rows strictly after a position (key values, the id last) in the order of `terms`, as disjoint conditions
 * in list order: first the rows tied on every key but the last, then those tied on one key fewer, and so on.
 * PostgreSQL's default order puts NULL last ascending and first descending, so "after a value" ascending also
 * takes the NULLs, as a segment of its own. Each condition is an equality prefix plus one range, which an index
 * on the sort keys reads as one range; a single OR over all of them would be read from the start of the index.
 */
function keysetSegments(terms: KeyTerm[], values: (string | number | null)[], bind: (index: number) => unknown = (j) => values[j]): SQL[] {
  const segments: SQL[] = [];
  // Rows tied on a unique key are the row itself: the segments whose prefix holds that key are empty, and reading
  // them cost a round trip each (a deep page sorted by code took two).
  const firstUnique = terms.findIndex((t) => t.unique);
  for (let i = firstUnique >= 0 ? firstUnique : terms.length - 1; i >= 0; i--) {
    const prefix = terms.slice(0, i).map((t, j) => (values[j] === null ? sql`${t.expr} IS NULL` : sql`${t.expr} = ${bind(j)}`));
    const t = terms[i]!;
    const v = values[i];
    const beyond: SQL[] = [];
    if (!t.desc) {
      if (v !== null) beyond.push(sql`${t.expr} > ${bind(i)}`);
      if (v !== null && t.nullable) beyond.push(sql`${t.expr} IS NULL`);
    } else if (v === null) {
      beyond.push(sql`${t.expr} IS NOT NULL`);
    } else {
      beyond.push(sql`${t.expr} < ${bind(i)}`);
    }
    for (const b of beyond) segments.push(and(...prefix, b)!);
  }
  return segments;
}

/**
 * A listed row beside its sort key values and id (for cursors). The row keeps the `__k…`/`__id` fields it was read
 * with: `toItem` names the fields it passes on, and the response contract drops the rest, where removing them from
 * each row (object rest or `delete`) cost a tenth of a list request's CPU.
 */
interface KeyedRow {
  row: Record<string, unknown>;
  keys: (string | null)[];
  id: number;
}

/**
 * The select list with each sort key read back as PostgreSQL prints it (a timestamp keeps its microseconds and any
 * type compares again exactly when sent back as an untyped parameter), and the id.
 */
function keyedFields(def: AnyListSource, terms: KeyTerm[]): SelectedFieldsFlat {
  const keyFields = Object.fromEntries(terms.slice(0, -1).map((t, i) => [`__k${i}`, sql<string | null>`(${t.expr})::text`]));
  return { ...def.select.fields, ...keyFields, __id: def.table.id } as SelectedFieldsFlat;
}

function keyedOf(rows: Array<Record<string, unknown>>, terms: KeyTerm[]): KeyedRow[] {
  const names = terms.slice(0, -1).map((_, i) => `__k${i}`);
  return rows.map((row) => ({ row, keys: names.map((n) => row[n] as string | null), id: Number(row.__id) }));
}

/** Whether a page by number may skip its rows reading the listed table alone (filters and sort read only it). */
function skipsOnBaseTable(def: AnyListSource, query: ListQuery): boolean {
  const base = getTableName(def.table);
  return whereReadsBaseOnly(def, query) && query.sort.every((t) => readsOnly(def.sort[t.field], base));
}

/**
 * The query of a page by number (limit and offset are values or placeholders). The skipped rows are read as ids
 * alone, from the listed table alone when the filters and sort allow (an index only scan), and the select list's
 * subqueries run only for the rows shown: OFFSET 10,000 costs an index walk, not 10,000 projected rows with their
 * joins (500 ms at 1,000,000 packages).
 */
function pageByNumberQuery(
  db: Db,
  def: AnyListSource,
  where: SQL | undefined,
  terms: KeyTerm[],
  limit: number,
  offset?: { rows: number; baseOnly: boolean },
  extra: SelectedFieldsFlat = {},
) {
  const order = orderOf(terms);
  const fields = { ...keyedFields(def, terms), ...extra };
  if (!offset) return selectFrom(db, def, fields).where(where).orderBy(...order).limit(limit);
  const ids = (offset.baseOnly ? db.select({ id: def.table.id }).from(def.table).$dynamic() : selectFrom(db, def, { id: def.table.id }))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset.rows);
  return selectFrom(db, def, fields).where(inArray(def.table.id, ids)).orderBy(...order);
}

/**
 * A page by number through the statements cached for its shape (filters, search words, sort), one row more than
 * asked: the first page directly, a later one by skipping ids as the uncached path does.
 */
async function cachedOffsetPage(
  db: Db,
  def: AnyListSource,
  query: ListQuery,
  where: SQL | undefined,
  binder: Binder,
  key: string,
  countBaseOnly: boolean,
): Promise<KeysetResult> {
  const terms = keyTerms(def, query.sort);
  const size = query.pageSize;
  const limit = sql.placeholder('limit') as unknown as number;
  const baseOnly = query.page > 1 && skipsOnBaseTable(def, query);
  const offset = query.page > 1 ? { rows: sql.placeholder('offset') as unknown as number, baseOnly } : undefined;
  const statement = cachedStatement(db, `${offset ? `offset|${baseOnly}` : 'first'}|${countBaseOnly}|${sortSignature(query.sort)}|${key}`, () => {
    const count = sql<number>`(${cappedCount(db, def, where, countBaseOnly, sql.placeholder('cap'))})`;
    return pageByNumberQuery(db, def, where, terms, limit, offset, { __total: count });
  });
  const values = { ...binder.values, limit: size + 1, offset: (query.page - 1) * size, cap: EXACT_TOTAL_CAP + 1 };
  const rows = keyedOf((await statement.execute(values)) as Array<Record<string, unknown>>, terms);
  const capped = rows.length ? Number(rows[0]!.row.__total) : undefined;
  return { rows: rows.slice(0, size), capped, page: query.page, hasPrev: query.page > 1, hasNext: rows.length > size };
}

/**
 * A cacheable list shape (its sort, filters and search words) and the values its placeholders take: the statements
 * of a cursor page are cached under it as a page by number's are.
 */
interface Shape {
  key: string;
  values: Record<string, unknown>;
}

/**
 * Up to `limit` rows in the order of `terms`, after the position when given, each with its key values as text. With
 * a shape, `where` holds its placeholders and each statement is cached for the shape, the direction, which key
 * values are NULL (they change the conditions) and the key range it reads; the position and limit are bound.
 */
async function keyedRows(
  db: Db,
  def: AnyListSource,
  where: SQL | undefined,
  terms: KeyTerm[],
  limit: number,
  from?: { values: (string | null)[]; id: number },
  offset?: { rows: number; baseOnly: boolean },
  shape?: Shape,
): Promise<KeyedRow[]> {
  const fields = keyedFields(def, terms);
  const order = orderOf(terms);
  const keyed = (rows: Array<Record<string, unknown>>) => keyedOf(rows, terms);
  const directions = terms.map((t) => (t.desc ? '-' : '+')).join('');
  const bound = sql.placeholder('limit') as unknown as number;
  if (!from) {
    if (!shape || offset) return keyed(await pageByNumberQuery(db, def, where, terms, limit, offset));
    const statement = cachedStatement(db, `head|${directions}|${shape.key}`, () => pageByNumberQuery(db, def, where, terms, bound));
    return keyed((await statement.execute({ ...shape.values, limit })) as Array<Record<string, unknown>>);
  }
  const position = [...from.values, from.id];
  const nulls = position.map((v) => (v === null ? '0' : '1')).join('');
  const values: Record<string, unknown> = { ...shape?.values };
  position.forEach((v, j) => (values[`k${j}`] = v));
  const segments = keysetSegments(terms, position, shape ? (j) => sql.placeholder(`k${j}`) : undefined);
  const out: KeyedRow[] = [];
  for (const [i, segment] of segments.entries()) {
    const query = (n: number) => selectFrom(db, def, fields).where(and(where, segment)).orderBy(...order).limit(n);
    const rows = shape
      ? await cachedStatement(db, `after|${directions}|${nulls}|${i}|${shape.key}`, () => query(bound)).execute({ ...values, limit: limit - out.length })
      : await query(limit - out.length);
    out.push(...keyed(rows as Array<Record<string, unknown>>));
    if (out.length >= limit) break;
  }
  return out;
}

interface KeysetResult {
  rows: KeyedRow[];
  /** The capped count read with the rows (a page by number that has rows). */
  capped?: number;
  page: number;
  hasPrev: boolean;
  hasNext: boolean;
  /** The last page: `rows` are the list's last rows in reverse, to be cut once the total is known. */
  last?: boolean;
}

/** The rows of the page the query asks: by OFFSET (shallow pages), after or before a cursor, or the last page. */
async function keysetPage(db: Db, def: AnyListSource, where: SQL | undefined, query: ListQuery, shape?: Shape): Promise<KeysetResult> {
  const terms = keyTerms(def, query.sort);
  const size = query.pageSize;
  const cursor: ListCursor | undefined = query.cursor;
  if (!cursor) {
    // One row more than the page tells whether a next page exists without counting.
    const offset = query.page > 1 ? { rows: (query.page - 1) * size, baseOnly: skipsOnBaseTable(def, query) } : undefined;
    const rows = await keyedRows(db, def, where, terms, size + 1, undefined, offset);
    return { rows: rows.slice(0, size), page: query.page, hasPrev: query.page > 1, hasNext: rows.length > size };
  }
  if (cursor.kind === 'last') {
    // The last page is the first one of the reversed order, turned back.
    return { rows: await keyedRows(db, def, where, reversed(terms), size, undefined, undefined, shape), page: 0, hasPrev: false, hasNext: false, last: true };
  }
  if (cursor.kind === 'after') {
    const rows = await keyedRows(db, def, where, terms, size + 1, cursor, undefined, shape);
    return { rows: rows.slice(0, size), page: cursor.page, hasPrev: true, hasNext: rows.length > size };
  }
  const before = await keyedRows(db, def, where, reversed(terms), size + 1, cursor, undefined, shape);
  if (before.length < size) {
    // Back at the start (a list paged from its end ends short of a full first page): the first page itself.
    const rows = await keyedRows(db, def, where, terms, size + 1, undefined, undefined, shape);
    return { rows: rows.slice(0, size), page: 1, hasPrev: false, hasNext: rows.length > size };
  }
  const hasPrev = before.length > size;
  return { rows: before.slice(0, size).reverse(), page: hasPrev ? Math.max(2, cursor.page) : 1, hasPrev, hasNext: true };
}

/**
 * The last page from the last rows (reversed): as many rows as the exact total leaves on it, so that stepping
 * back from it meets the same pages as stepping forward from the first; a full page under an estimated total.
 */
function lastPageOf(reversedRows: KeyedRow[], counted: { total: number; estimated: boolean }, size: number): KeysetResult {
  const pages = Math.max(1, Math.ceil(counted.total / size));
  const onLast = counted.estimated ? size : counted.total - (pages - 1) * size;
  const rows = reversedRows.slice(0, Math.max(0, onLast)).reverse();
  return { rows, page: pages, hasPrev: pages > 1, hasNext: false };
}

/**
 * Every matching item in list order, a batch at a time (exports stream these). Two phases, so the cost grows with
 * the rows and not with their square (an OFFSET per batch re-reads every row before it): first the ids in list
 * order (one statement, at most `limit` numbers held), then the rows of each batch by primary key, put back in that
 * order. Any sort works the same way (nulls, ties, joined columns, mixed directions), which a keyset over arbitrary
 * sort expressions would not without per-type handling. A row deleted between the phases is left out.
 */
export async function* iterateItems<TItem>(
  db: Db,
  def: AnyListSource,
  query: FilterQuery,
  { batchSize = 1000, limit }: { batchSize?: number; limit?: number } = {},
): AsyncGenerator<TItem[]> {
  const where = whereFor(def, query);
  let ordered = selectFrom(db, def, { id: def.table.id }).where(where).orderBy(...orderFor(def, query.sort));
  if (limit !== undefined) ordered = ordered.limit(limit);
  const ids = ((await ordered) as Array<{ id: number }>).map((r) => Number(r.id));
  // Every batch is the same statement (the filters' values, and the batch's ids as one array): built once, where
  // building a query of 1,000 id parameters per batch cost a quarter of an export's CPU.
  const binder = new Binder();
  const bound = whereFor(def, query, binder.bind);
  const fields = { ...def.select.fields, __rowId: def.table.id };
  const batchQuery = (w: SQL | undefined, ids: unknown) => selectFrom(db, def, fields).where(and(w, sql`${def.table.id} = ANY(${ids}::bigint[])`));
  const statement = binder.cacheable ? cachedStatement(db, `batch|${objectKey(def)}|${binder.shape}`, () => batchQuery(bound, sql.placeholder('ids'))) : undefined;
  const fetchBatch = (slice: number[]) =>
    (statement ? statement.execute({ ...binder.values, ids: slice }) : batchQuery(where, slice)) as Promise<Array<Record<string, unknown>>>;
  // The next batch is asked for before this one is handed on, so the database reads while the caller writes.
  let next = ids.length ? fetchBatch(ids.slice(0, batchSize)) : undefined;
  for (let i = 0; i < ids.length; i += batchSize) {
    const slice = ids.slice(i, i + batchSize);
    const rows = await next!;
    next = i + batchSize < ids.length ? fetchBatch(ids.slice(i + batchSize, i + 2 * batchSize)) : undefined;
    // A caller that stops early leaves the read ahead unanswered: nobody awaits it, so its failure is nobody's.
    next?.catch(() => {});
    const byId = new Map(rows.map((r) => [Number(r.__rowId), r]));
    const batch: TItem[] = [];
    for (const id of slice) {
      const row = byId.get(id);
      if (row) batch.push(def.select.toItem(row as never) as TItem);
    }
    if (batch.length) yield batch;
  }
}

/**
 * The ids of the rows a list's filter selects, in list order, at most `limit` of them: what a bulk action over
 * "every row matching the filter, across pages" acts on. Ask for one more than allowed to know that there are more.
 */
export async function matchingIds(db: Db, def: AnyListSource, query: FilterQuery, limit: number): Promise<number[]> {
  const rows = (await selectFrom(db, def, { id: def.table.id }).where(whereFor(def, query)).orderBy(...orderFor(def, query.sort)).limit(limit)) as Array<{ id: number }>;
  return rows.map((r) => Number(r.id));
}

/** One item by id; a soft-deleted one counts as absent. */
export async function findItem<TItem>(db: Db, def: AnyListSource, id: number): Promise<TItem | undefined> {
  const statement = cachedStatement(db, `find|${objectKey(def)}`, () => {
    const conditions: SQLWrapper[] = [eq(def.table.id, sql.placeholder('id'))];
    if (def.deletedAt) conditions.push(isNull(def.deletedAt));
    return selectFrom(db, def, def.select.fields).where(and(...(conditions as SQL[])));
  });
  const [row] = (await statement.execute({ id })) as unknown[];
  return row ? (def.select.toItem(row as never) as TItem) : undefined;
}
