import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/**
 * THE date and date-time input of the console: typed and shown as dd/MM/yyyy (and 24-hour HH:mm), in both
 * languages and whatever the browser's locale, unlike the native date inputs, which follow the browser. The value is
 * the calendar day "yyyy-MM-dd" (or the wall-clock minute "yyyy-MM-ddTHH:mm", read as Vietnamese time by the
 * caller), '' while empty, and null while the text is refused. A text that is not exactly such a day (a wrong form,
 * 31/02, outside min/max) is kept as typed, never rewritten, and says why under the input once the field was left.
 */

export interface DateInputProps {
  id?: string;
  /** "yyyy-MM-dd" (or "yyyy-MM-ddTHH:mm" with `withTime`); '' or null/undefined while empty. */
  value: string | null | undefined;
  /** The day ('' when emptied), or null while the text is refused. */
  onChange(value: string | null): void;
  onBlur?(): void;
  /** Day and 24-hour time: "dd/MM/yyyy HH:mm". */
  withTime?: boolean;
  /** Earliest accepted value, in the value's own form. */
  min?: string;
  /** Latest accepted value, in the value's own form. */
  max?: string;
  /** The form's own error (contract, server); a refused text shows its own reason instead. */
  error?: string;
  size?: 'sm';
  disabled?: boolean;
  required?: boolean;
  name?: string;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'data-testid'?: string;
  inputRef?(el: HTMLInputElement | null): void;
}

type Refusal = 'format' | 'noSuchDay' | 'min' | 'max';
type Reading = { ok: true; value: string } | { ok: false; reason: Refusal };

const DAY_TEXT = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const DAY_TIME_TEXT = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})$/;
const DAY_VALUE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_TIME_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The text a value is shown as ("02/12/2026", "02/12/2026 04:25"); '' for an empty or malformed value. */
function textOf(value: string | null | undefined, withTime: boolean): string {
  if (!value) return '';
  const m = (withTime ? DAY_TIME_VALUE : DAY_VALUE).exec(value);
  if (!m) return '';
  const day = `${m[3]}/${m[2]}/${m[1]}`;
  return withTime ? `${day} ${m[4]}:${m[5]}` : day;
}

/** Reads the typed text: one or two digits for day, month and hour, four for the year, two for the minute. */
function readText(text: string, withTime: boolean, min?: string, max?: string): Reading | null {
  const s = text.trim();
  if (s === '') return null;
  const m = (withTime ? DAY_TIME_TEXT : DAY_TEXT).exec(s);
  if (!m) return { ok: false, reason: 'format' };
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { ok: false, reason: 'noSuchDay' };
  let value = `${year}-${pad(month)}-${pad(day)}`;
  if (withTime) {
    const [hour, minute] = [Number(m[4]), Number(m[5])];
    if (hour > 23 || minute > 59) return { ok: false, reason: 'noSuchDay' };
    value += `T${pad(hour)}:${pad(minute)}`;
  }
  // Values of one form compare as text (fixed-width digits, most significant first).
  if (min && value < min) return { ok: false, reason: 'min' };
  if (max && value > max) return { ok: false, reason: 'max' };
  return { ok: true, value };
}

export function DateInput(props: DateInputProps) {
  const { id, value, onChange, onBlur, withTime = false, min, max, error, size, disabled, required, name, className, inputRef } = props;
  const { t } = useTranslation('resource');
  const [text, setText] = useState(() => textOf(value, withTime));
  const [reading, setReading] = useState<Reading | null>(null);
  const [left, setLeft] = useState(false);
  const emitted = useRef<string | null | undefined>(value);

  // A value set from outside (a reset, a loaded record, a preset period) rewrites the text from the value.
  useEffect(() => {
    if (value === emitted.current || (!value && !emitted.current && emitted.current !== null)) return;
    emitted.current = value;
    setText(textOf(value, withTime));
    setReading(null);
  }, [value, withTime]);

  // Limits moved (the other end of a range): the text is judged again.
  useEffect(() => {
    if (text.trim() === '') return;
    const again = readText(text, withTime, min, max);
    const next = again === null ? '' : again.ok ? again.value : null;
    setReading(again);
    if (next !== emitted.current) {
      emitted.current = next;
      onChange(next);
    }
  }, [min, max]); // eslint-disable-line react-hooks/exhaustive-deps -- only a change of the limits re-reads the text

  const shownLimit = (v: string | undefined) => textOf(v, withTime) || v;
  const refusal =
    reading && !reading.ok && (left || Boolean(error))
      ? reading.reason === 'format'
        ? t(withTime ? 'dateInput.formatTime' : 'dateInput.format')
        : reading.reason === 'noSuchDay'
        ? t(withTime ? 'dateInput.noSuchTime' : 'dateInput.noSuchDay')
        : reading.reason === 'min'
        ? t('dateInput.min', { limit: shownLimit(min) })
        : t('dateInput.max', { limit: shownLimit(max) })
      : undefined;
  const message = refusal ?? error;
  const errorId = id ? `${id}-error` : undefined;
  const describedBy = [message ? errorId : undefined, props['aria-describedby']].filter(Boolean).join(' ') || undefined;

  return (
    <>
      <Form.Control
        id={id}
        ref={inputRef}
        name={name}
        size={size}
        aria-label={props['aria-label']}
        aria-required={required || undefined}
        data-testid={props['data-testid']}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        placeholder={t(withTime ? 'dateInput.placeholderTime' : 'dateInput.placeholder')}
        maxLength={withTime ? 22 : 14}
        className={`font-tabular date-input${withTime ? ' date-input-time' : ''}${className ? ` ${className}` : ''}`}
        value={text}
        isInvalid={Boolean(message)}
        aria-invalid={Boolean(message) || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onBlur={() => {
          setLeft(true);
          onBlur?.();
        }}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          const r = readText(next, withTime, min, max);
          setReading(r);
          const v = r === null ? '' : r.ok ? r.value : null;
          emitted.current = v;
          onChange(v);
        }}
      />
      {message && (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {message}
        </div>
      )}
    </>
  );
}
