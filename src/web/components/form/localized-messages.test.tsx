import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CustomerCreate } from '../../../shared/contracts/customers';
import { i18n } from '../../lib/i18n';
import { renderAt, setupI18n } from '../test-support';
import { FieldShell, TextField } from './fields';
import { FormActions, ResourceFormFrame } from './resource-form';
import { localizeFieldErrors } from './localized-messages';
import { useResourceForm } from './use-resource-form';

/**
 * Form messages in the UI language: the contract's own (Vietnamese) messages through the catalog in English, and
 * zod's built-in checks from zod's locale for the UI language.
 */

// The real customer contract's name rule (its own message), next to a check with zod's built-in message.
const Schema = z.strictObject({
  fullName: CustomerCreate.shape.fullName,
  code: z.string().max(5),
});

function TestForm() {
  const rf = useResourceForm({
    schema: Schema,
    defaultValues: { fullName: 'Nguyễn Văn A', code: 'KH1' },
    save: vi.fn(),
    texts: { pending: '…', success: '✓' },
  });
  return (
    <ResourceFormFrame rf={rf} base={{ version: 1 }} conflictFields={[]}>
      <TextField form={rf.form} name="fullName" label="Name" required />
      <TextField form={rf.form} name="code" label="Code" />
      <FormActions saving={rf.saving} onCancel={() => {}} />
    </ResourceFormFrame>
  );
}

async function submitWithBadValues() {
  const user = userEvent.setup();
  renderAt('/edit', <TestForm />);
  await user.clear(screen.getByLabelText(/^Name/));
  await user.type(screen.getByLabelText(/^Code/), '-TOO-LONG');
  await user.click(screen.getByRole('button', { name: /Save|Lưu/ }));
}

beforeAll(async () => {
  await setupI18n(['common', 'resource']);
});
afterEach(async () => {
  await i18n.changeLanguage('vi');
});

describe('form field errors follow the UI language', () => {
  it('English: the contract message is English, and so is the built-in check', async () => {
    await i18n.changeLanguage('en');
    await submitWithBadValues();
    expect(await screen.findByText('Please enter the full name')).toBeTruthy();
    expect(await screen.findByText('Too big: expected string to have <=5 characters')).toBeTruthy();
    expect(screen.queryByText('Vui lòng nhập họ tên')).toBeNull();
  });

  it('Vietnamese: the contract message as written, the built-in check from zod\'s Vietnamese locale', async () => {
    await submitWithBadValues();
    expect(await screen.findByText('Vui lòng nhập họ tên')).toBeTruthy();
    const viLocale = (await import('zod/v4/locales/vi.js')).default();
    const builtIn = viLocale.localeError({ code: 'too_big', origin: 'string', maximum: 5, inclusive: true, input: '' } as never) as string;
    expect(builtIn).not.toMatch(/^Too big/);
    expect(await screen.findByText(builtIn)).toBeTruthy();
  });

  it('an error a form set itself from a contract message is shown in English too', async () => {
    await i18n.changeLanguage('en');
    renderAt(
      '/',
      <FieldShell id="amount" label="Amount" error="Số tiền phải lớn hơn 0 (chỉ điều chỉnh mới được âm)">
        <input id="amount" />
      </FieldShell>,
    );
    expect(await screen.findByText('The amount must be more than 0 (only an adjustment can be negative)')).toBeTruthy();
  });
});

it('localizeFieldErrors maps every message, keeps refs and the root of a field array', () => {
  const ref = { name: 'x' };
  const items = [undefined, { name: { type: 'custom', message: 'Vui lòng nhập tên sản phẩm', ref } }] as unknown as Record<string, unknown>;
  items.root = { type: 'too_small', message: 'Đơn mua hộ cần ít nhất một sản phẩm' };
  const out = localizeFieldErrors({ items, note: { type: 'x', message: 'm', types: { a: 'm', b: ['m', 'n'] } } }, (m) => `<${m}>`) as never as {
    items: Array<{ name: { message: string; ref: unknown } } | undefined> & { root: { message: string } };
    note: { message: string; types: Record<string, unknown> };
  };
  expect(out.items[0]).toBeUndefined();
  expect(out.items[1]!.name.message).toBe('<Vui lòng nhập tên sản phẩm>');
  expect(out.items[1]!.name.ref).toBe(ref);
  expect(out.items.root.message).toBe('<Đơn mua hộ cần ít nhất một sản phẩm>');
  expect(out.note).toEqual({ type: 'x', message: '<m>', types: { a: '<m>', b: ['<m>', '<n>'] } });
});
