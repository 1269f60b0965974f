import { createHash } from 'node:crypto';
import { sql, type Placeholder } from 'drizzle-orm';

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
  const prepared = query.prepare(name);
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
