import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderAt, setupI18n } from '../../components/test-support';
import { makeTransaction } from '../../test/entity-fixtures';
import { TransactionNote } from './badges';

beforeAll(async () => {
  await setupI18n(['common', 'transaction']);
});
afterAll(async () => {
  await i18n.changeLanguage('vi');
});

describe('the note of a wallet row', () => {
  const rows = [
    makeTransaction({ id: 1, type: 'cod', noteCode: 'slip_collected', noteParams: { slip: 'PG2611-00012' }, note: 'Để ở quầy' }),
    makeTransaction({ id: 2, type: 'refund', noteCode: 'order_refund', noteParams: { order: 'DH00000501' } }),
    makeTransaction({ id: 3, note: 'Khách chuyển khoản nhầm' }),
  ];
  const renderAll = () =>
    renderAt(
      '/transaction',
      <ul>
        {rows.map((r) => (
          <li key={r.id} data-testid={`note-${r.id}`}>
            <TransactionNote row={r} />
          </li>
        ))}
      </ul>,
    );

  it('renders what the system wrote in English in the English UI, and what staff typed as typed', async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(['transaction']);
    renderAll();
    expect((await screen.findByTestId('note-1')).textContent).toBe('Collected on delivery slip PG2611-00012 — Để ở quầy');
    expect(screen.getByTestId('note-2').textContent).toBe('Refund for cancelled order DH00000501');
    expect(screen.getByTestId('note-3').textContent).toBe('Khách chuyển khoản nhầm');
  });

  it('and in Vietnamese in the Vietnamese UI', async () => {
    await i18n.changeLanguage('vi');
    renderAll();
    expect((await screen.findByTestId('note-1')).textContent).toBe('Thu khi giao phiếu PG2611-00012 — Để ở quầy');
    expect(screen.getByTestId('note-2').textContent).toBe('Hoàn tiền do hủy đơn DH00000501');
  });
});
