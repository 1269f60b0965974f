import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { makeCustomer } from '../../test/entity-fixtures';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { CustomerCreatePage, CustomerEditPage } from './customer-form';

const CUSTOMER = makeCustomer({ fullName: 'Nguyễn Thị Kiểm', email: 'kiem@example.vn', version: 3 });

function renderScreen(path: string) {
  return renderRoutes(
    [
      { path: '/customer/create', element: <CustomerCreatePage /> },
      { path: '/customer/edit/:id', element: <CustomerEditPage /> },
      { path: '/customer/:id', element: <p>Chi tiết khách hàng</p> },
      { path: '/customer', element: <p>Danh sách</p> },
    ],
    path,
  );
}

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

setupScreenTests(['common', 'shell', 'resource', 'customer']);

describe('customer form (create and edit)', () => {
  it('edits with If-Match and sends only what changed, phone numbers normalised by the contract', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c: FetchCall) => {
      if (c.method === 'GET') return jsonResponse(200, CUSTOMER, { etag: '"3"' });
      return jsonResponse(200, { ...CUSTOMER, ...(c.body as object), version: 4 }, { etag: '"4"' });
    });
    const { router } = renderScreen('/customer/edit/5');
    await waitFor(() => expect(input(/^Họ tên/).value).toBe('Nguyễn Thị Kiểm'));

    await user.clear(input(/^Họ tên/));
    await user.type(input(/^Họ tên/), 'Nguyễn Thị Kiểm Tra');
    await user.click(screen.getByRole('button', { name: /Thêm địa chỉ/ }));
    await user.type(screen.getByLabelText(/^Địa chỉ \(số nhà/), '12 Lý Thường Kiệt');
    const phone = screen.getByLabelText(/^Điện thoại người nhận/);
    await user.clear(phone);
    await user.type(phone, '+84 912 000 111');
    await user.click(screen.getByRole('button', { name: /Lưu thay đổi/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/5'));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toMatch(/\/api\/customers\/5$/);
    expect(patch.headers['If-Match']).toBe('"3"');
    expect(patch.body).toEqual({
      fullName: 'Nguyễn Thị Kiểm Tra',
      addresses: [{ label: '', receiver: 'Nguyễn Thị Kiểm Tra', phone: '0912000111', address: '12 Lý Thường Kiệt', province: 'Hà Nội', isDefault: true }],
    });
  });

  it('"Thêm địa chỉ" adds a row with the customer’s name and phone and no error until a field is left or the form is saved', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(() => jsonResponse(500, { message: 'x' }));
    renderScreen('/customer/create');
    await user.type(input(/^Họ tên/), 'Trần Văn Mới');
    await user.type(input(/^Điện thoại/), '0912345678');
    await user.click(screen.getByRole('button', { name: /Thêm địa chỉ/ }));
    const row = screen.getByRole('group', { name: 'Địa chỉ 1' });
    expect((within(row).getByLabelText(/^Người nhận/) as HTMLInputElement).value).toBe('Trần Văn Mới');
    expect((within(row).getByLabelText(/^Điện thoại người nhận/) as HTMLInputElement).value).toBe('0912345678');
    // Nothing typed in the new row yet: nothing is wrong with it yet (the field array's own check ran, unseen).
    await new Promise((r) => setTimeout(r, 50));
    expect(within(row).queryAllByRole('alert')).toEqual([]);
    expect(within(row).getByLabelText(/^Địa chỉ \(số nhà/).getAttribute('aria-invalid')).toBe('false');
    // Left empty: its error shows.
    await user.click(within(row).getByLabelText(/^Địa chỉ \(số nhà/));
    await user.tab();
    await waitFor(() => expect(within(row).getAllByRole('alert')).toHaveLength(1));
    expect(calls).toEqual([]);
  });

  it('on 412 offers the other person’s version and saves against it', async () => {
    const user = userEvent.setup();
    const theirs = { ...CUSTOMER, phone: '0988777666', status: 'inactive' as const, version: 4 };
    let patches = 0;
    const { calls } = mockFetch((c) => {
      if (c.method === 'GET') return jsonResponse(200, CUSTOMER, { etag: '"3"' });
      patches += 1;
      if (patches === 1) {
        return jsonResponse(412, { message: 'Dữ liệu đã được người khác thay đổi. Vui lòng tải lại.', code: 'PRECONDITION_FAILED', details: { current: theirs } }, { etag: '"4"' });
      }
      return jsonResponse(200, { ...theirs, ...(c.body as object), version: 5 });
    });
    const { router } = renderScreen('/customer/edit/5');
    await waitFor(() => expect(input(/^Họ tên/).value).toBe('Nguyễn Thị Kiểm'));
    await user.type(screen.getByLabelText(/^Ghi chú/), 'Gọi trước khi giao');
    await user.click(screen.getByRole('button', { name: /Lưu thay đổi/ }));

    const dialog = await screen.findByRole('dialog', { name: /người khác cập nhật/ });
    expect(dialog.textContent).toContain('Điện thoại, Trạng thái');
    await user.click(within(dialog).getByRole('button', { name: 'Xem thay đổi của họ' }));
    expect(within(dialog).getByRole('row', { name: /Điện thoại/ }).textContent).toContain('0988777666');
    await user.click(within(dialog).getByRole('button', { name: /Giữ thay đổi của tôi/ }));

    expect(input(/^Điện thoại/).value).toBe('0988777666');
    expect((screen.getByLabelText(/^Ghi chú/) as HTMLTextAreaElement).value).toBe('Gọi trước khi giao');
    await user.click(screen.getByRole('button', { name: /Lưu thay đổi/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/5'));
    const last = calls.filter((c) => c.method === 'PATCH').at(-1)!;
    expect(last.headers['If-Match']).toBe('"4"');
    expect(last.body).toEqual({ note: 'Gọi trước khi giao' });
  });

  it('creates, with the server’s field errors landing on their fields', async () => {
    const user = userEvent.setup();
    let posts = 0;
    const { calls } = mockFetch((c) => {
      posts += 1;
      if (posts === 1) {
        return jsonResponse(409, { message: 'Email đã được dùng', code: 'CONFLICT', details: [{ path: 'email', message: 'Email đã được khách hàng KH000001 dùng' }] });
      }
      return jsonResponse(201, { ...CUSTOMER, ...(c.body as object), id: 9, code: 'KH000009', version: 1 });
    });
    const { router } = renderScreen('/customer/create');
    await user.type(await screen.findByLabelText(/^Họ tên/), 'Lê Văn Mới');
    await user.type(input(/^Điện thoại/), '0903 123 456');
    await user.type(input(/^Email/), 'TRUNG@Example.vn');
    await user.click(screen.getByRole('button', { name: /Thêm khách hàng/ }));

    expect(await screen.findByText('Email đã được khách hàng KH000001 dùng')).toBeTruthy();
    expect(input(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(calls[0]!.body).toMatchObject({ fullName: 'Lê Văn Mới', phone: '0903123456', email: 'trung@example.vn', group: 'retail', status: 'active', creditLimit: 0 });

    await user.clear(input(/^Email/));
    await user.click(screen.getByRole('button', { name: /Thêm khách hàng/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/9'));
    expect(calls[1]!.body).toMatchObject({ email: null });
  });

  it('refuses a bad phone number before sending', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(() => jsonResponse(500, { message: 'không được gọi', code: 'X' }));
    renderScreen('/customer/create');
    await user.type(await screen.findByLabelText(/^Họ tên/), 'Lê Văn Mới');
    await user.type(input(/^Điện thoại/), '12345');
    await user.click(screen.getByRole('button', { name: /Thêm khách hàng/ }));
    await waitFor(() => expect(input(/^Điện thoại/).getAttribute('aria-invalid')).toBe('true'));
    expect(calls).toHaveLength(0);
  });

  it('turns a channel off and picks the language: the patch carries only those', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c: FetchCall) => {
      if (c.method === 'GET') return jsonResponse(200, CUSTOMER, { etag: '"3"' });
      return jsonResponse(200, { ...CUSTOMER, ...(c.body as object), version: 4 }, { etag: '"4"' });
    });
    const { router } = renderScreen('/customer/edit/5');
    const zalo = (await screen.findByRole('switch', { name: 'Nhận tin Zalo' })) as HTMLInputElement;
    expect(zalo.checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Nhận e-mail' }) as HTMLInputElement).checked).toBe(true);
    await user.click(zalo);
    await user.selectOptions(screen.getByLabelText(/^Ngôn ngữ thông báo/), 'en');
    await user.click(screen.getByRole('button', { name: /Lưu thay đổi/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/5'));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ notifyZns: false, language: 'en' });
  });
});
