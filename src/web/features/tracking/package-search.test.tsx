import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Package, PackageSearchHit, SearchResponse } from '../../../shared/contracts/packages';
import type { PackageStatus } from '../../../shared/domain/package-status';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { makePackage } from '../../test/entity-fixtures';
import { SCAN_PAUSE_MS } from '../../components/scan-box';
import { PackageSearchPage } from './package-search';

function hit(id: number, trackingNumber: string, status: PackageStatus): PackageSearchHit {
  const p: Package = makePackage({ id, trackingNumber, status });
  return {
    ...p,
    matched: trackingNumber,
    latestEvent: {
      id: id * 10,
      packageId: id,
      code: status,
      iataCode: status === 'departed' ? 'DEP' : null,
      location: 'Portland, OR',
      occurredAt: '2025-03-01T02:00:00.000Z',
      note: '',
      actorId: null,
      actorName: null,
      visibility: 'public',
      createdAt: '2025-03-01T02:00:00.000Z',
    },
  };
}

/** What the server knows, by tracking number and by package code. */
const KNOWN = [hit(1, '1Z999AA10123456784', 'expected'), hit(2, '9400111899223334445566', 'departed'), hit(3, 'EJ123456785JP', 'delivered')];

function searchApi(c: FetchCall) {
  if (c.url.includes('/api/stores')) return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 200 });
  const url = new URL(c.url, 'http://x');
  if (url.pathname !== '/api/packages/search') return jsonResponse(404, { message: 'Không tìm thấy' });
  const numbers = (url.searchParams.get('numbers') ?? '').split('\n');
  const res: SearchResponse = { found: [], notFound: [] };
  for (const n of numbers) {
    const p = KNOWN.find((k) => k.trackingNumber === n || k.code === n);
    // One entry per package, as the server answers, however many of its numbers were scanned.
    if (!p) res.notFound.push(n);
    else if (!res.found.some((f) => f.id === p.id)) res.found.push({ ...p, matched: n });
  }
  return jsonResponse(200, res);
}

const searches = (calls: FetchCall[]) => calls.filter((c) => c.url.includes('/api/packages/search'));
const numbersOf = (c: FetchCall) => new URL(c.url, 'http://x').searchParams.get('numbers')!.split('\n');

function renderSearch(path = '/tracking/search') {
  return renderRoutes(
    [
      { path: '/tracking/search', element: <PackageSearchPage /> },
      { path: '/tracking/:id', element: <p>Chi tiết kiện</p> },
    ],
    path,
  );
}

setupScreenTests(['common', 'shell', 'resource', 'tracking', 'mawb', 'deliveryslip'], { scrollerHeight: 600 });

afterEach(() => {
  vi.useRealTimers();
});

describe('package search (scanner desk)', () => {
  it('counts a paste with mixed separators at once, then shows each found package and lists the unknown ones apart', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(searchApi);
    renderSearch();
    const box = screen.getByLabelText(/Mã vận đơn hoặc mã kiện/);
    await user.click(box);
    // Commas, semicolons, tabs, CRLF, a gun's AIM prefix, lower case, a duplicate, a number split in groups by a space.
    await user.paste('1z999aa10123456784, 9400111899223334445566\tEJ123456785JP;NOPE-0001\r\n]C1UNKNOWN42\n1Z999AA10123456784 PK00000003');

    // The count is instant; the lookup waits for the scan to end.
    expect(screen.getByTestId('scan-count').textContent).toBe('6 mã');
    expect(searches(calls)).toHaveLength(0);

    await waitFor(() => expect(searches(calls)).toHaveLength(1));
    expect(numbersOf(searches(calls)[0]!)).toEqual(['1Z999AA10123456784', '9400111899223334445566', 'EJ123456785JP', 'NOPE-0001', 'UNKNOWN42', 'PK00000003']);

    // PK00000003 is the code of EJ123456785JP's package: one package, found once.
    await waitFor(() => expect(screen.getByTestId('found-count').textContent).toBe('3 tìm thấy'));
    expect(screen.getByTestId('not-found-count').textContent).toBe('2 không tìm thấy');

    const notFound = screen.getByTestId('not-found');
    expect(within(notFound).getByRole('heading').textContent).toBe('Không tìm thấy (2)');
    expect(within(notFound).getAllByTestId('not-found-number').map((li) => li.querySelector('.font-monospace')!.textContent)).toEqual(['NOPE-0001', 'UNKNOWN42']);
    expect(notFound.className).toContain('border-danger');

    const grid = screen.getByRole('grid', { name: 'Kết quả tra cứu' });
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('a')!.textContent)).toEqual(['PK00000001', 'PK00000002', 'PK00000003']);
    expect(within(rows[0]!).getByText('Chờ nhận')).toBeTruthy();
    expect(within(rows[1]!).getByText('Đã cất cánh')).toBeTruthy();
    expect(within(rows[1]!).getByText('DEP')).toBeTruthy();
    expect(within(rows[2]!).getByText('Đã giao')).toBeTruthy();

    // Only the expected package can be received; labels print for all three.
    expect(screen.getByTestId('receive-found').textContent).toContain('Nhận hàng (1)');
    expect(screen.getByRole('link', { name: /In nhãn \(3\)/ }).getAttribute('href')).toBe('/tracking/labels?ids=1,2,3');
    // None of them is received abroad and off any MAWB: nothing can go on one.
    expect(screen.getByTestId('mawb-found').textContent).toContain('Đóng MAWB (0)');
    expect(screen.getByTestId('mawb-found').hasAttribute('disabled')).toBe(true);
  });

  it('waits for the gun to stop typing before one lookup, and looks up at once on Enter', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = mockFetch(searchApi);
    renderSearch();
    const box = screen.getByLabelText(/Mã vận đơn hoặc mã kiện/) as HTMLTextAreaElement;
    /** A keyboard-wedge gun: one character every few milliseconds, Enter as a key press that also types a newline. */
    const gun = async (chars: string) => {
      for (const ch of chars) {
        if (ch === '\n') fireEvent.keyDown(box, { key: 'Enter' });
        fireEvent.change(box, { target: { value: box.value + ch } });
        await act(() => vi.advanceTimersByTimeAsync(5));
      }
    };

    await gun('EJ123456785JP');
    expect(screen.getByTestId('scan-count').textContent).toBe('1 mã');
    expect(searches(calls)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(SCAN_PAUSE_MS - 50));
    expect(searches(calls)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(searches(calls)).toHaveLength(1);
    expect(numbersOf(searches(calls)[0]!)).toEqual(['EJ123456785JP']);

    // A gun that ends each number with Enter: the lookup does not wait for silence.
    await gun('\n1Z999AA10123456784\n');
    expect(searches(calls)).toHaveLength(2);
    expect(numbersOf(searches(calls)[1]!)).toEqual(['EJ123456785JP', '1Z999AA10123456784']);
    // The newline Enter typed changes nothing to look up: no second request for the same numbers.
    await act(() => vi.advanceTimersByTimeAsync(SCAN_PAUSE_MS * 2));
    expect(searches(calls)).toHaveLength(2);
    // Nothing the screen did meanwhile (the URL follows the search) took a character from the box.
    expect(box.value).toBe('EJ123456785JP\n1Z999AA10123456784\n');
  });

  it('refuses more than 500 numbers without asking the server', async () => {
    const { calls } = mockFetch(searchApi);
    renderSearch();
    const box = screen.getByLabelText(/Mã vận đơn hoặc mã kiện/);
    const many = Array.from({ length: 501 }, (_, i) => `TEST${String(i).padStart(6, '0')}`).join('\n');
    fireEvent.change(box, { target: { value: many } });
    expect(screen.getByTestId('scan-count').textContent).toBe('501 mã');
    expect(screen.getByText(/Tối đa 500 mã mỗi lần tra cứu/)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await act(() => new Promise((r) => setTimeout(r, SCAN_PAUSE_MS + 100)));
    expect(searches(calls)).toHaveLength(0);
  });

  it('starts from the topbar search text in ?q=', async () => {
    const { calls } = mockFetch(searchApi);
    renderSearch('/tracking/search?q=' + encodeURIComponent('9400111899223334445566'));
    expect((screen.getByLabelText(/Mã vận đơn hoặc mã kiện/) as HTMLTextAreaElement).value).toBe('9400111899223334445566');
    await screen.findByText('PK00000002');
    expect(numbersOf(searches(calls)[0]!)).toEqual(['9400111899223334445566']);
  });
});
