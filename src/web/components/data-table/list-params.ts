import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  filterParams,
  LIST_OFFSET_MAX,
  PAGE_DEFAULT,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  SEARCH_MAX_LENGTH,
  SORT_MAX_TERMS,
  type ListQueryInput,
  type ListResponse,
  type ListSpec,
  type SortTerm,
} from '../../../shared/contracts/list-query';

/**
 * A list's page, page size, sort, search and filters, kept in the URL so a reload or a shared link opens the
 * same view. The URL is read leniently: a value the spec does not allow (an old link, a hand-edited one) is
 * dropped here rather than sent to the server to earn a 400, so a bad link still shows a list.
 */

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100, 200] as const;

export interface ListParamsState {
  /** The page number; with a cursor, the number of the page it leads to (the server's answer has the last word). */
  page: number;
  /** A keyset position from the server (`nextCursor`, `prevCursor`, or `last`): how deep pages are reached. */
  cursor: string | null;
  pageSize: number;
  /** The sort as the user chose it; empty means the spec's default. */
  sort: SortTerm[];
  q: string;
  /** Filter parameters by their query-string name (`status`, `balanceMin`, `createdFrom`…), as strings. */
  filters: Record<string, string>;
  /** What the list endpoint is asked: only known names, defaults applied, empty values left out. */
  query: ListQueryInput;
  /** The same without paging, for the export endpoint. */
  exportQuery: ListQueryInput;
  /** True when a search or a filter narrows the list (so "no rows" means "no match", not "no data"). */
  narrowed: boolean;
}

export function parseSort(raw: string | null | undefined, spec: ListSpec): SortTerm[] {
  if (!raw) return [];
  const allowed = new Set(spec.sortable);
  const terms: SortTerm[] = [];
  for (const part of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const desc = part.startsWith('-');
    const field = desc ? part.slice(1) : part.replace(/^\+/, '');
    if (!allowed.has(field) || terms.some((t) => t.field === field)) continue;
    terms.push({ field, desc });
    if (terms.length === SORT_MAX_TERMS) break;
  }
  return terms;
}

function formatSort(terms: readonly SortTerm[]): string {
  return terms.map((t) => (t.desc ? `-${t.field}` : t.field)).join(',');
}

/**
 * The sort after the user clicked a column header: asc → desc → back to the default. With `multi` (shift-click)
 * the column is added to or cycled within the current terms instead of replacing them.
 */
export function nextSort(current: readonly SortTerm[], field: string, multi: boolean, descFirst = false): SortTerm[] {
  const existing = current.find((t) => t.field === field);
  const first: SortTerm = { field, desc: descFirst };
  let cycled: SortTerm | null;
  if (!existing) cycled = first;
  else if (existing.desc === descFirst) cycled = { field, desc: !descFirst };
  else cycled = null;
  if (!multi) return cycled ? [cycled] : [];
  if (!existing) return [...current, first].slice(-SORT_MAX_TERMS);
  return current.flatMap((t) => (t.field === field ? (cycled ? [cycled] : []) : [t]));
}

function positiveInt(raw: string | null): number | null {
  if (!raw || !/^\d{1,7}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

/** The query-string names a spec's filters answer to. */
function filterNames(spec: ListSpec): string[] {
  return Object.entries(spec.filters).flatMap(([key, def]) => filterParams(key, def));
}

function cleanFilterValue(spec: ListSpec, name: string, raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  for (const [key, def] of Object.entries(spec.filters)) {
    if (!filterParams(key, def).includes(name)) continue;
    if (def.kind === 'list' && def.values) {
      const kept = value.split(',').map((v) => v.trim()).filter((v) => def.values!.includes(v));
      return kept.length ? kept.join(',') : null;
    }
    if (def.kind === 'bool') return value === 'true' || value === 'false' ? value : null;
    if (def.kind === 'range') return /^-?\d{1,16}$/.test(value) ? value : null;
    if (def.kind === 'ids') return /^\d+(,\d+)*$/.test(value) ? value : null;
    return value.slice(0, 200);
  }
  return null;
}

/** Whether `page` can be asked by number (the server reaches deeper pages only by cursor). */
export function pageByNumber(page: number, pageSize: number): boolean {
  return (page - 1) * pageSize <= LIST_OFFSET_MAX;
}

export function readListParams(search: URLSearchParams, spec: ListSpec, prefix = ''): ListParamsState {
  const get = (name: string) => search.get(prefix + name);
  const size = positiveInt(get('pageSize'));
  const pageSize = size ? Math.min(size, PAGE_SIZE_MAX) : PAGE_SIZE_DEFAULT;
  const rawCursor = get('cursor');
  const cursor = rawCursor && /^[A-Za-z0-9_-]{1,4000}$/.test(rawCursor) ? rawCursor : null;
  const asked = positiveInt(get('page')) ?? PAGE_DEFAULT;
  // A deep page number without its cursor (a hand-edited link) would be refused: the list opens at its start.
  const page = cursor || pageByNumber(asked, pageSize) ? asked : PAGE_DEFAULT;
  const sort = parseSort(get('sort'), spec);
  const q = spec.search ? (get('q') ?? '').slice(0, SEARCH_MAX_LENGTH) : '';
  const filters: Record<string, string> = {};
  for (const name of filterNames(spec)) {
    // `K=a&K=b` is as valid as `K=a,b`; the URL this module writes always uses the latter.
    const all = search.getAll(prefix + name);
    const value = all.length ? cleanFilterValue(spec, name, all.join(',')) : null;
    if (value !== null) filters[name] = value;
  }
  const sortText = formatSort(sort);
  const exportQuery: ListQueryInput = { ...filters };
  if (sortText) exportQuery.sort = sortText;
  if (q.trim()) exportQuery.q = q.trim();
  return {
    page,
    cursor,
    pageSize,
    sort,
    q,
    filters,
    query: { page, pageSize, ...(cursor ? { cursor } : {}), ...exportQuery },
    exportQuery,
    narrowed: Boolean(q.trim()) || Object.keys(filters).length > 0,
  };
}

export type ListParamsPatch = Partial<Record<string, string | number | null | undefined>>;

/**
 * A copy of `search` with the patch applied (null, undefined and '' remove a name). Any change other than to the
 * page itself sends the list back to page 1: the old page number means nothing under a new filter, nor does a
 * cursor (a position under the old sort).
 */
export function applyListPatch(search: URLSearchParams, patch: ListParamsPatch, prefix = ''): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(patch)) {
    next.delete(prefix + name);
    if (value !== null && value !== undefined && value !== '') next.set(prefix + name, String(value));
  }
  if (!('page' in patch)) next.delete(prefix + 'page');
  if (!('cursor' in patch)) next.delete(prefix + 'cursor');
  if (next.get(prefix + 'page') === String(PAGE_DEFAULT)) next.delete(prefix + 'page');
  if (next.get(prefix + 'pageSize') === String(PAGE_SIZE_DEFAULT)) next.delete(prefix + 'pageSize');
  return next;
}

export interface ListParams extends ListParamsState {
  /** Changes some parameters; `replace` keeps the history clean while the user is typing. */
  update(patch: ListParamsPatch, opts?: { replace?: boolean }): void;
  setPage(page: number): void;
  /** Goes to the page a server cursor leads to, `page` being its number. */
  setCursor(cursor: string, page: number): void;
  setPageSize(pageSize: number): void;
  setSort(terms: readonly SortTerm[]): void;
  setQ(q: string): void;
  setFilter(name: string, value: string | string[] | null | undefined): void;
  /** Removes the search and every filter (keeps sort and page size). */
  clearFilters(): void;
}

/** The list parameters of `spec` in the current URL (names prefixed with `prefix` when a page has two lists). */
export function useListParams(spec: ListSpec, prefix = ''): ListParams {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => readListParams(search, spec, prefix), [search, spec, prefix]);

  const update = useCallback(
    (patch: ListParamsPatch, opts: { replace?: boolean } = {}) => {
      setSearch((prev) => applyListPatch(prev, patch, prefix), { replace: opts.replace ?? false, preventScrollReset: true });
    },
    [setSearch, prefix],
  );

  return useMemo<ListParams>(
    () => ({
      ...state,
      update,
      setPage: (page) => update({ page: page > 1 ? page : null }),
      setCursor: (cursor, page) => update({ cursor, page }),
      setPageSize: (pageSize) => update({ pageSize }),
      setSort: (terms) => update({ sort: formatSort(terms) || null }),
      setQ: (q) => update({ q: q.trim() ? q : null }, { replace: true }),
      setFilter: (name, value) => update({ [name]: Array.isArray(value) ? value.join(',') : value }),
      clearFilters: () => update(Object.fromEntries(['q', ...filterNames(spec)].map((n) => [n, null]))),
    }),
    [state, update, spec],
  );
}

/**
 * One page of a list held in memory (a table that sorts and pages on the client), as its URL asks: sorted by
 * the `sort` terms, ties keeping their order, with `key` giving a row's comparable value for a field, then
 * sliced by page and page size.
 */
export function localPage<T, F extends string>(rows: readonly T[], query: ListQueryInput, key: (row: T, field: F) => string | number): ListResponse<T> {
  const sort = typeof query.sort === 'string' ? query.sort.split(',').filter(Boolean) : [];
  let sorted = [...rows];
  if (sort.length) {
    const terms = sort.map((s) => ({ field: s.replace(/^-/, '') as F, desc: s.startsWith('-') }));
    sorted = sorted
      .map((p, i) => ({ p, i }))
      .sort((a, b) => {
        for (const { field, desc } of terms) {
          const x = key(a.p, field);
          const y = key(b.p, field);
          if (x !== y) return (x < y ? -1 : 1) * (desc ? -1 : 1);
        }
        return a.i - b.i;
      })
      .map((e) => e.p);
  }
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? 25);
  return { items: sorted.slice((page - 1) * pageSize, page * pageSize), total: sorted.length, page, pageSize };
}
