import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import type { AuditLogEntry } from '../../../shared/contracts/audit-logs';
import { renderRoutes, setupScreenTests, Where } from '../../components/test-support';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { AuditLogPage } from './audit-log';

const ENTRY: AuditLogEntry = {
  id: 41,
  at: '2025-05-02T03:04:05.000Z',
  actorId: 7,
  actorEmail: 'lan@cargo.test',
  actorName: 'Trần Thị Lan',
  action: 'update',
  entity: 'stores',
  entityId: '12',
  before: { name: 'Kho Osaka', status: 'active', version: 1 },
  after: { name: 'Kho Osaka (mới)', status: 'active', version: 2 },
  requestId: null,
  ip: null,
};

setupScreenTests(['common', 'shell', 'resource', 'setting'], { scrollerHeight: 600 });

describe('audit log screen', () => {
  it('asks with the filters of the URL (actor, entity, action, date range), shows before → after, and a row opens its record', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c) => {
      if (c.url.startsWith('/api/employees')) return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 200 });
      return jsonResponse(200, { items: [ENTRY], total: 1, page: 1, pageSize: 25 });
    });
    renderRoutes(
      [
        { path: '/setting/audit-log', element: <AuditLogPage /> },
        { path: '/setting/stores/:id', element: <Where /> },
      ],
      '/setting/audit-log?entity=stores&action=update&actorId=7&atFrom=2025-05-01&atTo=2025-05-03',
    );
    const changes = await screen.findByTestId('audit-changes');
    const url = new URL(calls.find((c) => c.url.startsWith('/api/audit-logs'))!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ entity: 'stores', action: 'update', actorId: '7', atFrom: '2025-05-01', atTo: '2025-05-03' });
    // Only what changed: the name, before and after; not the version.
    expect(within(changes).getByText('Kho Osaka')).toBeTruthy();
    expect(within(changes).getByText('Kho Osaka (mới)')).toBeTruthy();
    expect(changes.textContent).not.toMatch(/version|status/);
    expect(screen.getAllByText('Trần Thị Lan').length).toBeGreaterThan(0);
    const link = screen.getAllByRole('link', { name: 'Kho #12' })[0]!;
    expect(link.getAttribute('href')).toBe('/setting/stores/12');
    await user.click(screen.getAllByText('Trần Thị Lan')[0]!);
    expect((await screen.findByTestId('where')).textContent).toContain('/setting/stores/12');
  });

  it('reads as the screens write: field labels, money, Vietnam time, status labels, the record by its code', async () => {
    const slipEntry: AuditLogEntry = {
      ...ENTRY,
      id: 42,
      entity: 'delivery-slips',
      entityId: '305',
      action: 'reconcile',
      before: { code: 'PG2612-00305', status: 'out_for_delivery', codOutstanding: true, reconciledAt: null, collectedAmount: null, version: 3 },
      after: { code: 'PG2612-00305', status: 'delivered', codOutstanding: false, reconciledAt: '2026-12-02T05:00:00.000Z', collectedAmount: 685_800, version: 4 },
    };
    mockFetch((c) => {
      if (c.url.startsWith('/api/employees')) return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 200 });
      return jsonResponse(200, { items: [slipEntry], total: 1, page: 1, pageSize: 25 });
    });
    renderRoutes([{ path: '/setting/audit-log', element: <AuditLogPage /> }], '/setting/audit-log');
    const changes = await screen.findByTestId('audit-changes');
    const full = changes.getAttribute('title')!;
    expect(full).toContain('Trạng thái: Đang giao → Đã giao');
    expect(full).toContain('Đối soát COD lúc: — → ');
    expect(full).toMatch(/02\/12\/2026 12:00/);
    expect(full).toContain('685.800\u00a0₫');
    expect(full).not.toMatch(/codOutstanding|reconciledAt|out_for_delivery|true|false|2026-12-02T/);
    expect(screen.getAllByRole('link', { name: 'Phiếu giao PG2612-00305' })[0]!.getAttribute('href')).toBe('/deliveryslip/305');
  });

  it('writes a field as its resource declares it, not as its name suggests: money whatever its name (discountAmount, subtotal), a count as a count', async () => {
    const entries: AuditLogEntry[] = [
      {
        ...ENTRY,
        id: 43,
        entity: 'delivery-slips',
        entityId: '306',
        before: { code: 'PG2612-00306', discountAmount: 0, subtotal: 1_250_000, packageCount: 3 },
        after: { code: 'PG2612-00306', discountAmount: 50_000, subtotal: 1_200_000, packageCount: 4 },
      },
    ];
    mockFetch((c) => {
      if (c.url.startsWith('/api/employees')) return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 200 });
      return jsonResponse(200, { items: entries, total: 1, page: 1, pageSize: 25 });
    });
    renderRoutes([{ path: '/setting/audit-log', element: <AuditLogPage /> }], '/setting/audit-log');
    const slip = (await screen.findByTestId('audit-changes')).getAttribute('title')!;
    expect(slip).toContain('0\u00a0₫ → 50.000\u00a0₫');
    expect(slip).toContain('1.250.000\u00a0₫ → 1.200.000\u00a0₫');
    expect(slip).toMatch(/: 3 → 4(\n|$)/);
  });
  it('names one record in the singular ("Transaction GD00003036", not the filter\'s "Transactions"), and a sign-in by its account', async () => {
    const entries: AuditLogEntry[] = [
      { ...ENTRY, id: 44, entity: 'transactions', entityId: '3036', action: 'create', before: null, after: { code: 'GD00003036', amount: 100_000 } },
      { ...ENTRY, id: 45, entity: 'auth', entityId: '2', action: 'login', before: null, after: null },
    ];
    mockFetch((c) => {
      if (c.url.startsWith('/api/employees')) return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 200 });
      return jsonResponse(200, { items: entries, total: 2, page: 1, pageSize: 25 });
    });
    await i18n.changeLanguage('en');
    try {
      renderRoutes([{ path: '/setting/audit-log', element: <AuditLogPage /> }], '/setting/audit-log');
      expect((await screen.findAllByText('Transaction GD00003036')).length).toBeGreaterThan(0);
      expect(screen.queryByText(/Transactions GD/)).toBeNull();
      expect(screen.getAllByText('Account #2').length).toBeGreaterThan(0);
      expect(screen.queryByText(/Sign-in #/)).toBeNull();
    } finally {
      await i18n.changeLanguage('vi');
    }
  });
});
