import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DeleteRecordButton } from './delete-record';
import { renderAt, setupI18n } from './test-support';

beforeAll(async () => {
  await setupI18n(['common']);
});

const texts = { pending: 'Đang xóa…', success: 'Đã xóa KH001', title: 'Xóa khách hàng KH001?', text: 'Không thể hoàn tác.', listPath: '/customer' };

describe('DeleteRecordButton', () => {
  it('asks first, then deletes, drops the record from the cache and goes to the list', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => Promise.resolve(undefined));
    const onDeleted = vi.fn();
    renderAt('/customer/1', <DeleteRecordButton {...texts} remove={remove} onDeleted={onDeleted} />, [{ path: '/customer', element: <p>danh sách</p> }]);

    await user.click(screen.getByRole('button', { name: 'Xóa' }));
    const dialog = await screen.findByRole('dialog', { name: texts.title });
    expect(within(dialog).getByText(texts.text)).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    await screen.findByText('danh sách');
    expect(remove).toHaveBeenCalledTimes(1);
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('on a refusal closes the dialog and stays, the record kept', async () => {
    const user = userEvent.setup();
    const onDeleted = vi.fn();
    renderAt('/customer/1', <DeleteRecordButton {...texts} iconOnly remove={() => Promise.reject(new Error('409'))} onDeleted={onDeleted} />);

    const button = screen.getByRole('button', { name: 'Xóa' });
    expect(button.textContent).toBe('');
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: texts.title });
    await user.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toBe('/customer/1');
  });

  it('cancelling deletes nothing', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => Promise.resolve(undefined));
    renderAt('/customer/1', <DeleteRecordButton {...texts} remove={remove} onDeleted={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Xóa' }));
    const dialog = await screen.findByRole('dialog', { name: texts.title });
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).not.toHaveBeenCalled();
  });
});
