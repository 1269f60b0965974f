import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { i18n } from '../../lib/i18n';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { makePackage } from '../../test/entity-fixtures';
import { PackageEditPage } from './package-form';

setupScreenTests(['common', 'shell', 'resource', 'tracking']);

const PACKAGE = makePackage({ declaredValue: null, declaredCurrency: null });

function open() {
  const { calls } = mockFetch(({ url, method, body }) => {
    if (url.includes('/api/stores')) return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 200 });
    if (method === 'PATCH') return jsonResponse(200, { ...PACKAGE, ...(body as object), version: PACKAGE.version + 1 }, { etag: `"${PACKAGE.version + 1}"` });
    return jsonResponse(200, PACKAGE, { etag: `"${PACKAGE.version}"` });
  });
  renderRoutes([{ path: '/tracking/edit/:id', element: <PackageEditPage /> }, { path: '/tracking/:id', element: <p>saved</p> }], `/tracking/edit/${PACKAGE.id}`);
  return calls;
}

describe('package form: the declared value', () => {
  it('is read with the one money input in the UI language: "1.000" USD is a thousand dollars in Vietnamese, a pasted "39.99" is 39,99 USD, "49,999" is refused with its reason', async () => {
    const user = userEvent.setup();
    const calls = open();
    await user.selectOptions(await screen.findByLabelText('Loại tiền'), 'USD');
    const value = screen.getByLabelText('Giá trị khai báo');
    // A price from a US site: no Vietnamese grouping reads "39.99", so it has one reading, shown under the input.
    await user.type(value, '39.99');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('amount-understood').textContent).toContain('39,99\u00a0USD');
    expect((value as HTMLInputElement).value).toBe('39.99');
    await user.clear(value);
    // Three digits after the mark: a thousands group or the cents, so it is refused with how to write it here.
    await user.type(value, '49,999');
    expect(screen.getByRole('alert').textContent).toContain('dấu "," trước phần thập phân');
    await user.clear(value);
    await user.type(value, '1.000');
    expect(screen.getByTestId('amount-understood').textContent).toContain('1.000,00\u00a0USD');
    await user.click(screen.getByRole('button', { name: /^Lưu/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ declaredValue: 100_000, declaredCurrency: 'USD' });
  });

  it('in English, "1,234.56" USD is 1,234.56 dollars and "1.234,56" is refused', async () => {
    await i18n.changeLanguage('en');
    try {
      const user = userEvent.setup();
      const calls = open();
      await user.selectOptions(await screen.findByLabelText('Currency'), 'USD');
      const value = screen.getByLabelText('Declared value');
      await user.type(value, '1.234,56');
      expect(screen.getByRole('alert').textContent).toContain('"." before the decimals');
      await user.clear(value);
      await user.type(value, '1,234.56');
      await user.click(screen.getByRole('button', { name: /^Save/ }));
      await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
      expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ declaredValue: 123_456, declaredCurrency: 'USD' });
    } finally {
      await i18n.changeLanguage('vi');
    }
  });
});
