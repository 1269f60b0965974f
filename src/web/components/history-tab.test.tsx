import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditLogEntry } from '../../shared/contracts/audit-logs';
import { jsonResponse, mockFetch } from '../test/auth-fixtures';
import { entryChanges, HistoryTab } from './history-tab';
import { renderAt, setupI18n } from './test-support';

const entry = (over: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: 1,
  at: '2025-05-02T03:04:00.000Z',
  actorId: 1,
  actorEmail: 'admin@cargo.test',
  actorName: 'Nguyễn Văn Quản',
  action: 'update',
  entity: 'customers',
  entityId: '5',
  before: null,
  after: null,
  requestId: 'r1',
  ip: '127.0.0.1',
  ...over,
});

const FIELDS = [
  { name: 'fullName', label: 'Họ tên' },
  { name: 'phone', label: 'Điện thoại' },
  { name: 'status', label: 'Trạng thái', format: (v: unknown) => (v === 'active' ? 'Đang hoạt động' : 'Ngừng hoạt động') },
];

beforeAll(async () => {
  await setupI18n(['common', 'resource']);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('History tab', () => {
  it('lists field changes only, leaving out what changes on every write', () => {
    const changes = entryChanges(
      {
        before: { fullName: 'A', phone: '0912', version: 1, updatedAt: 'x', note: '' },
        after: { fullName: 'B', phone: '0912', version: 2, updatedAt: 'y', note: null },
      },
      ['phone', 'fullName'],
      ['version', 'updatedAt'],
    );
    expect(changes).toEqual([{ name: 'fullName', before: 'A', after: 'B' }]);
  });

  it('does not report a jsonb value whose keys only came back in another order', () => {
    const a = [{ label: 'Nhà', receiver: 'An', phone: '0912', isDefault: true }];
    const b = [{ phone: '0912', label: 'Nhà', isDefault: true, receiver: 'An' }];
    expect(entryChanges({ before: { addresses: a }, after: { addresses: b } }, [], [])).toEqual([]);
    expect(entryChanges({ before: { addresses: a }, after: { addresses: [{ ...b[0], phone: '0913' }] } }, [], [])).toHaveLength(1);
  });

  it('shows who changed what and when, newest first, and pages on', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c) => {
      const page = Number(new URL(c.url, 'http://x').searchParams.get('page'));
      if (page === 1) {
        return jsonResponse(200, {
          items: [
            entry({ id: 3, before: { fullName: 'Nguyễn Thị Kiểm', status: 'active', version: 1 }, after: { fullName: 'Nguyễn Thị Kiểm Tra', status: 'inactive', version: 2 } }),
          ],
          total: 2,
          page: 1,
          pageSize: 1,
        });
      }
      return jsonResponse(200, {
        items: [entry({ id: 2, action: 'create', actorName: null, actorEmail: 'staff@cargo.test', after: { fullName: 'Nguyễn Thị Kiểm', phone: '0912345678' } })],
        total: 2,
        page: 2,
        pageSize: 1,
      });
    });
    renderAt('/customer/5', <HistoryTab entity="customers" entityId={5} queryKey={['Customer', 'history', '5']} fields={FIELDS} />);
    const first = await screen.findByTestId('history-entry');
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/audit-logs');
    expect(url.searchParams.get('entity')).toBe('customers');
    expect(url.searchParams.get('entityId')).toBe('5');
    expect(first.textContent).toContain('Cập nhật');
    expect(first.textContent).toContain('Nguyễn Văn Quản');
    expect(first.textContent).toContain('02/05/2025 10:04');
    const nameRow = within(first).getByRole('row', { name: /Họ tên/ });
    expect(nameRow.textContent).toContain('Nguyễn Thị Kiểm');
    expect(nameRow.textContent).toContain('Nguyễn Thị Kiểm Tra');
    expect(within(first).getByRole('row', { name: /Trạng thái/ }).textContent).toContain('Ngừng hoạt động');
    expect(first.textContent).not.toContain('version');

    await user.click(screen.getByRole('button', { name: 'Xem thêm' }));
    const entries = await screen.findAllByTestId('history-entry');
    expect(entries).toHaveLength(2);
    expect(entries[1]!.textContent).toContain('Tạo mới');
    expect(entries[1]!.textContent).toContain('staff@cargo.test');
    expect(entries[1]!.textContent).toContain('0912345678');
    expect(screen.queryByRole('button', { name: 'Xem thêm' })).toBeNull();
  });

  it('says so when there is no history yet', async () => {
    mockFetch(() => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20 }));
    renderAt('/x', <HistoryTab entity="customers" entityId={9} queryKey={['h', 9]} fields={FIELDS} />);
    expect(await screen.findByText('Chưa có lịch sử thay đổi')).toBeTruthy();
  });

  it("names and writes the fields the screen did not define by the resource's own words: labels, money, Vietnam time, statuses, codes", async () => {
    mockFetch(() =>
      jsonResponse(200, {
        items: [
          entry({
            entity: 'delivery-slips',
            entityId: '305',
            before: { status: 'out_for_delivery', codOutstanding: true, reconciledAt: null, collectedAmount: null, packages: [{ id: 1, code: 'PK001' }] },
            after: { status: 'delivered', codOutstanding: false, reconciledAt: '2026-12-02T05:00:00.000Z', collectedAmount: 685_800, packages: [{ id: 1, code: 'PK001' }, { id: 2, code: 'PK002' }] },
          }),
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      }),
    );
    renderAt('/x', <HistoryTab entity="delivery-slips" entityId={305} queryKey={['h', 305]} fields={[]} />);
    const table = (await screen.findAllByRole('table'))[0]!;
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr')!.textContent;
    expect(row('Trạng thái')).toContain('Đang giao');
    expect(row('Trạng thái')).toContain('Đã giao');
    expect(row('COD chưa đối soát')).toContain('Không');
    expect(row('Đối soát COD lúc')).toContain('02/12/2026 12:00');
    expect(row('Đã thu')).toContain('685.800\u00a0₫');
    expect(row('Số kiện')).toContain('PK001, PK002');
    expect(table.textContent).not.toMatch(/codOutstanding|reconciledAt|out_for_delivery|2026-12-02T|\{/);
  });
});

