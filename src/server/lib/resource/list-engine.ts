import { and, asc, Column, desc, eq, getTableName, inArray, isNull, Param, SQL, sql, StringChunk, type SQLWrapper } from 'drizzle-orm';
import type { SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { ListQuery, ListResponse, SortTerm } from '../../../shared/contracts/list-query';
import { foldVietnamese } from '../../../shared/text';
import type { Db } from '../../db/client';
import type { AnyListSource } from './define';
import { Binder, cachedStatement, objectKey, type Bind } from './statement-cache';

/**
 * The one list engine: turns a parsed list query (shared/contracts/list-query.ts) into SQL over a
 * resource definition. Every list answers with exactly two statements: one COUNT and one page.
 */

type FilterQuery = Omit<ListQuery, 'page' | 'pageSize'>;

/** Search words; each must appear in the folded text. */
export function searchTokens(q: string | undefined): string[] {
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
    const col = def.filters[key]!;
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
      case 'dateRange': {
        // Kept as text so microseconds survive (a JS Date would cut "to the end of the day" short).
        const from = values[`${key}From`];
        const to = values[`${key}To`];
        if (from !== undefined) parts.push(sql`${col} >= ${bind(`${key}From`, from)}::timestamptz`);
        if (to !== undefined) parts.push(sql`${col} <= ${bind(`${key}To`, to)}::timestamptz`);
        break;
      }
    }
  }
  return parts.length ? and(...parts) : undefined;
}

/** ORDER BY the requested keys, then id in the last key's direction so pages never overlap or skip. */
export function orderFor(def: AnyListSource, sort: SortTerm[]): SQL[] {
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

async function listTotal(
  db: Db,
  def: AnyListSource,
  query: FilterQuery,
  bound: { where: SQL | undefined; binder: Binder; key: string | undefined },
  baseOnly: boolean,
): Promise<{ total: number; estimated: boolean }> {
  const count = (w: SQL | undefined, limit: unknown) =>
    db.select({ n: sql<number>`count(*)::int` }).from(countProbe(db, def, w, baseOnly).limit(limit as number).as('capped'));
  const [row] = bound.key
    ? await cachedStatement(db, `count|${baseOnly}|${bound.key}`, () => count(bound.where, sql.placeholder('cap'))).execute({
        ...bound.binder.values,
        cap: EXACT_TOTAL_CAP + 1,
      })
    : await count(bound.where, EXACT_TOTAL_CAP + 1);
  const capped = Number((row as { n: number }).n);
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

export async function pageRows<TItem>(db: Db, def: AnyListSource, where: SQL | undefined, order: SQL[], limit: number, offset: number): Promise<TItem[]> {
  const rows = await selectFrom(db, def, def.select.fields).where(where).orderBy(...order).limit(limit).offset(offset);
  return rows.map((r) => def.select.toItem(r) as TItem);
}

/** The page's rows through the statement cached for this shape (filters, search words, sort). */
async function cachedPageRows<TItem>(db: Db, def: AnyListSource, query: ListQuery, where: SQL | undefined, binder: Binder, key: string): Promise<TItem[]> {
  const sortKey = query.sort.map((t) => `${t.desc ? '-' : ''}${t.field}`).join(',');
  const statement = cachedStatement(db, `page|${sortKey}|${key}`, () =>
    selectFrom(db, def, def.select.fields)
      .where(where)
      .orderBy(...orderFor(def, query.sort))
      .limit(sql.placeholder('limit') as unknown as number)
      .offset(sql.placeholder('offset') as unknown as number),
  );
  const rows = (await statement.execute({ ...binder.values, limit: query.pageSize, offset: (query.page - 1) * query.pageSize })) as unknown[];
  return rows.map((r) => def.select.toItem(r as never) as TItem);
}

export async function listPage<TItem>(db: Db, def: AnyListSource, query: ListQuery): Promise<ListResponse<TItem>> {
  const binder = new Binder();
  const where = whereFor(def, query, binder.bind);
  const key = binder.cacheable ? `${objectKey(def)}|${binder.shape}` : undefined;
  const [counted, items] = await Promise.all([
    listTotal(db, def, query, { where: key ? where : whereFor(def, query), binder, key }, whereReadsBaseOnly(def, query)),
    key
      ? cachedPageRows<TItem>(db, def, query, where, binder, key)
      : pageRows<TItem>(db, def, whereFor(def, query), orderFor(def, query.sort), query.pageSize, (query.page - 1) * query.pageSize),
  ]);
  return { items, total: counted.total, page: query.page, pageSize: query.pageSize, ...(counted.estimated ? { totalEstimated: true } : {}) };
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
  const fields = { ...def.select.fields, __rowId: def.table.id };
  for (let i = 0; i < ids.length; i += batchSize) {
    const slice = ids.slice(i, i + batchSize);
    const rows = (await selectFrom(db, def, fields).where(and(where, inArray(def.table.id, slice)))) as Array<Record<string, unknown>>;
    const byId = new Map(rows.map((r) => [Number(r.__rowId), r]));
    const batch: TItem[] = [];
    for (const id of slice) {
      const row = byId.get(id);
      if (!row) continue;
      delete row.__rowId;
      batch.push(def.select.toItem(row as never) as TItem);
    }
    if (batch.length) yield batch;
  }
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
