import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../shared/contracts/transactions';
import { makeCustomer, makeTransaction } from '../../test/entity-fixtures';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/auth-fixtures';
import { renderRoutes, setupScreenTests } from '../../components/test-support';
import { NewTransactionDialog, type NewTransactionDialogProps } from './new-transaction-dialog';

const CUSTOMER = makeCustomer({ balance: 1_000_000, version: 3 });

const row = (over: Partial<Transaction>) => makeTransaction({ id: 77, code: 'GD00000077', balanceAfter: 1_500_000, ...over });

function Harness(props: Partial<NewTransactionDialogProps>) {
  const [show, setShow] = useState(true);
  const [posted, setPosted] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setShow(true)}>
        Mở lại
      </button>
      {posted && <output data-testid="posted">{posted}</output>}
      <NewTransactionDialog show={show} onHide={() => setShow(false)} customerId={5} onPosted={(r) => setPosted(r.code)} {...props} />
    </>
  );
}

const posts = (calls: FetchCall[]) => calls.filter((c) => c.method === 'POST' && c.url.includes('/api/transactions'));
const keyOf = (c: FetchCall) => c.headers['idempotency-key'];

async function typeAmount(user: ReturnType<typeof userEvent.setup>, amount: string) {
  const input = screen.getByLabelText(/^Số tiền/);
  await user.clear(input);
  await user.type(input, amount);
}

setupScreenTests(['common', 'resource', 'transaction']);

describe('new-transaction dialog', () => {
  it('sends the same Idempotency-Key when a request whose answer was lost is sent again, and only one row results', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { calls } = mockFetch((c) => {
      if (c.method === 'GET') return jsonResponse(200, CUSTOMER);
      attempts += 1;
      // The first answer never arrives (the row may or may not have been written); the server replays on the retry.
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return jsonResponse(201, row({}), { 'idempotent-replayed': 'true' });
    });
    renderRoutes([{ path: '/', element: <Harness /> }], '/');
    const dialog = await screen.findByRole('dialog', { name: 'Ghi giao dịch ví' });
    await within(dialog).findByText('KH000005');
    await typeAmount(user, '500000');
    expect(within(dialog).getByTestId('wallet-preview').textContent).toContain('1.500.000');
    await user.click(within(dialog).getByRole('button', { name: /^Ghi nạp tiền 500\.000\s₫$/ }));

    const unknown = await within(dialog).findByTestId('unknown-outcome-alert');
    expect(unknown.textContent).toContain('không ghi hai lần');
    await user.click(within(dialog).getByRole('button', { name: /Gửi lại đúng yêu cầu này/ }));
    await waitFor(() => expect(screen.getByTestId('posted').textContent).toBe('GD00000077'));

    const sent = posts(calls);
    expect(sent).toHaveLength(2);
    expect(keyOf(sent[0]!)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyOf(sent[1]!)).toBe(keyOf(sent[0]!));
    expect(sent[1]!.body).toEqual(sent[0]!.body);
    expect(sent[0]!.body).toEqual({ customerId: 5, type: 'deposit', amount: 500_000, method: 'cash', reference: '', note: '' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A new opening is a new request: a new key.
    await user.click(screen.getByRole('button', { name: 'Mở lại' }));
    const again = await screen.findByRole('dialog', { name: 'Ghi giao dịch ví' });
    await within(again).findByText('KH000005');
    await typeAmount(user, '500000');
    await user.click(within(again).getByRole('button', { name: /^Ghi nạp tiền/ }));
    await waitFor(() => expect(posts(calls)).toHaveLength(3));
    expect(keyOf(posts(calls)[2]!)).not.toBe(keyOf(sent[0]!));
  });

  it('a double click posts once', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = mockFetch(async (c) => {
      if (c.method === 'GET') return jsonResponse(200, CUSTOMER);
      await gate;
      return jsonResponse(201, row({}));
    });
    renderRoutes([{ path: '/', element: <Harness /> }], '/');
    const dialog = await screen.findByRole('dialog', { name: 'Ghi giao dịch ví' });
    await within(dialog).findByText('KH000005');
    await typeAmount(user, '500000');
    const button = within(dialog).getByRole('button', { name: /^Ghi nạp tiền/ });
    await user.dblClick(button);
    release();
    await waitFor(() => expect(screen.getByTestId('posted').textContent).toBe('GD00000077'));
    expect(posts(calls)).toHaveLength(1);
  });

  it('shows the credit-limit refusal with balance, limit and what is available; a changed amount is a new request', async () => {
    const user = userEvent.setup();
    const refusal = {
      message:
        'Không đủ số dư để thanh toán 1.200.000 đ: khách hàng KH000005 có số dư 1.000.000 đ, hạn mức công nợ 0 đ (còn dùng được 1.000.000 đ).',
      code: 'CREDIT_LIMIT_EXCEEDED',
      details: { balance: 1_000_000, creditLimit: 0, available: 1_000_000, amount: -1_200_000 },
    };
    const { calls } = mockFetch((c) => {
      if (c.method === 'GET') return jsonResponse(200, CUSTOMER);
      const body = c.body as { amount: number };
      return body.amount > 1_000_000 ? jsonResponse(409, refusal) : jsonResponse(201, row({ type: 'payment', amount: -body.amount, balanceAfter: 1_000_000 - body.amount }));
    });
    renderRoutes([{ path: '/', element: <Harness defaultType="payment" /> }], '/');
    const dialog = await screen.findByRole('dialog', { name: 'Ghi giao dịch ví' });
    await within(dialog).findByText('KH000005');
    await typeAmount(user, '1200000');
    // The preview already warns; the server decides.
    expect(within(dialog).getByTestId('wallet-preview').textContent).toContain('Vượt hạn mức công nợ');
    await user.click(within(dialog).getByRole('button', { name: /^Ghi thanh toán 1\.200\.000\s₫$/ }));

    const alert = await within(dialog).findByTestId('credit-limit-alert');
    expect(alert.textContent).toContain('Không đủ số dư trong hạn mức công nợ');
    expect(alert.textContent).toContain(refusal.message);
    expect(alert.textContent).toMatch(/Còn được dùng\s*1\.000\.000/);
    expect(alert.textContent).toContain('−1.200.000');
    expect(screen.queryByTestId('posted')).toBeNull();

    // The 409 was decided and stored with its key: the corrected request goes with a new one (else: 422).
    await typeAmount(user, '1000000');
    await user.click(within(dialog).getByRole('button', { name: /^Ghi thanh toán 1\.000\.000\s₫$/ }));
    await waitFor(() => expect(screen.getByTestId('posted').textContent).toBe('GD00000077'));
    const sent = posts(calls);
    expect(sent.map((c) => (c.body as { amount: number }).amount)).toEqual([1_200_000, 1_000_000]);
    expect(keyOf(sent[1]!)).not.toBe(keyOf(sent[0]!));
  });

  it('checks the body with the shared contract before sending, and signs an adjustment by its direction', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c) => {
      if (c.method === 'GET') return jsonResponse(200, CUSTOMER);
      return jsonResponse(201, row({ type: 'adjustment', amount: -25_000, balanceAfter: 975_000 }));
    });
    renderRoutes([{ path: '/', element: <Harness /> }], '/');
    const dialog = await screen.findByRole('dialog', { name: 'Ghi giao dịch ví' });
    await within(dialog).findByText('KH000005');
    await user.click(within(dialog).getByRole('button', { name: 'Ghi giao dịch' }));
    expect(await within(dialog).findByText('Số tiền phải lớn hơn 0 (chỉ điều chỉnh mới được âm)')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Điều chỉnh' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Trừ khỏi ví (−)' }));
    await typeAmount(user, '25000');
    await user.type(within(dialog).getByLabelText(/^Ghi chú/), 'Thu thừa phí');
    await user.click(within(dialog).getByRole('button', { name: /^Ghi điều chỉnh 25\.000\s₫$/ }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({ customerId: 5, type: 'adjustment', amount: -25_000, method: 'cash', reference: '', note: 'Thu thừa phí' });
  });

  it('pays an order from the wallet with no method, and never more than it owes (offering a deposit instead)', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((c) => {
      if (c.method === 'GET') return jsonResponse(200, CUSTOMER);
      return jsonResponse(201, row({ type: 'payment', amount: -200_000, method: null, referenceType: 'order', referenceId: 9 }));
    });
    renderRoutes([{ path: '/', element: <Harness order={{ id: 9, code: 'DH00000009', due: 300_000 }} defaultType="payment" defaultAmount={300_000} /> }], '/');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('KH000005');
    // No cash/transfer choice for money that stays in the wallet.
    expect(within(dialog).queryByRole('combobox', { name: /Hình thức/ })).toBeNull();
    expect(within(dialog).getByTestId('wallet-method').textContent).toContain('Từ ví');
    await typeAmount(user, '400.000');
    expect(within(dialog).getByTestId('over-due').textContent).toContain('300.000\u00a0₫');
    await user.click(within(dialog).getByRole('button', { name: 'Ghi là nạp tiền vào ví' }));
    expect(within(dialog).queryByTestId('over-due')).toBeNull();
    expect(within(dialog).getByRole('combobox', { name: /Hình thức/ })).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Thanh toán' }));
    await typeAmount(user, '200.000');
    await user.click(within(dialog).getByRole('button', { name: /^Ghi thanh toán 200\.000\s₫$/ }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({ customerId: 5, type: 'payment', amount: 200_000, method: null, referenceType: 'order', referenceId: 9, reference: '', note: '' });
  });
});
