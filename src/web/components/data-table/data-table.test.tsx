import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineListSpec, filter, LIST_OFFSET_MAX, type ListQueryInput, type ListResponse } from '../../../shared/contracts/list-query';
import { formatScaled } from '../../../shared/domain/money-input';
import { ApiRequestError } from '../../lib/api-client';
import { renderAt, searchOf, setupI18n, stubMatchMedia, stubScrollerHeight } from '../test-support';
import { columnPrefsKey } from './column-prefs';
import { DataTable, type DataTableProps } from './data-table';
import { FilterSelect } from './list-filters';
import { applyListPatch, nextSort, readListParams } from './list-params';

interface Row {
  id: number;
  code: string;
  fullName: string;
  balance: number;
  status: 'active' | 'inactive';
  createdAt: string;
}

const SPEC = defineListSpec({
  sortable: ['code', 'fullName', 'balance', 'createdAt'],
  defaultSort: '-createdAt',
  search: true,
  filters: { status: filter.list(['active', 'inactive'] as const), created: filter.dateRange() },
});

const NAMES = ['Nguyễn Văn An', 'Trần Thị Bình', 'Lê Văn Cường', 'Phạm Thị Dung', 'Hoàng Văn Em', 'Vũ Thị Phương', 'Đặng Văn Giang'];

function makeRows(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    code: `KH${String(i + 1).padStart(6, '0')}`,
    fullName: NAMES[i % NAMES.length]! + (i >= NAMES.length ? ` ${i}` : ''),
    balance: (i % 5) * 100_000,
    status: i % 3 === 0 ? 'inactive' : 'active',
    createdAt: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
  }));
}

/** A small in-memory list endpoint: search, status filter, sort and paging like the server's. */
function fakeServer(rows: Row[]) {
  return vi.fn(async (query: ListQueryInput): Promise<ListResponse<Row>> => {
    let items = [...rows];
    const q = typeof query.q === 'string' ? query.q.toLowerCase() : '';
    if (q) items = items.filter((r) => r.fullName.toLowerCase().includes(q) || r.code.toLowerCase().includes(q));
    if (typeof query.status === 'string') items = items.filter((r) => String(query.status).split(',').includes(r.status));
    const sort = typeof query.sort === 'string' ? query.sort : '-createdAt';
    const desc = sort.startsWith('-');
    const field = (desc ? sort.slice(1) : sort).split(',')[0] as keyof Row;
    items.sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0) * (desc ? -1 : 1));
    const page = Number(query.page ?? 1);
    const pageSize = Number(query.pageSize ?? 25);
    return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
  });
}

/**
 * A server-paged endpoint like the real one: `page=` only up to LIST_OFFSET_MAX rows deep, then cursors (`a<i>`:
 * the page starting at row i, `b<i>`: the page ending before row i, `last`), each answer with its neighbours' cursors.
 */
function cursorServer(total: number) {
  const rows = makeRows(total);
  return vi.fn(async (query: ListQueryInput): Promise<ListResponse<Row>> => {
    const pageSize = Number(query.pageSize ?? 25);
    const cursor = typeof query.cursor === 'string' ? query.cursor : undefined;
    let start: number;
    if (cursor === 'last') start = (Math.ceil(total / pageSize) - 1) * pageSize;
    else if (cursor?.startsWith('a')) start = Number(cursor.slice(1));
    else if (cursor?.startsWith('b')) start = Math.max(0, Number(cursor.slice(1)) - pageSize);
    else {
      start = (Number(query.page ?? 1) - 1) * pageSize;
      if (start > LIST_OFFSET_MAX) throw new Error(`page too deep: ${String(query.page)}`);
    }
    const end = Math.min(total, start + pageSize);
    return {
      items: rows.slice(start, end),
      total,
      page: start / pageSize + 1,
      pageSize,
      nextCursor: end < total ? `a${end}` : null,
      prevCursor: start > 0 ? `b${start}` : null,
    };
  });
}

const col = createColumnHelper<Row>();
const columns = [
  col.accessor('code', { header: 'Mã', meta: { hideable: false }, cell: (c) => <Link to={`/rows/${c.row.original.id}`}>{c.getValue()}</Link> }),
  col.accessor('fullName', { header: 'Họ tên', meta: { card: 'title' } }),
  col.accessor('balance', { header: 'Số dư', meta: { align: 'end', sortDescFirst: true } }),
  col.accessor('status', { header: 'Trạng thái', meta: { card: 'badge' } }),
  col.accessor('createdAt', { header: 'Ngày tạo' }),
];

function renderTable(url: string, fetcher: DataTableProps<Row>['fetcher'], extra: Partial<DataTableProps<Row>> = {}) {
  return renderAt(
    url,
    <DataTable<Row>
      tableId="test-rows"
      spec={SPEC}
      columns={columns}
      queryKey={(q) => ['rows', q]}
      fetcher={fetcher}
      getRowId={(r) => String(r.id)}
      label="Danh sách thử"
      {...extra}
    />,
  );
}

const lastQuery = (fn: ReturnType<typeof fakeServer>) => fn.mock.calls.at(-1)![0];
const bodyRows = () => screen.getAllByRole('row').filter((r) => r.closest('tbody') && r.id);

beforeAll(async () => {
  await setupI18n(['common', 'resource']);
});

beforeEach(() => {
  stubMatchMedia(() => false);
  stubScrollerHeight(600);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('list params (URL ↔ query)', () => {
  it('reads the URL leniently: unknown names, disallowed sorts and values are dropped, sizes clamped', () => {
    const state = readListParams(
      new URLSearchParams('page=3&pageSize=999&sort=-balance,nope,fullName&q=kiem&status=active,deleted&bogus=1&createdFrom=2025-01-01'),
      SPEC,
    );
    expect(state.query).toEqual({ page: 3, pageSize: 200, sort: '-balance,fullName', q: 'kiem', status: 'active', createdFrom: '2025-01-01' });
    expect(state.exportQuery).toEqual({ sort: '-balance,fullName', q: 'kiem', status: 'active', createdFrom: '2025-01-01' });
    expect(state.narrowed).toBe(true);
  });

  it('sends defaults when the URL is empty and goes back to page 1 on any other change', () => {
    expect(readListParams(new URLSearchParams(''), SPEC).query).toEqual({ page: 1, pageSize: 25 });
    const next = applyListPatch(new URLSearchParams('page=4&q=an'), { status: 'active' });
    expect(next.toString()).toBe('q=an&status=active');
    expect(applyListPatch(new URLSearchParams('q=an'), { page: 2 }).toString()).toBe('q=an&page=2');
  });

  it('cycles a header sort asc → desc → default, and shift adds a second key', () => {
    expect(nextSort([], 'fullName', false)).toEqual([{ field: 'fullName', desc: false }]);
    expect(nextSort([{ field: 'fullName', desc: false }], 'fullName', false)).toEqual([{ field: 'fullName', desc: true }]);
    expect(nextSort([{ field: 'fullName', desc: true }], 'fullName', false)).toEqual([]);
    expect(nextSort([], 'balance', false, true)).toEqual([{ field: 'balance', desc: true }]);
    expect(nextSort([{ field: 'fullName', desc: false }], 'balance', true)).toEqual([
      { field: 'fullName', desc: false },
      { field: 'balance', desc: false },
    ]);
  });
});

describe('DataTable', () => {
  it('shows a skeleton, then the rows of the page the URL names, with the total', async () => {
    const server = fakeServer(makeRows(60));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = vi.fn(async (q: ListQueryInput) => {
      await gate;
      return server(q);
    });
    renderTable('/rows?page=2&pageSize=10&sort=code', slow);
    expect((await screen.findByRole('grid', { name: 'Danh sách thử' })).getAttribute('aria-busy')).toBe('true');
    expect(document.querySelectorAll('.dt-skeleton').length).toBeGreaterThan(0);
    release();
    await screen.findByText('KH000011');
    expect(slow).toHaveBeenCalledWith({ page: 2, pageSize: 10, sort: 'code' }, expect.anything());
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByTestId('dt-range').textContent).toContain('11–20 trên tổng 60');
    expect(screen.getByRole('columnheader', { name: /Mã/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('names every pager control in the UI language, screen-reader text included', async () => {
    // Page 5 of 12: first, previous, pages around 5 with gaps on both sides, next, last.
    renderTable('/rows?page=5&pageSize=10', fakeServer(makeRows(120)));
    await screen.findByText('KH000080');
    const nav = screen.getByRole('navigation', { name: 'Phân trang' });
    // What a screen reader reads: the visible and the visually hidden text, and the labels.
    const spoken = [nav.textContent ?? '', ...Array.from(nav.querySelectorAll('[aria-label]'), (el) => el.getAttribute('aria-label') ?? '')].join(' | ');
    expect(spoken).not.toMatch(/\b(First|Previous|Next|Last|More|current)\b/);
    expect(nav.textContent).toContain('Trang đầu');
    expect(nav.textContent).toContain('(trang hiện tại)');
    expect(nav.textContent).toContain('Các trang khác');
  });

  it('reaches deep pages by cursor: neighbours and the last page, never a far page by number', async () => {
    const user = userEvent.setup();
    const total = LIST_OFFSET_MAX + 2_000;
    const server = cursorServer(total);
    const deepest = LIST_OFFSET_MAX / 10 + 1; // the last page `page=` reaches at 10 rows a page
    const { router } = renderTable(`/rows?pageSize=10&page=${deepest}`, server);
    await screen.findByText(`KH${String(LIST_OFFSET_MAX + 1).padStart(6, '0')}`);

    // Next from the deepest numbered page: by the server's cursor, the page number kept in the URL for display.
    await user.click(screen.getByRole('button', { name: 'Trang sau' }));
    await waitFor(() => expect(searchOf(router).get('cursor')).toBe(`a${LIST_OFFSET_MAX + 10}`));
    expect(searchOf(router).get('page')).toBe(String(deepest + 1));
    expect(lastQuery(server)).toMatchObject({ cursor: `a${LIST_OFFSET_MAX + 10}`, pageSize: 10 });
    await screen.findByText(`KH${String(LIST_OFFSET_MAX + 11).padStart(6, '0')}`);
    // Its neighbours are offered (one by number, one by cursor), the page after them is not: no cursor leads there.
    const nav = screen.getByRole('navigation', { name: 'Phân trang' });
    expect(within(nav).getByRole('button', { name: `Trang ${deepest}` })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: `Trang ${deepest + 2}` })).toBeTruthy();
    expect(within(nav).queryByRole('button', { name: `Trang ${deepest + 3}` })).toBeNull();

    // The last page, from the end; then one back by its previous-page cursor.
    await user.click(screen.getByRole('button', { name: 'Trang cuối' }));
    await waitFor(() => expect(searchOf(router).get('cursor')).toBe('last'));
    await screen.findByText(`KH${String(total).padStart(6, '0')}`);
    expect(screen.getByTestId('dt-range').textContent).toContain(`${formatScaled(total - 9, 0, { lang: 'vi' })}–${formatScaled(total, 0, { lang: 'vi' })}`);
    await user.click(screen.getByRole('button', { name: 'Trang trước' }));
    await waitFor(() => expect(searchOf(router).get('cursor')).toBe(`b${total - 10}`));
    await screen.findByText(`KH${String(total - 10).padStart(6, '0')}`);

    // Back to a shallow page: a plain number again, the cursor gone from the URL.
    await user.click(screen.getByRole('button', { name: 'Trang đầu' }));
    await waitFor(() => expect(searchOf(router).get('cursor')).toBeNull());
    expect(lastQuery(server)).toEqual({ page: 1, pageSize: 10 });
  });

  it('opens a hand-edited deep page number without its cursor at the start, not at a refused page', () => {
    expect(readListParams(new URLSearchParams('page=5000&pageSize=50'), SPEC).query).toEqual({ page: 1, pageSize: 50 });
    expect(readListParams(new URLSearchParams('page=5000&pageSize=50&cursor=last'), SPEC).query).toEqual({ page: 5000, pageSize: 50, cursor: 'last' });
  });

  it('puts sort, page size and page in the URL, so a reload asks the same', async () => {
    const user = userEvent.setup();
    const server = fakeServer(makeRows(60));
    const { router } = renderTable('/rows', server);
    await screen.findByText('KH000060');

    await user.click(screen.getByRole('button', { name: /Họ tên/ }));
    await waitFor(() => expect(searchOf(router).get('sort')).toBe('fullName'));
    expect(lastQuery(server)).toMatchObject({ sort: 'fullName', page: 1 });
    expect(screen.getByRole('columnheader', { name: /Họ tên/ }).getAttribute('aria-sort')).toBe('ascending');

    await user.click(screen.getByRole('button', { name: /Họ tên/ }));
    await waitFor(() => expect(searchOf(router).get('sort')).toBe('-fullName'));
    await user.click(screen.getByRole('button', { name: /Họ tên/ }));
    await waitFor(() => expect(searchOf(router).get('sort')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Trang 2' }));
    await waitFor(() => expect(searchOf(router).get('page')).toBe('2'));
    expect(lastQuery(server)).toMatchObject({ page: 2, pageSize: 25 });

    await user.selectOptions(screen.getByLabelText('Số dòng mỗi trang'), '50');
    await waitFor(() => expect(searchOf(router).get('pageSize')).toBe('50'));
    // A new page size starts again at page 1.
    expect(searchOf(router).get('page')).toBeNull();
    expect(lastQuery(server)).toMatchObject({ page: 1, pageSize: 50 });
  });

  it('searches after a pause in typing, back to page 1, and tells "no match" from "no data"', async () => {
    const user = userEvent.setup();
    const server = fakeServer(makeRows(30));
    const { router } = renderTable('/rows?page=2', server);
    await screen.findByText('KH000005');
    await user.type(screen.getByRole('searchbox'), 'không ai');
    await waitFor(() => expect(searchOf(router).get('q')).toBe('không ai'));
    expect(searchOf(router).get('page')).toBeNull();
    expect(await screen.findByText('Không có kết quả phù hợp')).toBeTruthy();
    expect(lastQuery(server)).toEqual({ page: 1, pageSize: 25, q: 'không ai' });

    await user.click(screen.getAllByRole('button', { name: 'Xóa bộ lọc' })[0]!);
    await waitFor(() => expect(searchOf(router).get('q')).toBeNull());
    await screen.findByText('KH000030');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });

  it('shows its own empty state when nothing narrows the list', async () => {
    renderTable('/rows', fakeServer([]), { empty: { title: 'Chưa có dòng nào', action: <button type="button">Thêm dòng</button> } });
    expect(await screen.findByText('Chưa có dòng nào')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Thêm dòng' })).toBeTruthy();
  });

  it('shows the error with a retry that recovers', async () => {
    const user = userEvent.setup();
    const server = fakeServer(makeRows(3));
    let fail = true;
    const flaky = vi.fn(async (q: ListQueryInput) => {
      if (fail) throw new ApiRequestError(503, { message: 'Máy chủ đang bảo trì', code: 'HTTP_503' });
      return server(q);
    });
    renderTable('/rows', flaky);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Không tải được danh sách');
    expect(alert.textContent).toContain('Máy chủ đang bảo trì');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByText('KH000003')).toBeTruthy();
  });

  it('selects rows for bulk actions, and a new page clears the selection', async () => {
    const user = userEvent.setup();
    const seen: string[][] = [];
    const { router } = renderTable('/rows?sort=code&pageSize=10', fakeServer(makeRows(25)), {
      bulkActions: ({ rows, clear }) => {
        seen.push(rows.map((r) => r.code));
        return (
          <button type="button" onClick={clear}>
            Làm gì đó với {rows.length}
          </button>
        );
      },
    });
    await screen.findByText('KH000001');
    await user.click(screen.getByRole('checkbox', { name: 'Chọn dòng 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Chọn dòng 3' }));
    const bar = screen.getByRole('region', { name: 'Thao tác với các dòng đã chọn' });
    expect(bar.textContent).toContain('Đã chọn 2 dòng');
    expect(seen.at(-1)).toEqual(['KH000001', 'KH000003']);
    expect(bodyRows()[0].getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('checkbox', { name: 'Chọn tất cả dòng trên trang này' }));
    expect(bar.textContent).toContain('Đã chọn 10 dòng');

    await user.click(screen.getByRole('button', { name: 'Trang 2' }));
    await waitFor(() => expect(searchOf(router).get('page')).toBe('2'));
    await screen.findByText('KH000011');
    expect(screen.queryByRole('region', { name: 'Thao tác với các dòng đã chọn' })).toBeNull();
  });

  it('offers every row matching the filter, across pages, once the page is ticked; unticking a row narrows it back', async () => {
    const user = userEvent.setup();
    const seen: Array<{ rows: number; matching: { query: ListQueryInput; total: number } | null }> = [];
    renderTable('/rows?sort=code&pageSize=10&status=active', fakeServer(makeRows(25)), {
      bulkActions: ({ rows, matching }) => {
        seen.push({ rows: rows.length, matching: matching && { query: matching.query, total: matching.total } });
        return <span>{matching ? `tất cả ${matching.total}` : `${rows.length} dòng`}</span>;
      },
    });
    await screen.findByText('KH000002');
    // Ticking one row offers nothing more.
    await user.click(screen.getByRole('checkbox', { name: 'Chọn dòng 1' }));
    expect(screen.queryByTestId('dt-select-matching')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Chọn tất cả dòng trên trang này' }));
    const bar = screen.getByRole('region', { name: 'Thao tác với các dòng đã chọn' });
    expect(bar.textContent).toContain('Đã chọn 10 dòng');
    // 16 of the 25 rows are active: the page holds 10 of them.
    await user.click(within(bar).getByRole('button', { name: 'Chọn tất cả 16 dòng khớp bộ lọc' }));
    expect(bar.textContent).toContain('Đã chọn tất cả 16 dòng khớp bộ lọc');
    expect(seen.at(-1)).toEqual({ rows: 10, matching: { query: { status: 'active', sort: 'code' }, total: 16 } });
    // Back to the page only, then across pages again.
    await user.click(within(bar).getByRole('button', { name: 'Chỉ chọn 10 dòng trên trang này' }));
    expect(seen.at(-1)!.matching).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Chọn tất cả 16 dòng khớp bộ lọc' }));
    expect(seen.at(-1)!.matching?.total).toBe(16);
    // Unticking a row is a selection of ticked rows again.
    await user.click(screen.getByRole('checkbox', { name: 'Chọn dòng 2' }));
    expect(bar.textContent).toContain('Đã chọn 9 dòng');
    expect(seen.at(-1)).toEqual({ rows: 9, matching: null });
  });

  it('offers no "every matching row" when the page already holds them all', async () => {
    const user = userEvent.setup();
    renderTable('/rows?sort=code&pageSize=10', fakeServer(makeRows(7)), { bulkActions: ({ rows }) => <span>{rows.length}</span> });
    await screen.findByText('KH000007');
    await user.click(screen.getByRole('checkbox', { name: 'Chọn tất cả dòng trên trang này' }));
    expect(screen.getByRole('region', { name: 'Thao tác với các dòng đã chọn' }).textContent).toContain('Đã chọn 7 dòng');
    expect(screen.queryByTestId('dt-select-matching')).toBeNull();
  });

  it('moves the active row with the arrow keys and opens it with Enter', async () => {
    const user = userEvent.setup();
    const opened = vi.fn();
    renderTable('/rows?sort=code', fakeServer(makeRows(5)), { onOpen: opened });
    await screen.findByText('KH000001');
    const grid = screen.getByRole('grid');
    grid.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = grid.getAttribute('aria-activedescendant');
    expect(document.getElementById(active!)?.textContent).toContain('KH000003');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened.mock.calls[0]![0]).toMatchObject({ code: 'KH000002' });
    await user.keyboard('{End}');
    expect(document.getElementById(grid.getAttribute('aria-activedescendant')!)?.textContent).toContain('KH000005');

    // A click on a row opens it too; a click on its link is left to the link.
    await user.click(screen.getByText('Phạm Thị Dung'));
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it('remembers hidden columns per table in localStorage', async () => {
    const user = userEvent.setup();
    const first = renderTable('/rows', fakeServer(makeRows(3)));
    await screen.findByText('KH000001');
    await user.click(screen.getByRole('button', { name: /Cột/ }));
    await user.click(screen.getByRole('switch', { name: 'Số dư' }));
    expect(screen.queryByRole('columnheader', { name: /Số dư/ })).toBeNull();
    expect(JSON.parse(localStorage.getItem(columnPrefsKey('test-rows'))!)).toMatchObject({ visibility: { balance: false } });
    // The code column cannot be hidden.
    expect(screen.queryByRole('switch', { name: 'Mã' })).toBeNull();
    first.unmount();

    renderTable('/rows', fakeServer(makeRows(3)));
    await screen.findByText('KH000001');
    expect(screen.queryByRole('columnheader', { name: /Số dư/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Họ tên/ })).toBeTruthy();
  });

  it('keeps a changed column width across visits', async () => {
    renderTable('/rows', fakeServer(makeRows(3)));
    await screen.findByText('KH000001');
    const handle = screen.getByRole('separator', { name: 'Đổi độ rộng cột Họ tên' });
    const before = Number(handle.getAttribute('aria-valuenow'));
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(Number(handle.getAttribute('aria-valuenow'))).toBe(before + 48));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(columnPrefsKey('test-rows')) ?? '{}')).toMatchObject({ sizes: { fullName: before + 48 } }));
  });

  it('renders only the rows in view when there are many', async () => {
    renderTable('/rows?pageSize=200', fakeServer(makeRows(200)));
    await screen.findByTestId('dt-range');
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
    expect(bodyRows().length).toBeLessThan(60);
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('201');
  });

  it('scrolling draws only the rows that come into view: rows already drawn, their cells and the header are not rendered again', async () => {
    // Each cell and header render is counted; a scroll step must cost the new rows' cells, not the whole window's.
    const cellRenders = new Map<number, number>();
    let headerRenders = 0;
    const counted = [
      col.accessor('code', {
        header: () => {
          headerRenders++;
          return 'Mã';
        },
        cell: (c) => {
          cellRenders.set(c.row.original.id, (cellRenders.get(c.row.original.id) ?? 0) + 1);
          return c.getValue();
        },
      }),
      col.accessor('fullName', { header: 'Họ tên' }),
    ];
    renderTable('/rows?pageSize=200&sort=code', fakeServer(makeRows(200)), { columns: counted });
    await screen.findByText('KH000001');
    const scroller = document.querySelector<HTMLElement>('.dt-scroll')!;
    const drawnBefore = new Map(cellRenders);
    const headersBefore = headerRenders;
    for (let step = 1; step <= 5; step++) {
      await act(async () => {
        scroller.scrollTop = step * 44;
        fireEvent.scroll(scroller);
        await new Promise((r) => setTimeout(r, 20));
      });
    }
    await screen.findByText(`KH${String(drawnBefore.size + 1).padStart(6, '0')}`);
    // Every row drawn before the scroll was drawn exactly as many times as before it.
    const redrawn = [...drawnBefore].filter(([id, n]) => cellRenders.get(id) !== n).map(([id]) => id);
    expect(redrawn).toEqual([]);
    expect(headerRenders).toBe(headersBefore);
  });

  it('turns rows into cards on a phone, with a sort picker instead of headers', async () => {
    stubMatchMedia((q) => q.includes('max-width'));
    const user = userEvent.setup();
    const { router } = renderTable('/rows', fakeServer(makeRows(4)));
    const list = await screen.findByRole('list', { name: 'Danh sách thử' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(cards[0]!.textContent).toContain('Phạm Thị Dung');
    expect(screen.queryByRole('grid')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Sắp xếp theo'), 'Họ tên (tăng dần)');
    await waitFor(() => expect(searchOf(router).get('sort')).toBe('fullName'));
    await act(async () => {});
    expect(within(screen.getByRole('list', { name: 'Danh sách thử' })).getAllByRole('listitem')[0]!.textContent).toContain('Lê Văn Cường');
  });

  it('names every sort of the phone picker in the UI language, a sort with no column on screen too (it read "createdAt (giảm dần)")', async () => {
    stubMatchMedia((q) => q.includes('max-width'));
    renderTable('/rows', fakeServer(makeRows(4)), { columns: columns.filter((c) => (c as { accessorKey?: string }).accessorKey !== 'createdAt') });
    await screen.findByRole('list', { name: 'Danh sách thử' });
    const options = Array.from((screen.getByLabelText('Sắp xếp theo') as HTMLSelectElement).options, (o) => o.textContent);
    expect(options).toContain('Ngày tạo (giảm dần)');
    expect(options.filter((o) => /createdAt|updatedAt|statusAt/.test(o ?? ''))).toEqual([]);
  });
});

describe('filters a link brought', () => {
  const LINKED = defineListSpec({
    sortable: ['code', 'fullName', 'balance', 'createdAt'],
    defaultSort: '-createdAt',
    search: true,
    filters: { status: filter.list(['active', 'inactive'] as const), created: filter.dateRange(), balance: filter.range('int8'), onSlip: filter.bool() },
  });

  it('shows the active filters no control shows as chips with their values, and a chip drops its filter', async () => {
    const user = userEvent.setup();
    const fetcher = fakeServer(makeRows(3));
    const { router } = renderAt(
      '/rows?status=active&balanceMax=-1&createdFrom=2026-11-01&createdTo=2026-11-01&onSlip=false',
      <DataTable<Row>
        tableId="linked-rows"
        spec={LINKED}
        columns={columns}
        queryKey={(q) => ['linked', q]}
        fetcher={fetcher}
        getRowId={(r) => String(r.id)}
        label="Danh sách thử"
        filters={<FilterSelect spec={LINKED} name="status" label="Trạng thái" options={[{ value: 'active', label: 'Đang hoạt động' }]} />}
      />,
    );
    const chips = await screen.findByRole('list', { name: 'Các bộ lọc khác đang áp dụng' });
    // The status has its control; the three others are named with their values, in the spec's order.
    expect(within(chips).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ngày tạo: 01/11/2026', 'Số dư: ≤ -1', 'Trên phiếu giao đang mở: Không']);
    expect(lastQuery(fetcher)).toMatchObject({ status: 'active', balanceMax: '-1', onSlip: 'false' });
    await user.click(within(chips).getByRole('button', { name: 'Bỏ lọc Số dư' }));
    await waitFor(() => expect(searchOf(router).get('balanceMax')).toBeNull());
    expect(searchOf(router).get('status')).toBe('active');
    expect(within(screen.getByRole('list', { name: 'Các bộ lọc khác đang áp dụng' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows no chips when every active filter has its control', async () => {
    renderAt(
      '/rows?status=active',
      <DataTable<Row>
        tableId="linked-rows"
        spec={LINKED}
        columns={columns}
        queryKey={(q) => ['linked', q]}
        fetcher={fakeServer(makeRows(3))}
        getRowId={(r) => String(r.id)}
        label="Danh sách thử"
        filters={<FilterSelect spec={LINKED} name="status" label="Trạng thái" options={[{ value: 'active', label: 'Đang hoạt động' }]} />}
      />,
    );
    // KH000001 is inactive: the first active row.
    await screen.findByText('KH000002');
    expect(screen.queryByRole('list', { name: 'Các bộ lọc khác đang áp dụng' })).toBeNull();
  });
});
