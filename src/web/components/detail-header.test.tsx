import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DetailHeader } from './detail-header';
import { renderAt, setupI18n } from './test-support';

beforeAll(async () => {
  await setupI18n(['common', 'shell']);
});

const remove = {
  remove: () => Promise.resolve(undefined),
  pending: 'Đang xóa…',
  success: 'Đã xóa KH001',
  onDeleted: () => {},
  listPath: '/customer',
  title: 'Xóa khách hàng KH001?',
  text: 'Không thể hoàn tác.',
};

describe('DetailHeader', () => {
  it('shows the title, the code badge and the badges, then the actions, Edit and Delete in that order', async () => {
    const user = userEvent.setup();
    const print = vi.fn();
    renderAt(
      '/customer/1',
      <DetailHeader
        title="Nguyễn Văn A"
        code="KH001"
        badges={<span data-testid="status">Hoạt động</span>}
        actions={
          <button type="button" onClick={print}>
            In
          </button>
        }
        editTo="/customer/edit/1"
        remove={remove}
      />,
    );

    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Nguyễn Văn AKH001Hoạt động');
    expect(within(heading).getByText('KH001').className).toContain('badge');
    expect(within(heading).getByTestId('status')).toBeTruthy();

    const edit = screen.getByRole('link', { name: 'Sửa' });
    expect(edit.getAttribute('href')).toBe('/customer/edit/1');
    const actions = edit.parentElement!;
    expect([...actions.children].filter((el) => el.matches('a, button')).map((el) => el.textContent)).toEqual(['In', 'Sửa', 'Xóa']);

    await user.click(screen.getByRole('button', { name: 'In' }));
    expect(print).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Xóa' }));
    expect(await screen.findByRole('dialog', { name: remove.title })).toBeTruthy();
  });

  it('leaves out the code badge, Edit and Delete when not given, and puts a trailing action last', () => {
    renderAt('/employee/1', <DetailHeader title="Trần Thị B" trailing={<button type="button">Riêng</button>} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Trần Thị B');
    expect(screen.queryByRole('link', { name: 'Sửa' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Xóa' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Riêng' })).toBeTruthy();
  });

  it('gives an icon-only Delete its label as the accessible name', () => {
    renderAt('/order/1', <DetailHeader title="DH001" editTo="/order/edit/1" remove={{ ...remove, iconOnly: true }} />);
    const del = screen.getByRole('button', { name: 'Xóa' });
    expect(del.textContent).toBe('');
  });
});
