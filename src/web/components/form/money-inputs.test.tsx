import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderAt, setupI18n } from '../test-support';
import { MoneyField } from './fields';
import { AmountInput } from './money-inputs';

/**
 * Money typed by a person is read exactly or refused with a message (shared/domain/money-input.ts), never rewritten
 * into another number: "1e9" is not 19 ₫, "30,5" is not 305 ₫, a 17-digit amount is not capped.
 */

let seen: unknown[] = [];

function MoneyForm({ max }: { max?: number }) {
  const form = useForm<{ amount: number | null }>({ defaultValues: { amount: null } });
  const v = form.watch('amount');
  seen.push(v);
  return (
    <>
      <MoneyField form={form} name="amount" label="Amount" required max={max} />
      <output data-testid="value">{String(v)}</output>
    </>
  );
}

function UsdInput() {
  const form = useForm<{ price: number | null }>({ defaultValues: { price: null } });
  return (
    <>
      <AmountInput id="price" aria-label="Price" currency="USD" value={form.watch('price')} onChange={(v) => form.setValue('price', v)} />
      <output data-testid="value">{String(form.watch('price'))}</output>
    </>
  );
}

function PercentInput() {
  const form = useForm<{ bps: number | null }>({ defaultValues: { bps: 0 } });
  return (
    <>
      <AmountInput id="bps" aria-label="Percent" percent value={form.watch('bps')} onChange={(v) => form.setValue('bps', v)} />
      <output data-testid="value">{String(form.watch('bps'))}</output>
    </>
  );
}

async function typeInto(label: string, text: string) {
  const user = userEvent.setup();
  const input = screen.getByLabelText(new RegExp(`^${label}`));
  await user.clear(input);
  await user.type(input, text);
  return input as HTMLInputElement;
}

const value = () => screen.getByTestId('value').textContent;

beforeAll(async () => {
  await setupI18n(['common']);
});

afterEach(async () => {
  seen = [];
  await i18n.changeLanguage('vi');
});

describe('money input (Vietnamese)', () => {
  it.each([
    ['1e9', 'Không nhập dạng số mũ'],
    ['-4x9,99', 'Chỉ nhập chữ số'],
    ['-30.000', 'Không được nhập số âm'],
    ['30,5', 'không có phần thập phân'],
    ['12345678901234567', 'Số tiền tối đa là'],
    ['1,234.56', 'Dấu ngăn cách đặt sai chỗ'],
  ])('refuses %s with a message and never holds another number', async (typed, message) => {
    renderAt('/', <MoneyForm />);
    const input = await typeInto('Amount', typed);
    expect(input.value).toBe(typed); // what was typed stays as typed
    expect(screen.getByRole('alert').textContent).toContain(message);
    expect(value()).toBe('NaN');
    // Never capped: no keystroke made the form hold the maximum or more.
    expect(seen.filter((v) => typeof v === 'number' && v >= 1_000_000_000_000_000)).toEqual([]);
  });

  it('reads Vietnamese grouping and shows what it understood', async () => {
    renderAt('/', <MoneyForm />);
    await typeInto('Amount', '1250000');
    expect(value()).toBe('1250000');
    expect(screen.getByTestId('amount-understood').textContent).toBe('Đã hiểu là 1.250.000\u00a0₫');
    await typeInto('Amount', '2.500.000 đ');
    expect(value()).toBe('2500000');
  });
});

describe('money input (English)', () => {
  it('reads English grouping and decimals for USD, refuses the Vietnamese way', async () => {
    await i18n.changeLanguage('en');
    renderAt('/', <UsdInput />);
    await typeInto('Price', '1,234.56');
    expect(value()).toBe('123456');
    await typeInto('Price', '1.234,56');
    expect(value()).toBe('NaN');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Use ","'));
  });

  it('refuses letters in a percentage instead of reading 0', async () => {
    await i18n.changeLanguage('en');
    renderAt('/', <PercentInput />);
    await typeInto('Percent', 'abc');
    expect(value()).toBe('NaN');
    await typeInto('Percent', '2.5');
    expect(value()).toBe('250');
  });
});
