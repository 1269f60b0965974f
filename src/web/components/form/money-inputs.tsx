import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../shared/domain/money';
import { formatBps, formatForeign, parseScaled, scaledToText } from '../../lib/money';

/** The UI language as the money formatters take it. */
export function useMoneyLang(): 'vi' | 'en' {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'en' ? 'en' : 'vi';
}

/** formatForeign / formatBps bound to the UI language. */
export function useForeignFormat() {
  const lang = useMoneyLang();
  return {
    foreign: (minor: number | null | undefined, currency: Currency) => formatForeign(minor, currency, lang),
    percent: (bps: number) => formatBps(bps, lang),
  };
}

export interface ScaledInputProps {
  id?: string;
  /** An integer scaled by 10^decimals (cents, basis points); NaN while the text is empty. */
  value: number | null | undefined;
  onChange(value: number): void;
  onBlur?(): void;
  decimals: number;
  /** Shown after the input ("USD", "%"). */
  suffix?: ReactNode;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  size?: 'sm';
  name?: string;
  'aria-label'?: string;
  inputRef?(el: HTMLInputElement | null): void;
}

/**
 * A decimal typed as text and held as an integer (12.99 USD → 1299): keystrokes that would need more decimals
 * than the unit has are refused, so what is held is always exactly what is shown.
 */
export function ScaledInput({ id, value, onChange, onBlur, decimals, suffix, invalid, describedBy, disabled, size, name, inputRef, ...rest }: ScaledInputProps) {
  // A value set from outside is written with the UI language's decimal mark; either mark is read back.
  const mark = useMoneyLang() === 'vi' ? ',' : '.';
  const show = (v: number | null | undefined) => (Number.isSafeInteger(v) ? scaledToText(v, decimals).replace('.', mark) : '');
  const [text, setText] = useState(() => show(value));
  const emitted = useRef<number | null | undefined>(value);
  const shownDecimals = useRef(decimals);

  // A value set from outside (a reset, a loaded record, another unit) replaces the text.
  useEffect(() => {
    const same = Object.is(value, emitted.current) && shownDecimals.current === decimals;
    if (!same) {
      setText(show(value));
      emitted.current = value;
      shownDecimals.current = decimals;
    }
  }, [value, decimals]); // eslint-disable-line react-hooks/exhaustive-deps -- `show` follows decimals and the language

  return (
    <InputGroup size={size} hasValidation>
      <Form.Control
        {...rest}
        id={id}
        ref={inputRef}
        name={name}
        inputMode={decimals ? 'decimal' : 'numeric'}
        autoComplete="off"
        className="text-end font-tabular"
        value={text}
        isInvalid={invalid}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onBlur={onBlur}
        onChange={(e) => {
          const raw = e.target.value.replace(/\s/g, '');
          if (!/^[\d.,]*$/.test(raw)) return;
          const parsed = parseScaled(raw, decimals);
          if (raw !== '' && parsed === null) {
            // Too many decimals, or a second separator: keep what was there.
            if (decimals > 0) return;
          }
          setText(raw);
          const next = parsed ?? Number.NaN;
          emitted.current = next;
          onChange(next);
        }}
      />
      {suffix && <InputGroup.Text>{suffix}</InputGroup.Text>}
    </InputGroup>
  );
}
