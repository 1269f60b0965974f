import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BankIntegrationSettings } from '../../../shared/contracts/bank-transactions';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { jsonResponse, mockFetch } from '../../test/auth-fixtures';
import { BankIntegrationPage } from './bank-integration';

const settings = (over: Partial<BankIntegrationSettings> = {}): BankIntegrationSettings => ({
  sepay: { configured: true, source: 'env', hint: '••••cdef' },
  casso: { configured: false, source: null, hint: null },
  accounts: [{ bankName: 'VPBank', accountNumber: '0071001234567', accountName: 'CONG TY CARGO' }],
  topUpPrefix: 'NAP',
  webhookPaths: { sepay: '/api/integrations/sepay/webhook', casso: '/api/integrations/casso/webhook' },
  ...over,
});

setupScreenTests(['common', 'shell', 'setting'], {});

describe('bank connection settings', () => {
  it('shows each webhook URL and only the key hint; saving a key sends it once and shows the new hint, a refusal is shown at the field', async () => {
    let refused = true;
    const { calls } = mockFetch((c) => {
      if (c.method === 'PUT') {
        if (refused) {
          refused = false;
          return jsonResponse(400, { message: 'Khoá cần ít nhất 16 ký tự', code: 'VALIDATION_ERROR' });
        }
        return jsonResponse(200, settings({ casso: { configured: true, source: 'settings', hint: '••••9012' } }));
      }
      return jsonResponse(200, settings());
    });
    renderRoutes([{ path: '/setting/bank', element: <BankIntegrationPage /> }], '/setting/bank');
    expect((await screen.findByTestId('bank-url-sepay')).textContent).toBe(`${window.location.origin}/api/integrations/sepay/webhook`);
    expect(screen.getByTestId('bank-key-hint-sepay').textContent).toBe('••••cdef');
    expect(screen.getByTestId('bank-env-note-sepay').textContent).toContain('SEPAY_WEBHOOK_KEY');
    expect(screen.getByTestId('bank-key-state-casso').textContent).toBe('Chưa cấu hình');
    expect(screen.getByTestId('bank-accounts').textContent).toContain('0071001234567');

    const input = screen.getByLabelText('Khoá webhook Casso');
    expect(input.getAttribute('type')).toBe('password');
    fireEvent.change(input, { target: { value: 'short' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Lưu khoá' })[1]!);
    expect(await screen.findByText('Khoá cần ít nhất 16 ký tự')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'casso-checksum-key-9012' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Lưu khoá' })[1]!);
    await waitFor(() => expect(screen.getByTestId('bank-key-hint-casso').textContent).toBe('••••9012'));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.body)).toEqual([{ cassoKey: 'short' }, { cassoKey: 'casso-checksum-key-9012' }]);
    expect((input as HTMLInputElement).value).toBe('');
    expect(document.body.textContent).not.toContain('casso-checksum-key-9012');
    expect(screen.getByTestId('bank-remove-casso')).toBeTruthy();
  });
});
