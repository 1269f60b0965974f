import { createHash } from 'node:crypto';
import { Column, DrizzleQueryError, is, Param, Placeholder, SQL, sql, Subquery } from 'drizzle-orm';

/**
 * Statements built once per query shape. Drizzle builds a query by walking its whole expression tree on every
 * call, which under load cost more CPU than the database spent answering; a hot query (a list page, get by id,
 * a scanner lookup) has few shapes, so each shape is built once with placeholders and then only executed with
 * the request's values. On PostgreSQL the statement is also named, so each connection parses and plans it once
 * (a lookup spent 0.6 ms planning against 0.1 ms executing); PGlite ignores the name.
 */

/** What a drizzle query builder offers once its values are placeholders. */
interface Preparable<TResult> {
  toSQL(): { sql: string };
  prepare(name?: string): Prepared<TResult>;
}

export interface Prepared<TResult> {
  execute(values?: Record<string, unknown>): Promise<TResult>;
}

/**
 * Shapes kept per database handle (the least recently used goes first). Each distinct filter combination and
 * sort of each resource is one shape, so a few hundred cover every screen.
 */
export const MAX_SHAPES = 256;

/**
 * A shape binding more values than this (a lookup of 500 numbers, an IN list of many ids) is built per request
 * as before: such requests are rare, and caching every list length would fill the cache (and each PostgreSQL
 * connection) with statements used once.
 */
export const MAX_BOUND_VALUES = 32;

// Keyed by the handle the statement runs on: the database, or a transaction (whose statements go with it).
const caches = new WeakMap<object, Map<string, Prepared<unknown>>>();
// A shape's statement name, shared by every handle: a transaction builds its statements afresh (as every query was
// built before this cache), but does not pay for rendering the text a second time to name them.
const names = new Map<string, string>();

/** The prepared statement of this shape on this handle, built (and named after its SQL text) on first use. */
export function cachedStatement<TResult>(db: object, key: string, build: () => Preparable<TResult>): Prepared<TResult> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(key);
  if (hit) {
    // Map keeps insertion order: moving a hit to the end makes the first key the least recently used.
    cache.delete(key);
    cache.set(key, hit);
    return hit as Prepared<TResult>;
  }
  const query = build();
  // Named after the text, so the same shape built again (after eviction, or by another handle on the same
  // connection) reuses the name with the same text, which node-postgres requires of a name.
  let name = names.get(key);
  if (name === undefined) {
    name = 'q' + createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 20);
    if (names.size >= 4 * MAX_SHAPES) names.clear();
    names.set(key, name);
  }
  const prepared = direct(query.prepare(name));
  cache.set(key, prepared as Prepared<unknown>);
  if (cache.size > MAX_SHAPES) cache.delete(cache.keys().next().value!);
  return prepared;
}

/** Turns a value into a placeholder and remembers it; `tag` names what the value is for (part of the shape). */
export type Bind = (tag: string, value: unknown) => unknown;

/** Collects the values of one request and the shape they make. */
export class Binder {
  private readonly tags: string[] = [];
  readonly values: Record<string, unknown> = {};

  readonly bind = (tag: string, value: unknown): Placeholder => {
    const name = `p${this.tags.length}`;
    this.tags.push(tag);
    this.values[name] = value;
    return sql.placeholder(name);
  };

  /** Whether this request's shape is worth keeping (see MAX_BOUND_VALUES). */
  get cacheable(): boolean {
    return this.tags.length <= MAX_BOUND_VALUES;
  }

  /** The shape: which value went where, in order. */
  get shape(): string {
    return this.tags.join(',');
  }
}

/** A stable number per object (a resource definition), for shape keys. */
const ids = new WeakMap<object, number>();
let nextId = 0;
export function objectKey(o: object): number {
  let id = ids.get(o);
  if (id === undefined) ids.set(o, (id = ++nextId));
  return id;
}

// ---- executing a prepared shape ----------------------------------------------------------------------

/**
 * What drizzle's prepared query (node-postgres and PGlite alike, drizzle-orm 0.45) holds once built: the driver
 * client, the SQL text, its parameters (values or placeholders), the selected fields and the driver's query
 * options (array rows, drizzle's own type parsers, the statement's name on PostgreSQL).
 */
interface DriverPrepared {
  client: { query: (...args: unknown[]) => Promise<{ rows: unknown[][] }> };
  queryString: string;
  params: unknown[];
  fields?: Array<{ path: string[]; field: unknown }>;
  queryConfig: { rowMode?: string; name?: string };
  customResultMapper?: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The decoder drizzle's mapResultRow uses for a selected field (`decoder` is drizzle-internal, hence the casts). */
function decoderOf(field: unknown): Decoder {
  const decoder = (x: unknown) => (x as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoder(field);
  if (is(field, Subquery)) return decoder(field._.sql);
  return decoder((field as SQL.Aliased).sql);
}

function valueOf(values: Record<string, unknown>, name: string): unknown {
  if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
  return values[name];
}

/**
 * A prepared shape executed straight on the driver, with its parameter filling and row mapping worked out once:
 * drizzle's own `execute` finds each field's decoder (`is()` up the class chain) for every field of every row and
 * each parameter's kind on every call, which under load was a tenth of a list request's CPU. Rows come out exactly
 * as drizzle maps a flat selection (its `mapResultRow`: null stays null, else the field's decoder); a shape this
 * does not cover (nested selections, custom mappers, another driver's query) keeps drizzle's execute. Errors are
 * wrapped as drizzle wraps them, so the error handler reads them the same way.
 */
export function direct<TResult>(prepared: Prepared<TResult>): Prepared<TResult> {
  const p = prepared as unknown as Partial<DriverPrepared>;
  const fields = p.fields;
  if (
    !p.client ||
    typeof p.queryString !== 'string' ||
    !Array.isArray(p.params) ||
    p.queryConfig?.rowMode !== 'array' ||
    p.customResultMapper ||
    !fields ||
    fields.some((f) => f.path.length !== 1)
  ) {
    return prepared;
  }
  const { client, queryString, queryConfig } = p as DriverPrepared;
  const fill = p.params.map((param): ((values: Record<string, unknown>) => unknown) => {
    if (is(param, Placeholder)) return (values) => valueOf(values, param.name);
    if (is(param, Param) && is(param.value, Placeholder)) {
      const { name } = param.value;
      return (values) => param.encoder.mapToDriverValue(valueOf(values, name));
    }
    return () => param;
  });
  const names = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field));
  // PostgreSQL's client takes the options (with the statement's name) first; PGlite takes the text first.
  const run = 'name' in queryConfig ? (params: unknown[]) => client.query(queryConfig, params) : (params: unknown[]) => client.query(queryString, params, queryConfig);
  return {
    async execute(values = {}) {
      const params = fill.map((f) => f(values));
      let rows: unknown[][];
      try {
        ({ rows } = await run(params));
      } catch (e) {
        throw new DrizzleQueryError(queryString, params, e as Error);
      }
      const out = new Array(rows.length);
      for (let r = 0; r < rows.length; r++) {
        const raw = rows[r]!;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < names.length; i++) {
          const v = raw[i];
          row[names[i]!] = v === null ? null : decoders[i]!.mapFromDriverValue(v);
        }
        out[r] = row;
      }
      return out as TResult;
    },
  };
}
