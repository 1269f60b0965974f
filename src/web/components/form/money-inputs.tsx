import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../shared/domain/money';
import {
  formatMoney,
  formatMoneyAmount,
  formatPercent,
  formatRateAmount,
  parseMoneyInput,
  parsePercentInput,
  parseRateInput,
  VND_SIGN,
  type NumberInputResult,
} from '../../../shared/domain/money-input';
import { formatRate } from '../../lib/format';
import { useLocalizedMessage } from './localized-messages';

/** The UI language as the money formatters take it. */
export function useMoneyLang(): 'vi' | 'en' {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'en' ? 'en' : 'vi';
}

/**
 * THE money and percent formatters (shared/domain/money-input.ts formatMoney, formatPercent) bound to the UI
 * language: "1.299,99 USD" / "1,299.99 USD", "2,5%" / "2.5%". A missing or non-integer amount is written as ''.
 */
export function useForeignFormat() {
  const lang = useMoneyLang();
  return {
    foreign: (minor: number | null | undefined, currency: Currency) => (typeof minor === 'number' && Number.isSafeInteger(minor) ? formatMoney(minor, currency, lang) : ''),
    percent: (bps: number) => formatPercent(bps, lang),
  };
}

export interface AmountInputProps {
  id: string;
  /** Integer minor units (money), basis points (percent) or hundredths of a đồng (rate); null while empty; NaN while the text is refused. */
  value: number | null | undefined;
  onChange(value: number | null): void;
  onBlur?(): void;
  /** The field's currency; omitted with `percent`. */
  currency?: Currency;
  /** A percentage held as basis points (2,5 % → 250). */
  percent?: boolean;
  /** An exchange rate, đồng per unit of a foreign currency, held in hundredths (25.450,5 ₫ → 2545050). */
  rate?: boolean;
  /** A leading minus is accepted (an adjustment). */
  allowNegative?: boolean;
  /** Largest magnitude, in minor units / basis points. */
  max?: number;
  /** What an empty input holds: null (a required amount still to type) or 0 (an optional fee left out). */
  emptyValue?: null | 0;
  /** The form's own error (contract, server); a refused text shows its own reason instead. */
  error?: string;
  help?: ReactNode;
  disabled?: boolean;
  size?: 'sm';
  name?: string;
  'aria-label'?: string;
  inputRef?(el: HTMLInputElement | null): void;
}

/** The text an input shows for a held value, in the UI language ("1.250.000", "49,99", "2,5"). */
function amountText(value: number | null | undefined, lang: 'vi' | 'en', currency: Currency | undefined, percent: boolean | undefined, rate?: boolean): string {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return '';
  if (rate) return formatRateAmount(value, lang);
  return percent ? formatPercent(value, lang).replace(/%$/, '') : formatMoneyAmount(value, currency ?? 'VND', lang);
}

/**
 * THE money and percentage input: the text is read by shared/domain/money-input.ts exactly as typed (grouping per
 * UI language), never rewritten. A text it cannot read unambiguously keeps what was typed, holds NaN (so the form
 * cannot be saved) and says why under the input; a readable text different from how the amount is written shows
 * what was understood ("= 1.250.000 ₫").
 */
export function AmountInput(props: AmountInputProps) {
  const { id, value, onChange, onBlur, currency, percent, rate, allowNegative, max, emptyValue = null, error, help, disabled, size, name, inputRef } = props;
  const { t } = useTranslation('common');
  const lang = useMoneyLang();
  const [text, setText] = useState(() => amountText(value, lang, currency, percent, rate));
  const [result, setResult] = useState<NumberInputResult | null>(null);
  const emitted = useRef<number | null | undefined>(value);
  const shown = useRef({ lang, currency, percent });

  const read = (s: string): NumberInputResult | null => {
    if (s.trim() === '') return null;
    if (rate) return parseRateInput(s, { lang, max });
    return percent ? parsePercentInput(s, { lang, allowNegative, max }) : parseMoneyInput(s, { currency: currency ?? 'VND', lang, allowNegative, max });
  };

  // A value set from outside (a reset, a loaded record) or another language/currency rewrites the text from the value.
  useEffect(() => {
    const sameUnit = shown.current.lang === lang && shown.current.currency === currency && shown.current.percent === percent;
    const sameValue = Object.is(value, emitted.current) || (value == null && emitted.current == null);
    if (sameValue && sameUnit) return;
    shown.current = { lang, currency, percent };
    emitted.current = value;
    if (typeof value === 'number' && Number.isNaN(value) && !sameUnit) {
      // A refused text under a new currency or language: read it again the new way.
      const again = read(text);
      setResult(again);
      const next = again === null ? emptyValue : again.ok ? again.value : Number.NaN;
      emitted.current = next;
      onChange(next);
      return;
    }
    setText(amountText(value, lang, currency, percent, rate));
    setResult(null);
  }, [value, lang, currency, percent]); // eslint-disable-line react-hooks/exhaustive-deps -- only an outside change re-writes the text

  const refusal = useLocalizedMessage(result && !result.ok ? result.message : undefined);
  const message = refusal ?? error;
  const canonical = result?.ok ? amountText(result.value, lang, currency, percent, rate) : '';
  const understood =
    result?.ok && text.trim() !== canonical
      ? rate
        ? formatRate(result.value, lang)
        : percent
        ? formatPercent(result.value, lang)
        : formatMoney(result.value, currency ?? 'VND', lang)
      : null;
  const describedBy = message ? `${id}-error` : understood ? `${id}-understood` : help ? `${id}-help` : undefined;
  const suffix = percent ? '%' : currency === undefined || currency === 'VND' ? VND_SIGN : currency;

  return (
    <>
      <InputGroup size={size} hasValidation>
        <Form.Control
          id={id}
          ref={inputRef}
          name={name}
          aria-label={props['aria-label']}
          inputMode={allowNegative ? 'text' : 'decimal'}
          autoComplete="off"
          className="text-end font-tabular"
          value={text}
          isInvalid={Boolean(message)}
          aria-invalid={Boolean(message) || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          onBlur={onBlur}
          onChange={(e) => {
            const next = e.target.value;
            setText(next);
            const r = read(next);
            setResult(r);
            const v = r === null ? emptyValue : r.ok ? r.value : Number.NaN;
            emitted.current = v;
            onChange(v);
          }}
        />
        <InputGroup.Text>{suffix}</InputGroup.Text>
      </InputGroup>
      {message ? (
        <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
          {message}
        </div>
      ) : understood ? (
        <Form.Text id={`${id}-understood`} className="d-block font-tabular" data-testid="amount-understood">
          {t('amountInput.understood', { value: understood })}
        </Form.Text>
      ) : help ? (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      ) : null}
    </>
  );
}
