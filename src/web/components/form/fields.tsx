import { useId, useState, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { Controller, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../shared/domain/money';
import { useLocalizedMessage } from './localized-messages';
import { AmountInput } from './money-inputs';

/**
 * Labelled form controls bound to react-hook-form. Every control has a visible label, its error under it
 * (announced and linked with aria-describedby) and an optional hint; required fields are marked in words too.
 */

interface ShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  help?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

export function FieldShell({ id, label, error: message, help, required, className, children }: ShellProps) {
  const { t } = useTranslation('common');
  // In the UI language even when a form set the error itself from a contract's (Vietnamese) message.
  const error = useLocalizedMessage(message);
  return (
    <Form.Group className={className ?? 'mb-3'} controlId={id}>
      <Form.Label className="fw-medium">
        {label}
        {required && (
          <span className="text-danger ms-1" title={t('required')}>
            *<span className="visually-hidden"> ({t('required')})</span>
          </span>
        )}
      </Form.Label>
      {children}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
      {help && !error && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}

// The transformed (output) type of the form does not matter to a control.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm<V extends FieldValues> = UseFormReturn<V, any, any>;

export type BaseFieldProps<V extends FieldValues> = {
  form: AnyForm<V>;
  name: FieldPath<V>;
  label: ReactNode;
  help?: ReactNode;
  required?: boolean;
  className?: string;
  disabled?: boolean;
};

/**
 * The error a field shows: once it was left, or the form was submitted, or the server named it. A field just added
 * (a new address, a new flight leg) is checked with its list at once, but is not wrong before anyone touched it.
 */
export function shownFieldError<V extends FieldValues>(form: AnyForm<V>, name: FieldPath<V>): string | undefined {
  const { error, isTouched } = form.getFieldState(name, form.formState);
  if (!error) return undefined;
  return isTouched || form.formState.isSubmitted || error.type === 'server' ? error.message : undefined;
}

export function useFieldState<V extends FieldValues>(form: AnyForm<V>, name: FieldPath<V>) {
  const id = useId();
  const message = shownFieldError(form, name);
  const describedBy = message ? `${id}-error` : undefined;
  return { id, message, describedBy };
}

export function TextField<V extends FieldValues>({
  form,
  name,
  label,
  help,
  required,
  className,
  disabled,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  maxLength,
}: BaseFieldProps<V> & {
  type?: 'text' | 'email' | 'tel' | 'password' | 'url';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'search';
  placeholder?: string;
  maxLength?: number;
}) {
  const { id, message, describedBy } = useFieldState(form, name);
  return (
    <FieldShell id={id} label={label} error={message} help={help} required={required} className={className}>
      <Form.Control
        type={type}
        {...form.register(name)}
        isInvalid={Boolean(message)}
        aria-invalid={Boolean(message)}
        aria-required={required || undefined}
        aria-describedby={describedBy ?? (help ? `${id}-help` : undefined)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        maxLength={maxLength}
        disabled={disabled}
      />
    </FieldShell>
  );
}

/** A password with a show/hide switch. */
export function PasswordField<V extends FieldValues>(props: BaseFieldProps<V> & { autoComplete: 'current-password' | 'new-password' }) {
  const { t } = useTranslation('resource');
  const { form, name, label, help, required, className, disabled, autoComplete } = props;
  const { id, message, describedBy } = useFieldState(form, name);
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={label} error={message} help={help} required={required} className={className}>
      <div className="input-group has-validation">
        <Form.Control
          type={visible ? 'text' : 'password'}
          {...form.register(name)}
          isInvalid={Boolean(message)}
          aria-invalid={Boolean(message)}
          aria-describedby={describedBy ?? (help ? `${id}-help` : undefined)}
          autoComplete={autoComplete}
          disabled={disabled}
        />
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
          aria-pressed={visible}
        >
          <i className={`bi ${visible ? 'bi-eye-slash' : 'bi-eye'}`} aria-hidden="true" />
        </button>
      </div>
    </FieldShell>
  );
}

export function TextareaField<V extends FieldValues>({ form, name, label, help, required, className, disabled, rows = 3, maxLength }: BaseFieldProps<V> & { rows?: number; maxLength?: number }) {
  const { id, message, describedBy } = useFieldState(form, name);
  return (
    <FieldShell id={id} label={label} error={message} help={help} required={required} className={className}>
      <Form.Control
        as="textarea"
        rows={rows}
        {...form.register(name)}
        isInvalid={Boolean(message)}
        aria-invalid={Boolean(message)}
        aria-describedby={describedBy ?? (help ? `${id}-help` : undefined)}
        maxLength={maxLength}
        disabled={disabled}
      />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField<V extends FieldValues>({
  form,
  name,
  label,
  help,
  required,
  className,
  disabled,
  options,
  emptyLabel,
  numeric,
}: BaseFieldProps<V> & { options: SelectOption[]; emptyLabel?: string; numeric?: boolean }) {
  const { id, message, describedBy } = useFieldState(form, name);
  return (
    <FieldShell id={id} label={label} error={message} help={help} required={required} className={className}>
      {/*
        Controlled, not registered: options often arrive after the record (stores, customers), and a registered
        select keeps the empty choice it had when its value's option did not exist yet. A numeric field holds a
        number or null (the empty choice), never Number('') = 0.
      */}
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Form.Select
            ref={field.ref}
            name={field.name}
            value={field.value === null || field.value === undefined ? '' : String(field.value)}
            onChange={(e) => field.onChange(numeric ? (e.target.value === '' ? null : Number(e.target.value)) : e.target.value)}
            onBlur={field.onBlur}
            isInvalid={Boolean(message)}
            aria-invalid={Boolean(message)}
            aria-describedby={describedBy ?? (help ? `${id}-help` : undefined)}
            disabled={disabled}
          >
            {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Form.Select>
        )}
      />
    </FieldShell>
  );
}

export function SwitchField<V extends FieldValues>({ form, name, label, help, className, disabled }: Omit<BaseFieldProps<V>, 'required'>) {
  const { id, message } = useFieldState(form, name);
  return (
    <div className={className ?? 'mb-3'}>
      <Form.Check type="switch" role="switch" id={id} label={label} {...form.register(name)} isInvalid={Boolean(message)} disabled={disabled} />
      {message && <div className="invalid-feedback d-block" role="alert">{message}</div>}
      {help && !message && <Form.Text className="d-block">{help}</Form.Text>}
    </div>
  );
}

/**
 * A labelled money field bound to react-hook-form, on the one money input (AmountInput): VND by default, read per
 * UI language, refused with a message instead of rewritten. An optional field left empty holds 0 (a fee left out),
 * or null where empty means "none" (`emptyValue`); a required one holds null, so the contract asks for it.
 */
export function MoneyField<V extends FieldValues>({
  form,
  name,
  label,
  help,
  required,
  className,
  disabled,
  max,
  currency = 'VND',
  allowNegative,
  rate,
  emptyValue = required ? null : 0,
}: BaseFieldProps<V> & { max?: number; currency?: Currency; allowNegative?: boolean; rate?: boolean; emptyValue?: null | 0 }) {
  const { id, message } = useFieldState(form, name);
  return (
    <FieldShell id={id} label={label} required={required} className={className}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <AmountInput
            id={id}
            inputRef={field.ref}
            name={field.name}
            value={field.value as number | null | undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            currency={currency}
            rate={rate}
            max={max}
            allowNegative={allowNegative}
            emptyValue={emptyValue}
            // A refused text says why itself, in place of the contract's message.
            error={message}
            help={help}
            disabled={disabled}
          />
        )}
      />
    </FieldShell>
  );
}

/** The error of a repeated list as a whole (too many rows, none where one is required), above its rows; nothing without one. */
export function ListError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div className="alert alert-danger py-2 small" role="alert">
      {message}
    </div>
  );
}
