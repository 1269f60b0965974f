import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, matchRoutes, RouterProvider, useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProtectedRoute } from '../lib/routing/guards';
import { MENU } from './menu-config';
import { routes } from './router';
import { RouteErrorScreen } from '../features/errors/route-error';
import { changeLanguage, initI18n } from '../lib/i18n';
import { GlobalSearch } from '../layouts/global-search';
import { DEFAULT_LAYOUT_SETTINGS, RIGHT_SIDEBAR_BODY_CLASS } from '../layouts/layout-settings';
import { RightSidebar } from '../layouts/right-sidebar';
import { layoutStore } from '../layouts/use-layout-settings';
import { VerticalMenu } from '../layouts/vertical-menu';
import { stubMatchMedia } from '../components/test-support';
import { jsonResponse, mockFetch } from '../test/auth-fixtures';

beforeAll(async () => {
  // react-bootstrap's Offcanvas asks matchMedia for the breakpoint.
  stubMatchMedia();
  await initI18n('vi');
});

beforeEach(async () => {
  await changeLanguage('vi');
  layoutStore.reset();
  layoutStore.set('rightSidebarOpen', false);
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(path: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

/** Runs the loaders the real route table gives `path`, in order, as the router would. */
async function runLoaders(path: string, request: Request) {
  for (const m of matchRoutes(routes, path) ?? []) {
    const loader = m.route.loader;
    if (typeof loader === 'function') await loader({ params: m.params, request, context: undefined } as never);
  }
  return null;
}

describe('route table (routes and their role guards)', () => {
  const PUBLIC = ['/', '/error-404', '/error-500'];
  const LOGIN_ONLY = ['/dashboard/ecommerce', '/dashboard/analytics'];
  const ADMIN = [
    '/mawb', '/mawb/12', '/mawb/edit/12',
    '/tracking/search', '/tracking', '/tracking/12', '/tracking/edit/12',
    '/deliveryslip', '/deliveryslip/print-coupons', '/deliveryslip/edit-delivery-slip', '/deliveryslip/vote-confirm',
    '/deliveryslip/create-vouchers', '/deliveryslip/create-delivery-slip',
    '/order', '/order/12', '/order/edit/12',
    '/customer', '/customer/create', '/customer/12', '/customer/edit/12', '/customer/infor-user',
    '/employee', '/employee/create', '/employee/12', '/employee/edit/12',
    '/transaction', '/transaction/12', '/transaction/edit/12',
    '/setting', '/setting/12', '/setting/edit/12',
  ];

  function guardsOf(path: string) {
    const matches = matchRoutes(routes, path);
    expect(matches, path).not.toBeNull();
    const leaf = matches!.at(-1)!.route;
    expect(leaf.path, `${path} must not fall to the 404 route`).not.toBe('*');
    expect(leaf.lazy ?? leaf.Component ?? leaf.element, `${path} renders something`).toBeTruthy();
    return matches!
      .map((m) => m.route.element)
      .filter((el): el is React.ReactElement<{ roles?: string[] }> => !!el && typeof el === 'object' && 'type' in el && el.type === ProtectedRoute)
      .map((el) => el.props.roles ?? 'login');
  }

  it.each(PUBLIC)('%s needs no login', (path) => {
    expect(guardsOf(path)).toEqual([]);
  });

  it.each(LOGIN_ONLY)('%s needs a login and no role', (path) => {
    expect(guardsOf(path)).toEqual(['login']);
  });

  it.each(ADMIN)('%s needs the Admin role', (path) => {
    expect(guardsOf(path)).toEqual(['login', ['Admin']]);
  });

  // A detail or edit route whose id is not a record id ("/order/abc", "/tracking/edit/0") is a page that does not
  // exist: the 404 screen, never the API's "Tham số id không hợp lệ" as a load error.
  const ID_ROUTES = ADMIN.filter((p) => p.includes('/12'));
  it.each(ID_ROUTES.flatMap((p) => ['abc', '0', '1.5', '-3', '12abc'].map((bad) => p.replace('12', bad))))('%s shows the not-found screen', async (path) => {
    const router = createMemoryRouter(
      [{ path: '/', errorElement: <RouteErrorScreen />, children: [{ path: '*', loader: (args) => runLoaders(path, args.request), element: <p>the screen</p> }] }],
      { initialEntries: [path] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: /Không tìm thấy trang/ })).toBeTruthy();
    expect(screen.queryByText('the screen')).toBeNull();
  });
  it.each(ID_ROUTES)('%s with a real id opens the screen', async (path) => {
    await expect(runLoaders(path, new Request(`http://x${path}`))).resolves.toBeNull();
  });

  it('sends an unknown path to the 404 screen', () => {
    expect(matchRoutes(routes, '/no/such/page')!.at(-1)!.route.path).toBe('*');
  });

  it('has the menu in its fixed order, each target a real route', () => {
    expect(MENU.map((e) => e.id)).toEqual([
      'dashboards', 'mawb', 'tracking', 'deliveryslip', 'order', 'customer', 'employee', 'transaction', 'setting',
    ]);
    for (const entry of MENU) {
      for (const to of [entry.to, ...(entry.children ?? []).map((c) => c.to)].filter(Boolean) as string[]) {
        expect(matchRoutes(routes, to)!.at(-1)!.route.path, to).not.toBe('*');
      }
    }
    expect(MENU.find((e) => e.id === 'deliveryslip')!.children!.map((c) => c.to)).toEqual([
      '/deliveryslip', '/deliveryslip/create-delivery-slip', '/deliveryslip/create-vouchers',
      '/deliveryslip/print-coupons', '/deliveryslip/vote-confirm',
    ]);
  });
});

describe('VerticalMenu', () => {
  it('opens the group of the current page and marks the page', () => {
    renderAt('/deliveryslip/print-coupons', <VerticalMenu entries={MENU} idPrefix="t" />);
    const group = screen.getByRole('button', { name: 'Phiếu giao hàng' });
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'In phiếu giao' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Kiện hàng' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('is usable with the keyboard: one group open at a time, links reachable', async () => {
    const user = userEvent.setup();
    renderAt('/dashboard/ecommerce', <VerticalMenu entries={MENU} idPrefix="t" />);
    const tracking = screen.getByRole('button', { name: 'Kiện hàng' });
    tracking.focus();
    await user.keyboard('{Enter}');
    expect(tracking.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Tổng quan' }).getAttribute('aria-expanded')).toBe('false');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Danh sách kiện hàng' }));
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/tracking');
    expect(screen.getByRole('link', { name: 'Danh sách kiện hàng' }).getAttribute('aria-current')).toBe('page');
  });

  it('in the condensed sidebar, Escape closes a flyout and returns focus to its button', async () => {
    const user = userEvent.setup();
    renderAt('/mawb', <VerticalMenu entries={MENU} idPrefix="t" flyout />);
    const slips = screen.getByRole('button', { name: 'Phiếu giao hàng' });
    expect(slips.getAttribute('aria-expanded')).toBe('false');
    slips.focus();
    await user.keyboard('{Enter}');
    expect(slips.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Danh sách phiếu' }));
    await user.keyboard('{Escape}');
    expect(slips.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(slips);
    expect(screen.getByRole('link', { name: 'Vận đơn chủ (MAWB)' }).getAttribute('aria-current')).toBe('page');
  });

  it('follows the language', async () => {
    renderAt('/mawb', <VerticalMenu entries={MENU} idPrefix="t" />);
    await act(() => changeLanguage('en'));
    expect(screen.getByRole('link', { name: 'Master AWB' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delivery slips' })).toBeTruthy();
  });
});

describe('GlobalSearch', () => {
  it('opens the tracking search with the text', async () => {
    const user = userEvent.setup();
    renderAt('/dashboard/ecommerce', <GlobalSearch />);
    const box = screen.getByRole('searchbox', { name: /Tìm mã vận đơn, MAWB/ });
    await user.type(box, '  1Z999 AA1{Enter}');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/tracking/search?q=1Z999%20AA1'));
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('opens the package or the slip an exact tracking number, package code or slip code names', async () => {
    const user = userEvent.setup();
    mockFetch(({ url }) => {
      const u = new URL(url, 'http://x');
      if (u.pathname === '/api/packages/search') {
        const n = u.searchParams.get('numbers');
        return jsonResponse(200, n === '1Z999AA10123456784' || n === 'PK00000042' ? { found: [{ id: 42 }], notFound: [] } : { found: [], notFound: [n] });
      }
      if (u.pathname === '/api/delivery-slips/by-code/PG2612-00301') return jsonResponse(200, { id: 301, code: 'PG2612-00301' });
      return jsonResponse(404, { message: 'x', code: 'NOT_FOUND' });
    });
    try {
      renderAt('/dashboard/ecommerce', <GlobalSearch />);
      const box = screen.getByRole('searchbox', { name: /mã kiện, mã phiếu giao/ });
      await user.type(box, '1z999aa10123456784{Enter}');
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/tracking/42'));
      await user.type(box, 'PK00000042{Enter}');
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/tracking/42'));
      await user.type(box, 'PG261200301{Enter}');
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/deliveryslip/301'));
      await user.type(box, 'NOPE00001{Enter}');
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/tracking/search?q=NOPE00001'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does nothing for blank text', async () => {
    const user = userEvent.setup();
    renderAt('/dashboard/ecommerce', <GlobalSearch />);
    await user.type(screen.getByRole('searchbox'), '   {Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/ecommerce');
  });
});

describe('RightSidebar (settings panel)', () => {
  it('opens with the body class, changes the layout live and resets to the SPEC defaults', async () => {
    const user = userEvent.setup();
    renderAt('/', <RightSidebar />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => layoutStore.set('rightSidebarOpen', true));
    const panel = await screen.findByRole('dialog', { name: 'Tùy chỉnh giao diện' });
    expect(document.body.classList.contains(RIGHT_SIDEBAR_BODY_CLASS)).toBe(true);
    const html = document.documentElement;

    // Horizontal (default): the sidebar-only settings are disabled and say why.
    expect((within(panel).getByRole('radio', { name: 'Menu ngang' }) as HTMLInputElement).checked).toBe(true);
    expect(within(panel).getByRole('radio', { name: 'Thu gọn' }).matches(':disabled')).toBe(true);

    await user.click(within(panel).getByRole('radio', { name: 'Thanh bên dọc' }));
    expect(html.getAttribute('data-layout')).toBe('vertical');
    expect(within(panel).getByRole('radio', { name: 'Thu gọn' }).matches(':disabled')).toBe(false);

    await user.click(within(panel).getByRole('radio', { name: 'Đóng khung' }));
    expect(html.getAttribute('data-layout-width')).toBe('boxed');
    expect(html.getAttribute('data-sidebar-size')).toBe('condensed');
    expect((within(panel).getByRole('radio', { name: 'Thu gọn' }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(panel).getByRole('radio', { name: 'Toàn màn hình' }));
    expect(html.getAttribute('data-sidebar-size')).toBe('default');

    await user.click(within(panel).getByRole('switch', { name: /Hiện thông tin người dùng/ }));
    expect(html.getAttribute('data-sidebar-user')).toBe('show');
    await user.click(within(panel).getByRole('group', { name: 'Màu thanh trên cùng' }).querySelector('input[value="dark"]')!);
    expect(html.getAttribute('data-topbar')).toBe('dark');
    await user.click(within(panel).getByRole('group', { name: 'Chế độ màu' }).querySelector('input[value="dark"]')!);
    expect(html.getAttribute('data-bs-theme')).toBe('dark');

    await user.click(within(panel).getByRole('button', { name: 'Khôi phục mặc định' }));
    expect(layoutStore.getState().settings).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, rightSidebarOpen: true });
    expect(html.getAttribute('data-layout')).toBe('horizontal');
    expect(html.getAttribute('data-topbar')).toBe('light');
    expect(html.getAttribute('data-bs-theme')).toBe('light');

    await user.click(within(panel).getByRole('button', { name: 'Đóng bảng tùy chỉnh' }));
    expect(layoutStore.getState().settings.rightSidebarOpen).toBe(false);
    expect(document.body.classList.contains(RIGHT_SIDEBAR_BODY_CLASS)).toBe(false);
  });
});
