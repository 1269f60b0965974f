import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportPreview } from '../../shared/contracts/import';
import { jsonResponse, mockFetch } from '../test/auth-fixtures';
import { ImportDialog } from './import-dialog';
import { renderAt, setupI18n } from './test-support';

const BAD: ImportPreview = {
  mode: 'preview',
  total: 3,
  valid: 2,
  invalid: 1,
  ignoredColumns: ['Cột lạ'],
  rows: [
    { row: 2, data: { fullName: 'Lê Văn A', phone: '0912000001' }, errors: [] },
    { row: 3, data: { fullName: '', phone: '123' }, errors: [{ field: 'fullName', message: 'Vui lòng nhập họ tên' }, { field: 'phone', message: 'Số điện thoại không hợp lệ' }] },
    { row: 4, data: { fullName: 'Lê Văn C', phone: '0912000003' }, errors: [] },
  ],
};
const GOOD: ImportPreview = { ...BAD, valid: 3, invalid: 0, ignoredColumns: [], rows: [BAD.rows[0]!, { ...BAD.rows[1]!, data: { fullName: 'Lê Văn B', phone: '0912000002' }, errors: [] }, BAD.rows[2]!] };

const xlsx = (name: string) => new File([new Uint8Array([0x50, 0x4b, 3, 4])], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

beforeAll(async () => {
  await setupI18n(['common', 'resource']);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Import dialog', () => {
  it('previews a file with per-field errors and will not commit it', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(() => jsonResponse(200, BAD));
    renderAt(
      '/customer',
      <ImportDialog resource="customers" show onHide={() => {}} templateName="mau.xlsx" columns={[{ field: 'fullName', label: 'Họ tên' }, { field: 'phone', label: 'Điện thoại' }]} />,
    );
    await user.upload(screen.getByLabelText('File Excel (.xlsx)'), xlsx('khach.xlsx'));
    const table = await screen.findByTestId('import-preview');
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toMatch(/\/api\/customers\/import\?mode=preview$/);
    expect(calls[0]!.body).toBeInstanceOf(FormData);
    expect(screen.getByTestId('import-summary').textContent).toContain('1 dòng lỗi');
    // Rows with errors only, by default, each error beside its value.
    expect(table.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(table.textContent).toContain('Vui lòng nhập họ tên');
    expect(table.textContent).toContain('Số điện thoại không hợp lệ');
    expect(screen.getByText(/Cột lạ/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Nhập' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Chỉ hiện dòng lỗi' }));
    expect(table.querySelectorAll('tbody tr')).toHaveLength(3);
  });

  it('commits a clean file in one request and reports the count', async () => {
    const user = userEvent.setup();
    const committed = vi.fn();
    const hide = vi.fn();
    const { calls } = mockFetch((c) =>
      c.url.includes('mode=commit') ? jsonResponse(200, { mode: 'commit', created: 3, ids: [11, 12, 13] }) : jsonResponse(200, GOOD),
    );
    renderAt(
      '/customer',
      <ImportDialog resource="customers" show onHide={hide} onCommitted={committed} templateName="mau.xlsx" columns={[{ field: 'fullName', label: 'Họ tên' }]} />,
    );
    await user.upload(screen.getByLabelText('File Excel (.xlsx)'), xlsx('khach.xlsx'));
    const commit = await screen.findByRole('button', { name: 'Nhập 3 dòng' });
    await user.click(commit);
    await waitFor(() => expect(committed).toHaveBeenCalledWith({ mode: 'commit', created: 3, ids: [11, 12, 13] }));
    expect(calls.map((c) => new URL(c.url, 'http://x').searchParams.get('mode'))).toEqual(['preview', 'commit']);
    expect(hide).toHaveBeenCalled();
  });

  it('shows the rows again when the commit is refused as a whole', async () => {
    const user = userEvent.setup();
    mockFetch((c) =>
      c.url.includes('mode=commit')
        ? jsonResponse(422, { message: 'Tệp có dòng không hợp lệ; chưa ghi dòng nào', code: 'IMPORT_INVALID', details: BAD })
        : jsonResponse(200, GOOD),
    );
    renderAt('/customer', <ImportDialog resource="customers" show onHide={() => {}} templateName="mau.xlsx" columns={[{ field: 'fullName', label: 'Họ tên' }]} />);
    await user.upload(screen.getByLabelText('File Excel (.xlsx)'), xlsx('khach.xlsx'));
    await user.click(await screen.findByRole('button', { name: 'Nhập 3 dòng' }));
    expect(await screen.findByText('Vui lòng nhập họ tên')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Nhập' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
