import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderAt, setupI18n } from '../test-support';
import { DateInput } from './date-input';
import { DateField } from './date-field';

/**
 * Days are typed and shown as dd/MM/yyyy (and 24-hour HH:mm) in both languages, whatever the browser's locale: the
 * value is the calendar day; a text that is not exactly a day is kept as typed and refused with a reason.
 */

function DayForm({ withTime, initial = '' }: { withTime?: boolean; initial?: string }) {
  const form = useForm<{ day: string | null }>({ defaultValues: { day: initial } });
  return (
    <>
      <DateField form={form} name="day" label="Ngày" withTime={withTime} />
      <output data-testid="value">{String(form.watch('day'))}</output>
    </>
  );
}

function Bounded() {
  const [v, setV] = useState<string | null>('');
  return (
    <>
      <DateInput id="d" aria-label="Ngày" value={v} onChange={setV} min="2026-12-01" max="2026-12-31" />
      <output data-testid="value">{String(v)}</output>
    </>
  );
}

const input = () => screen.getByLabelText(/^Ngày/) as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

describe('DateInput', () => {
  beforeAll(() => setupI18n(['common', 'resource']));
  afterEach(() => i18n.changeLanguage('vi'));

  it('shows a held day as dd/MM/yyyy, not as the browser writes a native date', () => {
    renderAt('/', <DayForm initial="2026-12-02" />);
    expect(input().type).toBe('text');
    expect(input().value).toBe('02/12/2026');
  });

  it('reads dd/MM/yyyy as the day; one-digit day and month are read too, and the text stays as typed', async () => {
    const user = userEvent.setup();
    renderAt('/', <DayForm />);
    await user.type(input(), '02/12/2026');
    expect(value()).toBe('2026-12-02');
    await user.clear(input());
    await user.type(input(), '2/1/2027');
    expect(value()).toBe('2027-01-02');
    expect(input().value).toBe('2/1/2027');
  });

  it('refuses the ISO and US forms and a day that does not exist, keeping the text, with the reason once left', async () => {
    const user = userEvent.setup();
    renderAt('/', <DayForm />);
    await user.type(input(), '2026-12-02');
    expect(value()).toBe('null');
    // Not while typing: the reason shows when the field is left.
    expect(screen.queryByRole('alert')).toBeNull();
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe('Ngày viết theo dạng ngày/tháng/năm, ví dụ 02/12/2026.');
    expect(input().value).toBe('2026-12-02');
    expect(input().getAttribute('aria-invalid')).toBe('true');

    await user.clear(input());
    await user.type(input(), '31/02/2026');
    expect(value()).toBe('null');
    expect(screen.getByRole('alert').textContent).toBe('Không có ngày này.');
    expect(input().value).toBe('31/02/2026');

    await user.clear(input());
    expect(value()).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads a day and a 24-hour time; 12-hour "AM/PM" and 24:00 are refused', async () => {
    const user = userEvent.setup();
    renderAt('/', <DayForm withTime initial="2026-12-02T04:25" />);
    expect(input().value).toBe('02/12/2026 04:25');
    await user.clear(input());
    await user.type(input(), '02/12/2026 16:05');
    expect(value()).toBe('2026-12-02T16:05');
    await user.clear(input());
    await user.type(input(), '12/02/2026, 04:25 AM');
    await user.tab();
    expect(value()).toBe('null');
    expect(screen.getByRole('alert').textContent).toContain('ví dụ 02/12/2026 14:30');
    await user.clear(input());
    await user.type(input(), '02/12/2026 24:00');
    expect(value()).toBe('null');
    expect(screen.getByRole('alert').textContent).toBe('Không có ngày hoặc giờ này.');
  });

  it('refuses a day outside its limits, saying the limit in dd/MM/yyyy', async () => {
    const user = userEvent.setup();
    renderAt('/', <Bounded />);
    await user.type(input(), '30/11/2026');
    await user.tab();
    expect(value()).toBe('null');
    expect(screen.getByRole('alert').textContent).toBe('Không được trước 01/12/2026.');
    fireEvent.change(input(), { target: { value: '01/01/2027' } });
    expect(screen.getByRole('alert').textContent).toBe('Không được sau 31/12/2026.');
    fireEvent.change(input(), { target: { value: '15/12/2026' } });
    expect(value()).toBe('2026-12-15');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('in English the same dd/MM/yyyy is read and the reason is in English', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    renderAt('/', <DayForm />);
    await user.type(input(), '12/31/2026');
    await user.tab();
    expect(value()).toBe('null');
    expect(screen.getByRole('alert').textContent).toBe('There is no such day.');
    await user.clear(input());
    await user.type(input(), '31/12/2026');
    expect(value()).toBe('2026-12-31');
  });
});
