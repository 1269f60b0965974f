import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Cell,
  type ColumnDef,
  type Header,
  type Row,
  type RowSelectionState,
  type SortingState,
  type Updater,
  type VisibilityState,
} from '@tanstack/react-table';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ListQueryInput, ListResponse, ListSpec } from '../../../shared/contracts/list-query';
import { errorMessage, isApiRequestError } from '../../lib/api-client';
import { EmptyState } from '../empty-state';
import { PHONE_QUERY, useMediaQuery } from '../use-media-query';
import { columnLabel, SELECT_COLUMN_ID } from './cells';
import { ColumnChooser } from './column-chooser';
import './column-meta';
import { useColumnPrefs } from './column-prefs';
import './data-table.css';
import { nextSort, pageByNumber, parseSort, useListParams, type ListParams } from './list-params';
import { FilterControlsContext, OtherFilters } from './other-filters';
import { PaginationBar } from './pagination-bar';
import { SearchBox } from './search-box';

/**
 * THE list of every resource: server-driven paging, sorting, search and filters, all of them in the
 * URL; column chooser and widths remembered per table; sticky header; virtualized rows; row selection with a
 * bulk-actions slot; arrow-key navigation (Enter opens); loading, empty and error states; cards on phones.
 * A screen brings its ListSpec, its columns and a fetcher; nothing else about tables is ever written again.
 */

export interface BulkActionsContext<T> {
  /** The selected rows on screen (with `matching`: the whole page, a sample of what is selected). */
  rows: T[];
  clear(): void;
  /**
   * Set when every row matching the list's search and filters is selected, across pages: the list's query without
   * its paging (what the server's bulk endpoints take instead of ids) and how many rows it selects. null when the
   * selection is the rows ticked on this page.
   */
  matching: { query: ListQueryInput; total: number; totalEstimated: boolean } | null;
}

export interface DataTableProps<T> {
  /** Names the table in localStorage (column prefs) and in DOM ids; stable across releases. */
  tableId: string;
  spec: ListSpec;
  columns: Columns<T>;
  /** The TanStack Query key of one page, e.g. `(q) => queryKeys.Customer.list(q)`. */
  queryKey(query: ListQueryInput): QueryKey;
  fetcher(query: ListQueryInput, signal: AbortSignal): Promise<ListResponse<T>>;
  getRowId(row: T): string;
  /** The accessible name of the table ("Danh sách khách hàng"). */
  label: string;
  /** Enter on the active row, or a click on a row, opens it. */
  onOpen?(row: T): void;
  /** Shown above the table while rows are selected; rows can only be selected when this is given. */
  bulkActions?(ctx: BulkActionsContext<T>): ReactNode;
  /** Filter controls beside the search box. */
  filters?: ReactNode;
  /** Buttons at the right of the toolbar (create, export, import). */
  actions?: ReactNode;
  searchLabel?: string;
  searchPlaceholder?: string;
  /** The empty state when nothing narrows the list (no search, no filter). */
  empty?: { title?: string; text?: ReactNode; action?: ReactNode };
  /** Prefix of this table's query-string names when a page has more than one list. */
  urlPrefix?: string;
  /** Row height in px (rows are one line; long text is cut with an ellipsis and shown in full on hover). */
  rowHeight?: number;
}

const EMPTY_ROWS: never[] = [];
const SKELETON_ROWS = 8;
const NAV_PAGE = 10;

function useStableCallback<A extends unknown[], R>(fn: ((...args: A) => R) | undefined) {
  const ref = useRef(fn);
  ref.current = fn;
  return useCallback((...args: A) => ref.current?.(...args), []);
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { tableId, spec, columns, queryKey, fetcher, getRowId, label, bulkActions, filters, actions, empty, urlPrefix = '', rowHeight = 44 } = props;
  const { t } = useTranslation('resource');
  const domId = useId().replace(/:/g, '');
  const params = useListParams(spec, urlPrefix);
  const isPhone = useMediaQuery(PHONE_QUERY);
  const { prefs, setVisibility, setSizes, reset: resetPrefs } = useColumnPrefs(tableId);
  const onOpen = useStableCallback(props.onOpen);
  const canOpen = Boolean(props.onOpen);

  const query = useQuery({
    queryKey: queryKey(params.query),
    queryFn: ({ signal }) => fetcher(params.query, signal),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const rowsData = data?.items ?? EMPTY_ROWS;
  // A cursor names its page only approximately (the last page under an estimated total): the answer's number wins.
  const shownPage = data && !query.isPlaceholderData ? data.page : params.page;

  // ---- selection: belongs to the rows on screen, so any change of page or filter clears it
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // "Every row matching the filter, across pages": offered once the whole page is ticked and there are more.
  const [allMatching, setAllMatching] = useState(false);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The filter names the toolbar has a control for (the controls register themselves); the others are chips.
  const [controls, setControls] = useState<Record<string, number>>({});
  const registerControl = useCallback((name: string) => {
    setControls((c) => ({ ...c, [name]: (c[name] ?? 0) + 1 }));
    return () => setControls((c) => ({ ...c, [name]: (c[name] ?? 1) - 1 }));
  }, []);
  const shownFilters = useMemo(() => new Set(Object.keys(controls).filter((n) => controls[n]! > 0)), [controls]);
  const activeFilters = new Set(Object.keys(params.filters).map((n) => n.replace(/(Min|Max|From|To)$/, ''))).size;
  const queryText = JSON.stringify(params.query);
  useEffect(() => {
    setRowSelection({});
    setAllMatching(false);
    setActiveIndex(null);
  }, [queryText]);

  // ---- columns
  const selectable = Boolean(bulkActions);
  const allColumns = useMemo<ColumnDef<T, unknown>[]>(() => {
    const own = columns.map((c) => (c.meta?.hideable === false ? { ...c, enableHiding: false } : c));
    if (!selectable) return own;
    const select: ColumnDef<T, unknown> = {
      id: SELECT_COLUMN_ID,
      size: 44,
      minSize: 44,
      maxSize: 44,
      enableResizing: false,
      enableHiding: false,
      meta: { label: t('table.select'), card: 'hidden' },
      header: ({ table }) => (
        <Form.Check
          aria-label={t('table.selectPage')}
          className="dt-check"
          checked={table.getIsAllRowsSelected()}
          ref={(el: HTMLInputElement | null) => {
            if (el) el.indeterminate = table.getIsSomeRowsSelected();
          }}
          onChange={table.getToggleAllRowsSelectedHandler()}
          disabled={table.getRowModel().rows.length === 0}
        />
      ),
      cell: ({ row }) => (
        <Form.Check
          aria-label={t('table.selectRow', { n: row.index + 1 })}
          className="dt-check"
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    };
    return [select, ...own];
  }, [columns, selectable, t]);

  const columnVisibility = useMemo<VisibilityState>(() => {
    const v: VisibilityState = {};
    for (const c of columns) {
      const id = c.id ?? (c as { accessorKey?: string }).accessorKey;
      if (id && c.meta?.defaultHidden) v[id] = false;
    }
    return { ...v, ...prefs.visibility };
  }, [columns, prefs.visibility]);

  const sortTerms = params.sort.length ? params.sort : parseSort(spec.defaultSort, spec);
  const sorting = useMemo<SortingState>(() => sortTerms.map((s) => ({ id: s.field, desc: s.desc })), [JSON.stringify(sortTerms)]); // eslint-disable-line react-hooks/exhaustive-deps
  const sortable = useMemo(() => new Set<string>(spec.sortable), [spec]);

  const table = useReactTable<T>({
    data: rowsData,
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableRowSelection: selectable,
    enableColumnResizing: true,
    columnResizeMode: 'onChange',
    enableSorting: true,
    defaultColumn: { size: 160, minSize: 60, maxSize: 800 },
    state: { rowSelection, columnVisibility, columnSizing: prefs.sizes, sorting },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      // Unticking any row narrows the selection back to the rows ticked on this page.
      setAllMatching(false);
      setRowSelection(updater);
    },
    onColumnVisibilityChange: (updater: Updater<VisibilityState>) => {
      const next = typeof updater === 'function' ? updater(columnVisibility) : updater;
      const overrides: Record<string, boolean> = {};
      for (const c of table.getAllLeafColumns()) {
        const defaultShown = !c.columnDef.meta?.defaultHidden;
        const shown = next[c.id] !== false;
        if (shown !== defaultShown) overrides[c.id] = shown;
      }
      setVisibility(overrides);
    },
    onColumnSizingChange: (updater) => setSizes(typeof updater === 'function' ? updater(prefs.sizes) : updater),
  });

  const rows = table.getRowModel().rows;
  const selectedRows = table.getSelectedRowModel().rows.map((r) => r.original);
  const clearSelection = useCallback(() => {
    setRowSelection({});
    setAllMatching(false);
  }, []);
  const pageAllSelected = rows.length > 0 && selectedRows.length === rows.length;
  const moreThanPage = Boolean(data) && !query.isPlaceholderData && (data!.total > rows.length || Boolean(data!.totalEstimated));
  const matching = allMatching && pageAllSelected && data ? { query: params.exportQuery, total: data.total, totalEstimated: Boolean(data.totalEstimated) } : null;

  // ---- a page past the end (rows deleted meanwhile, an old link): go to the last page that has rows
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && params.page > 1) {
      const last = Math.max(1, Math.ceil(data.total / params.pageSize));
      const byNumber = data.nextCursor === undefined || (!data.totalEstimated && pageByNumber(last, params.pageSize));
      params.update(byNumber ? { page: last } : { cursor: 'last', page: last }, { replace: true });
    }
  }, [data, params]);

  const onSort = (field: string, multi: boolean, descFirst: boolean) => params.setSort(nextSort(params.sort.length ? params.sort : [], field, multi, descFirst));

  // ---- virtualization and keyboard navigation
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const [headHeight, setHeadHeight] = useState(rowHeight);
  // Owned by the rows' own component (VirtualRows), so a scroll re-renders the rows alone, not the toolbar and headers.
  const virtualizerRef = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);
  const hasData = data !== undefined;
  useEffect(() => {
    if (headRef.current) setHeadHeight(headRef.current.offsetHeight || rowHeight);
  }, [rowHeight, isPhone, hasData]);

  const moveTo = (index: number) => {
    if (!rows.length) return;
    const i = Math.max(0, Math.min(rows.length - 1, index));
    setActiveIndex(i);
    virtualizerRef.current?.scrollToIndex(i, { align: 'auto' });
  };

  const onGridKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (e.target !== e.currentTarget || !rows.length) return;
    const current = activeIndex ?? -1;
    switch (e.key) {
      case 'ArrowDown':
        moveTo(current + 1);
        break;
      case 'ArrowUp':
        moveTo(current < 0 ? 0 : current - 1);
        break;
      case 'PageDown':
        moveTo(current + NAV_PAGE);
        break;
      case 'PageUp':
        moveTo(current - NAV_PAGE);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'Enter':
        if (current >= 0 && canOpen) onOpen(rows[current]!.original);
        break;
      case ' ':
        if (current >= 0 && selectable) rows[current]!.toggleSelected();
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  const onRowClick = useStableCallback((e: MouseEvent, row: Row<T>) => {
    setActiveIndex(row.index);
    if (!canOpen) return;
    if ((e.target as HTMLElement).closest('a,button,input,label,select,textarea,[role="button"]')) return;
    // Selecting text to copy a phone number is not a request to open the record.
    if (window.getSelection()?.toString()) return;
    onOpen(row.original);
  });

  // ---- states
  const error = query.isError ? query.error : null;
  const badRequest = isApiRequestError(error) && error.status === 400;
  const showSkeleton = query.isPending;
  const isEmpty = Boolean(data) && rowsData.length === 0 && !query.isPlaceholderData;

  const visibleColumns = table.getVisibleLeafColumns();
  const rowDomId = (i: number) => `${domId}-row-${i}`;

  let body: ReactNode;
  if (error) {
    body = (
      <EmptyState
        role="alert"
        icon="bi-exclamation-triangle"
        title={t('table.errorTitle')}
        text={errorMessage(error)}
        action={
          <>
            <Button size="sm" variant="primary" onClick={() => void query.refetch()}>
              <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
              {t('common:actions.retry')}
            </Button>
            {badRequest && (params.narrowed || params.sort.length > 0) && (
              <Button size="sm" variant="outline-secondary" onClick={() => params.update({ sort: null, q: null, ...Object.fromEntries(Object.keys(params.filters).map((k) => [k, null])) })}>
                {t('table.resetView')}
              </Button>
            )}
          </>
        }
      />
    );
  } else if (isEmpty) {
    body = params.narrowed ? (
      <EmptyState
        icon="bi-search"
        title={t('table.noResultsTitle')}
        text={t('table.noResultsText')}
        action={
          <Button size="sm" variant="outline-primary" onClick={params.clearFilters}>
            {t('table.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyState title={empty?.title ?? t('table.emptyTitle')} text={empty?.text} action={empty?.action} />
    );
  } else if (isPhone) {
    body = showSkeleton ? (
      <CardSkeleton />
    ) : (
      <ul className="dt-cards list-unstyled mb-0" aria-label={label} aria-busy={query.isFetching}>
        {rows.map((row) => (
          <RowCard key={row.id} row={row} selectable={selectable} onClick={(e) => onRowClick(e, row)} />
        ))}
      </ul>
    );
  } else {
    body = (
      <div className="dt-scroll" ref={scrollRef}>
        <table
          className="table table-hover table-sm align-middle mb-0 dt-table"
          role="grid"
          aria-label={label}
          aria-busy={query.isFetching}
          aria-rowcount={(data?.total ?? 0) + 1}
          aria-multiselectable={selectable || undefined}
          tabIndex={rows.length ? 0 : -1}
          aria-activedescendant={activeIndex !== null && rows[activeIndex] ? rowDomId(activeIndex) : undefined}
          onKeyDown={onGridKeyDown}
          onFocus={(e) => {
            if (e.target === e.currentTarget && activeIndex === null && rows.length) setActiveIndex(0);
          }}
          style={{ width: table.getTotalSize() }}
        >
          <thead ref={headRef}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                {group.headers.map((header) => (
                  <HeaderCell
                    key={header.id}
                    header={header}
                    sortable={sortable.has(header.column.id)}
                    sortTerms={sortTerms}
                    onSort={onSort}
                  />
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {showSkeleton ? (
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <tr key={i} className="placeholder-glow dt-skeleton" aria-hidden="true" style={{ height: rowHeight }}>
                  {visibleColumns.map((c) => (
                    <td key={c.id}>
                      <span className="placeholder col-8 rounded" />
                    </td>
                  ))}
                </tr>
              ))
            ) : (
              <VirtualRows
                rows={rows}
                columnCount={visibleColumns.length}
                scrollRef={scrollRef}
                virtualizerRef={virtualizerRef}
                rowHeight={rowHeight}
                headHeight={headHeight}
                activeIndex={activeIndex}
                selectable={selectable}
                canOpen={canOpen}
                firstAriaIndex={(shownPage - 1) * params.pageSize + 2}
                domId={domId}
                onRowClick={onRowClick}
              />
            )}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="data-table" aria-labelledby={`${domId}-label`} data-table-id={tableId}>
      <h2 id={`${domId}-label`} className="visually-hidden">
        {label}
      </h2>
      <div className="dt-toolbar d-flex flex-wrap align-items-center gap-2 mb-2">
        {spec.search && (
          <SearchBox className="dt-search" value={params.q} onSearch={params.setQ} label={props.searchLabel} placeholder={props.searchPlaceholder} />
        )}
        {isPhone && filters && (
          <Button
            size="sm"
            variant={activeFilters ? 'primary' : 'outline-secondary'}
            onClick={() => setFiltersOpen((o) => !o)}
            aria-expanded={filtersOpen}
            aria-controls={`${domId}-filters`}
          >
            <i className="bi bi-funnel me-1" aria-hidden="true" />
            {activeFilters ? t('table.filtersCount', { count: activeFilters }) : t('table.filters')}
          </Button>
        )}
        {isPhone && <PhoneSort params={params} spec={spec} table={table} sortTerms={sortTerms} />}
        {filters && (
          // Mounted while folded away on a phone too (hidden), so the controls still say which filters they show.
          <div
            id={`${domId}-filters`}
            className={isPhone ? `dt-phone-filters d-flex flex-column gap-2 w-100${filtersOpen ? '' : ' d-none'}` : 'contents'}
          >
            <FilterControlsContext.Provider value={registerControl}>{filters}</FilterControlsContext.Provider>
          </div>
        )}
        {params.narrowed && (
          <Button size="sm" variant="link" className="px-1" onClick={params.clearFilters}>
            {t('table.clearFilters')}
          </Button>
        )}
        <div className="ms-auto d-flex flex-wrap align-items-center gap-2">
          {actions}
          {!isPhone && <ColumnChooser table={table} onReset={resetPrefs} />}
          <Button size="sm" variant="outline-secondary" onClick={() => void query.refetch()} title={t('table.refresh')} aria-label={t('table.refresh')} disabled={query.isFetching}>
            <i className={`bi bi-arrow-clockwise${query.isFetching ? ' dt-spin' : ''}`} aria-hidden="true" />
          </Button>
        </div>
      </div>
      <OtherFilters spec={spec} params={params} shown={shownFilters} />
      {selectable && selectedRows.length > 0 && (
        <div className="dt-bulk alert alert-primary d-flex flex-wrap align-items-center gap-2 py-2 px-3 mb-2" role="region" aria-label={t('table.bulkRegion')}>
          <strong className="me-2" data-testid="dt-selected-count">
            {matching ? t(matching.totalEstimated ? 'table.selectedAllEstimated' : 'table.selectedAll', { count: matching.total }) : t('table.selected', { count: selectedRows.length })}
          </strong>
          {pageAllSelected && moreThanPage && (
            <Button size="sm" variant="link" className="px-1" onClick={() => setAllMatching((a) => !a)} data-testid="dt-select-matching">
              {matching ? t('table.selectPageOnly', { count: selectedRows.length }) : t(data!.totalEstimated ? 'table.selectAllMatchingEstimated' : 'table.selectAllMatching', { count: data!.total })}
            </Button>
          )}
          {bulkActions!({ rows: selectedRows, clear: clearSelection, matching })}
          <Button size="sm" variant="link" className="ms-auto" onClick={clearSelection}>
            {t('table.clearSelection')}
          </Button>
        </div>
      )}
      <div className={`dt-frame${isPhone ? ' dt-frame-phone' : ' card shadow-sm'}`}>
        {query.isFetching && !showSkeleton && <div className="dt-progress" role="progressbar" aria-label={t('common:states.loading')} />}
        {body}
        {data && !error && (
          <PaginationBar
            page={shownPage}
            pageSize={params.pageSize}
            total={data.total}
            totalEstimated={data.totalEstimated}
            compact={isPhone}
            nextCursor={data.nextCursor}
            prevCursor={data.prevCursor}
            onPage={params.setPage}
            onCursor={params.setCursor}
            onPageSize={params.setPageSize}
          />
        )}
      </div>
    </section>
  );
}

interface VirtualRowsProps<T> {
  rows: Row<T>[];
  columnCount: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  virtualizerRef: RefObject<Virtualizer<HTMLDivElement, Element> | null>;
  rowHeight: number;
  headHeight: number;
  activeIndex: number | null;
  selectable: boolean;
  canOpen: boolean;
  /** aria-rowindex of the page's first row (the header is row 1). */
  firstAriaIndex: number;
  domId: string;
  onRowClick(e: MouseEvent, row: Row<T>): void;
}

/**
 * The rows in view and their spacers. The virtualizer lives here, so a scroll re-renders this component only;
 * each row is memoized, so a scroll step draws the rows that come into view and none of those already drawn.
 */
function VirtualRows<T>({ rows, columnCount, scrollRef, virtualizerRef, rowHeight, headHeight, activeIndex, selectable, canOpen, firstAriaIndex, domId, onRowClick }: VirtualRowsProps<T>) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    // The sticky header sits inside the scroller above row 0: rows start below it and scrolling to a row keeps
    // it out from under the header.
    paddingStart: headHeight,
    scrollPaddingStart: headHeight,
    initialRect: { width: 1024, height: 12 * rowHeight },
  });
  useEffect(() => {
    virtualizerRef.current = virtualizer;
    return () => {
      virtualizerRef.current = null;
    };
  }, [virtualizer, virtualizerRef]);
  const virtualItems = virtualizer.getVirtualItems();
  const padTop = virtualItems.length ? virtualItems[0]!.start - headHeight : 0;
  const padBottom = virtualItems.length ? virtualizer.getTotalSize() - virtualItems[virtualItems.length - 1]!.end : 0;
  return (
    <>
      {padTop > 0 && (
        <tr aria-hidden="true" className="dt-spacer">
          <td colSpan={columnCount} style={{ height: padTop }} />
        </tr>
      )}
      {virtualItems.map((vi) => {
        const row = rows[vi.index]!;
        return (
          <BodyRow
            key={row.id}
            row={row}
            cells={row.getVisibleCells()}
            id={`${domId}-row-${vi.index}`}
            ariaRowIndex={firstAriaIndex + vi.index}
            selected={row.getIsSelected()}
            selectable={selectable}
            active={vi.index === activeIndex}
            canOpen={canOpen}
            height={rowHeight}
            onRowClick={onRowClick}
          />
        );
      })}
      {padBottom > 0 && (
        <tr aria-hidden="true" className="dt-spacer">
          <td colSpan={columnCount} style={{ height: padBottom }} />
        </tr>
      )}
    </>
  );
}

interface BodyRowProps<T> {
  row: Row<T>;
  /** The row's visible cells: TanStack keeps this array while the columns and their visibility stay the same. */
  cells: Cell<T, unknown>[];
  id: string;
  ariaRowIndex: number;
  selected: boolean;
  selectable: boolean;
  active: boolean;
  canOpen: boolean;
  height: number;
  onRowClick(e: MouseEvent, row: Row<T>): void;
}

const BodyRow = memo(function BodyRow<T>({ row, cells, id, ariaRowIndex, selected, selectable, active, canOpen, height, onRowClick }: BodyRowProps<T>) {
  return (
    <tr
      id={id}
      aria-rowindex={ariaRowIndex}
      aria-selected={selectable ? selected : undefined}
      className={`${active ? 'dt-active' : ''}${selected ? ' table-active' : ''}${canOpen ? ' dt-clickable' : ''}`}
      style={{ height }}
      onClick={(e) => onRowClick(e, row)}
    >
      {cells.map((cell) => (
        <BodyCell key={cell.id} cell={cell} />
      ))}
    </tr>
  );
}) as <T>(props: BodyRowProps<T>) => ReactNode;

function HeaderCell<T>({
  header,
  sortable,
  sortTerms,
  onSort,
}: {
  header: Header<T, unknown>;
  sortable: boolean;
  sortTerms: { field: string; desc: boolean }[];
  onSort(field: string, multi: boolean, descFirst: boolean): void;
}) {
  const { t } = useTranslation('resource');
  const column = header.column;
  const meta = column.columnDef.meta;
  const termIndex = sortTerms.findIndex((s) => s.field === column.id);
  const term = termIndex >= 0 ? sortTerms[termIndex] : undefined;
  const ariaSort = term ? (term.desc ? 'descending' : 'ascending') : sortable ? 'none' : undefined;
  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  const name = columnLabel(column);
  return (
    <th
      scope="col"
      // aria-sort belongs on one header: the main sort key.
      aria-sort={termIndex <= 0 ? ariaSort : undefined}
      className={`dt-th text-${meta?.align ?? 'start'}`}
      style={{ width: header.getSize() }}
    >
      {sortable ? (
        <button
          type="button"
          className={`dt-sort${term ? ' dt-sorted' : ''}`}
          onClick={(e) => onSort(column.id, e.shiftKey, meta?.sortDescFirst ?? false)}
          title={t('table.sortHint')}
        >
          <span className="text-truncate">{content}</span>
          <i className={`bi ${term ? (term.desc ? 'bi-sort-down' : 'bi-sort-up') : 'bi-arrow-down-up'} dt-sort-icon`} aria-hidden="true" />
          {term && sortTerms.length > 1 && <span className="dt-sort-rank">{termIndex + 1}</span>}
          <span className="visually-hidden">
            {term ? (term.desc ? t('table.sortedDesc') : t('table.sortedAsc')) : ''}
          </span>
        </button>
      ) : (
        content
      )}
      {column.getCanResize() && (
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label={t('table.resize', { column: name })}
          aria-valuenow={header.getSize()}
          tabIndex={0}
          className={`dt-resizer${column.getIsResizing() ? ' dt-resizing' : ''}`}
          onMouseDown={header.getResizeHandler()}
          onTouchStart={header.getResizeHandler()}
          onDoubleClick={() => column.resetSize()}
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => {
            const step = e.shiftKey ? 48 : 16;
            if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
              e.preventDefault();
              const size = Math.max(column.columnDef.minSize ?? 60, header.getSize() + (e.key === 'ArrowRight' ? step : -step));
              header.getContext().table.setColumnSizing((s) => ({ ...s, [column.id]: size }));
            }
          }}
        />
      )}
    </th>
  );
}

function BodyCell<T>({ cell }: { cell: Cell<T, unknown> }) {
  const meta = cell.column.columnDef.meta;
  const value = cell.getValue();
  return (
    <td
      className={`text-${meta?.align ?? 'start'}${meta?.className ? ` ${meta.className}` : ''}`}
      title={typeof value === 'string' && value.length > 18 ? value : undefined}
    >
      {flexRender(cell.column.columnDef.cell, cell.getContext())}
    </td>
  );
}

/** A cell's own classes (codes in tabular figures…) on its card line too. */
const cellClass = <T,>(c: Cell<T, unknown> | undefined) => (c?.column.columnDef.meta?.className ? ` ${c.column.columnDef.meta.className}` : '');

function RowCard<T>({ row, selectable, onClick }: { row: Row<T>; selectable: boolean; onClick(e: MouseEvent): void }) {
  const cells = row.getVisibleCells().filter((c) => c.column.id !== SELECT_COLUMN_ID && c.column.columnDef.meta?.card !== 'hidden');
  const title = cells.find((c) => c.column.columnDef.meta?.card === 'title') ?? cells[0];
  const badge = cells.find((c) => c.column.columnDef.meta?.card === 'badge');
  const rest = cells.filter((c) => c !== title && c !== badge);
  const selectCell = row.getVisibleCells().find((c) => c.column.id === SELECT_COLUMN_ID);
  return (
    <li className={`dt-card card mb-2${row.getIsSelected() ? ' border-primary' : ''}`} onClick={onClick}>
      <div className="card-body p-3">
        <div className="dt-card-head d-flex align-items-start gap-2 mb-1">
          {selectable && selectCell && <div onClick={(e) => e.stopPropagation()}>{flexRender(selectCell.column.columnDef.cell, selectCell.getContext())}</div>}
          <div className={`fw-semibold flex-grow-1 dt-card-title${cellClass(title)}`}>{title && flexRender(title.column.columnDef.cell, title.getContext())}</div>
          {badge && <div>{flexRender(badge.column.columnDef.cell, badge.getContext())}</div>}
        </div>
        <dl className="dt-card-fields small mb-0">
          {rest.map((c) => (
            <div key={c.id} className="dt-card-field">
              <dt className="text-body-secondary fw-normal">{columnLabel(c.column)}</dt>
              <dd className={`mb-0 text-end${cellClass(c)}`}>{flexRender(c.column.columnDef.cell, c.getContext())}</dd>
            </div>
          ))}
        </dl>
      </div>
    </li>
  );
}

function CardSkeleton() {
  return (
    <div aria-hidden="true">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="card mb-2 placeholder-glow">
          <div className="card-body p-3">
            <span className="placeholder col-6 mb-2 d-block rounded" />
            <span className="placeholder col-10 d-block mb-1 rounded" />
            <span className="placeholder col-8 d-block rounded" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** On phones there are no headers to click: the sort is a select. */
function PhoneSort<T>({ params, spec, table, sortTerms }: { params: ListParams; spec: ListSpec; table: ReturnType<typeof useReactTable<T>>; sortTerms: { field: string; desc: boolean }[] }) {
  const { t } = useTranslation('resource');
  const id = useId();
  const labels = new Map(table.getAllLeafColumns().map((c) => [c.id, columnLabel(c)]));
  // A sort the list offers with no column on screen (when a record was created…) is named too, never by its field id.
  const labelOf = (field: string) => labels.get(field) ?? t(`table.sortFields.${field}`, { defaultValue: field });
  const current = sortTerms[0];
  const value = current ? (current.desc ? `-${current.field}` : current.field) : '';
  return (
    <div className="dt-phone-sort">
      <Form.Label htmlFor={id} visuallyHidden>
        {t('table.sortBy')}
      </Form.Label>
      <Form.Select id={id} size="sm" value={value} onChange={(e) => params.update({ sort: e.target.value || null })}>
        {spec.sortable.flatMap((field) => [
          <option key={field} value={field}>
            {t('table.sortOption', { column: labelOf(field), dir: t('table.asc') })}
          </option>,
          <option key={`-${field}`} value={`-${field}`}>
            {t('table.sortOption', { column: labelOf(field), dir: t('table.desc') })}
          </option>,
        ])}
      </Form.Select>
    </div>
  );
}

/** A DataTable's columns (TanStack's own column type takes `any` for the cell value). */
export type Columns<T> = ColumnDef<T, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- TanStack's own column type
