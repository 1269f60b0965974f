import { queryOptions, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ListQueryInput, ListResponse, ListSpec } from '../../shared/contracts/list-query';
import { etagOf } from '../../shared/contracts/resource';
import { api, type RequestOptions } from '../lib/api-client';
import { queryKeys } from '../lib/query-client';

/** A record with the ETag its edit must send back as If-Match (an edit based on a stale version is refused). */
export interface Versioned<T> {
  record: T;
  etag: string;
}

/** GET of one record with its ETag (from the header, else from its version). */
export async function getVersioned<T extends { version: number }>(url: string, signal?: AbortSignal): Promise<Versioned<T>> {
  const { data, etag } = await api.getWithEtag<T>(url, undefined, { signal });
  return { record: data, etag: etag ?? etagOf(data.version) };
}

export function versioned<T extends { version: number }>(record: T): Versioned<T> {
  return { record, etag: etagOf(record.version) };
}

/** The request options of a PATCH or DELETE based on this version. */
export function ifMatch(etag: string): RequestOptions {
  return { headers: { 'If-Match': etag } };
}

// ---------------------------------------------------------------------------------------------------------------
// The resource descriptor: one declaration gives a section its fetchers, hooks and cache keys.

type Id = string | number;

/** The types of one resource: its record, its list page, and the bodies of its create and patch. */
export interface ResourceTypes {
  record: { id: number; version: number };
  list?: ListResponse<unknown>;
  create?: unknown;
  patch?: unknown;
}

type RecordOf<T extends ResourceTypes> = T['record'];
type ListOf<T extends ResourceTypes> = T['list'] extends ListResponse<unknown> ? T['list'] : ListResponse<RecordOf<T>>;
type CreateOf<T extends ResourceTypes> = T['create'] extends undefined ? never : T['create'];
type PatchOf<T extends ResourceTypes> = T['patch'] extends undefined ? Partial<RecordOf<T>> : T['patch'];

/** The key groups shaped as a resource's (lists, details, History); the landing page's public lookups are not one. */
type ResourceKeyGroup = { [K in keyof typeof queryKeys]: (typeof queryKeys)[K] extends { detail: unknown; lists: unknown; history: unknown } ? K : never }[keyof typeof queryKeys];

export interface ResourceClientOptions<T extends ResourceTypes> {
  /** The query-key group of the resource (`queryKeys[name]`): lists, details and History live under it. */
  name: ResourceKeyGroup;
  /** The API collection, e.g. `/api/customers` (`/:id` is the record). */
  path: string;
  /** The ListSpec of its shared contract: what the list screen may sort and filter by. */
  spec?: ListSpec;
  /** The screens' base route, e.g. `/customer` (`/:id` the detail, `/create`, `/edit/:id` the form). */
  route?: string;
  /** Further caches a saved record makes stale (beyond its lists and History), e.g. its timeline. */
  staleOnSave?(record: RecordOf<T>): readonly QueryKey[];
  /** Further caches a deleted record makes stale (beyond its lists). */
  staleOnRemove?: readonly QueryKey[];
}

interface ResourceCache<R> {
  /** The saved record is fresh (its detail is replaced); lists, History and `staleOnSave` are not. */
  saved(record: R): void;
  /** The record is gone: its detail is dropped; lists and `staleOnRemove` are stale. */
  removed(id: number): void;
  listsChanged(): void;
  historyChanged(id: number): void;
  /** Re-read the record (a write elsewhere moved it). */
  refresh(id: Id): void;
}

export interface ResourceClient<T extends ResourceTypes> {
  readonly name: ResourceKeyGroup;
  readonly path: string;
  readonly spec: ListSpec | undefined;
  readonly route: string | undefined;
  /** `queryKeys[name]`: `all`, `lists()`, `list(q)`, `detail(id)`, `history(id)`. */
  readonly keys: (typeof queryKeys)[ResourceKeyGroup];
  /** The URL of the collection, of one record, or of a sub-path of one record (`url(5, 'events')`). */
  url(id?: Id, ...sub: string[]): string;
  /** One list page, as the DataTable asks for it. */
  fetchPage(query: ListQueryInput, signal?: AbortSignal): Promise<ListOf<T>>;
  /** The versioned record (its ETag goes back as If-Match) under `keys.detail(id)`. */
  detailQuery(id: Id): ReturnType<typeof detailQueryOptions<RecordOf<T>>>;
  useOne(id: Id): ReturnType<typeof useQuery<Versioned<RecordOf<T>>>>;
  create(body: CreateOf<T>): Promise<RecordOf<T>>;
  patch(id: number, etag: string, body: PatchOf<T>): Promise<RecordOf<T>>;
  remove(id: number, etag: string): Promise<void>;
  /** The cache updates after a write. */
  useCache(): ResourceCache<RecordOf<T>>;
}

function detailQueryOptions<R extends { version: number }>(key: QueryKey, url: string) {
  return queryOptions({ queryKey: key, queryFn: ({ signal }) => getVersioned<R>(url, signal) });
}

/**
 * Declares one resource of the API for the screens: its list page fetcher, the versioned record, create,
 * If-Match patch and delete, the cache keys and what a write makes stale. A section's api.ts then holds only
 * what is special to it (status moves, sub-resources, lookups).
 *
 * ```ts
 * export const customerApi = defineResourceClient<{ record: Customer; list: CustomerList; create: CustomerCreate; patch: CustomerPatch }>({
 *   name: 'Customer', path: '/api/customers', spec: CUSTOMER_LIST, route: '/customer',
 * });
 * const query = customerApi.useOne(id);                 // Versioned<Customer>
 * await customerApi.patch(id, etag, { note });          // PATCH with If-Match
 * ```
 */
export function defineResourceClient<T extends ResourceTypes>(opts: ResourceClientOptions<T>): ResourceClient<T> {
  type R = RecordOf<T>;
  const keys = queryKeys[opts.name];
  const url = (id?: Id, ...sub: string[]) => [opts.path, ...(id === undefined ? [] : [String(id)]), ...sub].join('/');
  const detailQuery = (id: Id) => detailQueryOptions<R>(keys.detail(id), url(id));

  function useOne(id: Id) {
    return useQuery(detailQuery(id));
  }

  function useCache(): ResourceCache<R> {
    const qc = useQueryClient();
    const stale = useCallback((key: QueryKey) => void qc.invalidateQueries({ queryKey: key }), [qc]);
    const saved = useCallback(
      (record: R) => {
        qc.setQueryData<Versioned<R>>(keys.detail(record.id), versioned(record));
        stale(keys.lists());
        stale(keys.history(record.id));
        for (const key of opts.staleOnSave?.(record) ?? []) stale(key);
      },
      [qc, stale],
    );
    const removed = useCallback(
      (id: number) => {
        qc.removeQueries({ queryKey: keys.detail(id) });
        stale(keys.lists());
        for (const key of opts.staleOnRemove ?? []) stale(key);
      },
      [qc, stale],
    );
    return useMemo(
      () => ({
        saved,
        removed,
        listsChanged: () => stale(keys.lists()),
        historyChanged: (id: number) => stale(keys.history(id)),
        refresh: (id: Id) => stale(keys.detail(id)),
      }),
      [saved, removed, stale],
    );
  }

  return {
    name: opts.name,
    path: opts.path,
    spec: opts.spec,
    route: opts.route,
    keys,
    url,
    fetchPage: (query, signal) => api.get<ListOf<T>>(opts.path, query, { signal }),
    detailQuery,
    useOne,
    create: (body) => api.post<R>(opts.path, body),
    patch: (id, etag, body) => api.patch<R>(url(id), body, ifMatch(etag)),
    remove: (id, etag) => api.delete<void>(url(id), ifMatch(etag)),
    useCache,
  };
}
