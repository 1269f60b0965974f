import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useNavigate } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiRequestError } from '../../lib/api-client';
import { renderAt, setupI18n } from '../test-support';
import { TextField } from './fields';
import { FormActions, ResourceFormFrame } from './resource-form';
import { pickDirty, useResourceForm } from './use-resource-form';

/** A record and its form, as small as can show the pattern: the schema plays the shared contract. */
interface Rec extends Record<string, unknown> {
  id: number;
  name: string;
  email: string;
  note: string;
  version: number;
}

const Schema = z.strictObject({
  name: z.string().trim().min(1, { error: 'Vui lòng nhập tên' }),
  email: z.string().trim(),
  note: z.string(),
});

const BASE: Rec = { id: 7, name: 'Kho Hà Nội', email: 'hn@cargo.test', note: 'cũ', version: 3 };

function TestForm({ save, onRebase }: { save: (values: Partial<z.output<typeof Schema>>) => Promise<Rec>; onRebase?: (r: Rec) => void }) {
  const navigate = useNavigate();
  const rf = useResourceForm({
    schema: Schema,
    defaultValues: { name: BASE.name, email: BASE.email, note: BASE.note },
    save: (values, ctx) => save(pickDirty(values, ctx.isDirty)),
    texts: { pending: 'Đang lưu', success: 'Đã lưu' },
    onSaved: (r) => navigate(`/done/${r.id}`),
    toValues: (r: Rec) => ({ name: r.name, email: r.email, note: r.note }),
    onRebase,
  });
  return (
    <ResourceFormFrame
      rf={rf}
      base={BASE}
      conflictFields={[
        { name: 'name', label: 'Tên' },
        { name: 'email', label: 'Email' },
        { name: 'note', label: 'Ghi chú' },
      ]}
    >
      <TextField form={rf.form} name="name" label="Tên" required />
      <TextField form={rf.form} name="email" label="Email" />
      <TextField form={rf.form} name="note" label="Ghi chú" />
      <FormActions saving={rf.saving} onCancel={() => navigate('/list')} />
      <Link to="/elsewhere">Đi nơi khác</Link>
    </ResourceFormFrame>
  );
}

function renderForm(save: (values: Partial<z.output<typeof Schema>>) => Promise<Rec>, onRebase?: (r: Rec) => void) {
  return renderAt('/edit', <TestForm save={save} onRebase={onRebase} />, [
    { path: '/elsewhere', element: <p>Trang khác</p> },
    { path: '/done/:id', element: <p>Đã xong</p> },
    { path: '/list', element: <p>Danh sách</p> },
  ]);
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

beforeAll(async () => {
  await setupI18n(['common', 'resource']);
});

describe('the form pattern', () => {
  it('validates with the contract before anything is sent', async () => {
    const user = userEvent.setup();
    const save = vi.fn();
    renderForm(save);
    await user.clear(field('Tên'));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Vui lòng nhập tên')).toBeTruthy();
    expect(field('Tên').getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it("puts the server's field errors on their fields and lists the others on top", async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => {
      throw new ApiRequestError(409, {
        message: 'Dữ liệu xung đột',
        code: 'CONFLICT',
        details: [
          { path: 'body.email', message: 'Email đã được khách hàng khác dùng' },
          { path: 'suiteCode', message: 'Mã suite đã tồn tại' },
        ],
      });
    });
    renderForm(save);
    await user.clear(field('Email'));
    await user.type(field('Email'), 'trung@cargo.test');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Email đã được khách hàng khác dùng')).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
    const summary = screen.getAllByRole('alert').find((a) => a.textContent?.includes('Chưa lưu được'))!;
    expect(summary.textContent).toContain('Mã suite đã tồn tại');
    // Only what the user changed was sent.
    expect(save).toHaveBeenCalledWith({ email: 'trung@cargo.test' });
  });

  it('shows a message with no details above the form', async () => {
    const user = userEvent.setup();
    renderForm(async () => {
      throw new ApiRequestError(0, { message: 'Lỗi không xác định', code: 'NETWORK_ERROR' });
    });
    await user.type(field('Ghi chú'), ' mới');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    const summary = await screen.findByText('Chưa lưu được:');
    expect(summary.closest('[role="alert"]')!.textContent).toContain('Lỗi không xác định');
  });

  it('on 412 shows their change and reloads their version when asked', async () => {
    const user = userEvent.setup();
    const theirs: Rec = { ...BASE, name: 'Kho Hà Nội 2', note: 'họ đã sửa', version: 4 };
    const onRebase = vi.fn();
    renderForm(async () => {
      throw new ApiRequestError(412, { message: 'Dữ liệu đã được người khác thay đổi.', code: 'PRECONDITION_FAILED', details: { current: theirs } });
    }, onRebase);
    await user.clear(field('Tên'));
    await user.type(field('Tên'), 'Kho của tôi');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));

    const dialog = await screen.findByRole('dialog', { name: /người khác cập nhật/ });
    expect(dialog.textContent).toContain('Tên, Ghi chú');
    await user.click(within(dialog).getByRole('button', { name: 'Xem thay đổi của họ' }));
    const diff = within(dialog).getByTestId('conflict-diff');
    const nameRow = within(diff).getByRole('row', { name: /Tên/ });
    expect(nameRow.textContent).toContain('Kho Hà Nội 2');
    expect(nameRow.textContent).toContain('Kho của tôi');
    // Both changed the name: the row says so.
    expect(nameRow.className).toContain('table-warning');

    await user.click(within(dialog).getByRole('button', { name: /Tải bản mới nhất/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field('Tên').value).toBe('Kho Hà Nội 2');
    expect(field('Ghi chú').value).toBe('họ đã sửa');
    expect(onRebase).toHaveBeenCalledWith(theirs);
  });

  it('on 412 can keep my edits on top of their version and save only them', async () => {
    const user = userEvent.setup();
    const theirs: Rec = { ...BASE, note: 'họ đã sửa', version: 4 };
    const save = vi
      .fn<(v: Partial<z.output<typeof Schema>>) => Promise<Rec>>()
      .mockRejectedValueOnce(new ApiRequestError(412, { message: 'Dữ liệu đã được người khác thay đổi.', code: 'PRECONDITION_FAILED', details: { current: theirs } }))
      .mockResolvedValueOnce({ ...theirs, name: 'Kho mới', version: 5 });
    const { router } = renderForm(save);
    await user.clear(field('Tên'));
    await user.type(field('Tên'), 'Kho mới');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Giữ thay đổi của tôi/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field('Tên').value).toBe('Kho mới');
    expect(field('Ghi chú').value).toBe('họ đã sửa');

    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/done/7'));
    expect(save).toHaveBeenLastCalledWith({ name: 'Kho mới' });
  });

  it('asks before leaving with unsaved edits, and not after a save', async () => {
    const user = userEvent.setup();
    const { router } = renderForm(async () => ({ ...BASE, note: 'mới', version: 4 }));
    await user.type(field('Ghi chú'), ' thêm');

    await user.click(screen.getByRole('link', { name: 'Đi nơi khác' }));
    const ask = await screen.findByRole('dialog', { name: 'Rời trang khi chưa lưu?' });
    await user.click(within(ask).getByRole('button', { name: 'Ở lại' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/edit');
    expect(field('Ghi chú').value).toBe('cũ thêm');

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Đi nơi khác' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rời trang, bỏ thay đổi' }));
    expect(await screen.findByText('Trang khác')).toBeTruthy();
  });

  it('lets a successful save navigate away without asking', async () => {
    const user = userEvent.setup();
    const { router } = renderForm(async () => ({ ...BASE, note: 'mới', version: 4 }));
    await user.type(field('Ghi chú'), ' thêm');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Đã xong')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/done/7');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
