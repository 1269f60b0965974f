import { forwardRef, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { Controller, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MessageLanguage } from '../../../shared/i18n/language';
import { formatScaled, parseDecimalInput } from '../../../shared/domain/money-input';
import { DEFAULT_WEIGHT_RULES, parcelFigures, type WeightRules } from '../../../shared/domain/weight';
import { FieldShell } from '../../components/form/fields';
import { useFormat } from '../../lib/use-format';

/**
 * People weigh in kilograms and measure in centimetres; the API takes integer grams and millimetres. These
 * inputs show the larger unit and hold the integer of the smaller one (exactly, no floating point), so the
 * shared contract validates the form as it validates the request.
 */

/** What the input shows for a held integer (1500 g at 3 decimals → "1,5" / "1.5"): the one writer, never grouped. */
const measureText = (value: unknown, decimals: number, lang: MessageLanguage): string =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? formatScaled(value, decimals, { lang, grouping: false, trimZeros: true }) : '';

/** What the input holds for a text, read by the one decimal reader: null when blank, NaN when refused (the contract then reports the field). */
const measureValue = (text: string, decimals: number): number | null => {
  if (!text.trim()) return null;
  const r = parseDecimalInput(text, { decimals });
  return r.ok ? r.value : Number.NaN;
};

interface ScaledInputProps {
  id: string;
  value: unknown;
  onChange(value: number | null | undefined): void;
  onBlur(): void;
  name: string;
  decimals: number;
  unit: ReactNode;
  /** A blank input means undefined (field left out) instead of null (field cleared). */
  blankAsUndefined?: boolean;
  invalid: boolean;
  describedBy?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  size?: 'sm' | 'lg';
  onKeyDown?(e: KeyboardEvent<HTMLInputElement>): void;
  /** Part of a scan-and-weigh sequence (Enter moves to the next step). */
  scanStep?: boolean;
  'aria-label'?: string;
}

/** The bare input with its unit; keeps what was typed ("1," on the way to "1,5") while the form holds the integer. */
export const ScaledInput = forwardRef<HTMLInputElement, ScaledInputProps>(function ScaledInput(props, ref) {
  const { i18n } = useTranslation();
  const lang: MessageLanguage = i18n.resolvedLanguage === 'en' ? 'en' : 'vi';
  const { value, onChange, decimals, blankAsUndefined } = props;
  const [text, setText] = useState(() => measureText(value, decimals, lang));
  const [emitted, setEmitted] = useState<unknown>(value);
  // A value set from outside (a reset, "load their version") replaces what was typed.
  if (!Object.is(value, emitted) && !(value == null && emitted == null)) {
    setEmitted(value);
    setText(measureText(value, decimals, lang));
  }
  const toValue = (s: string, d: number) => {
    const v = measureValue(s, d);
    return v === null && blankAsUndefined ? undefined : v;
  };
  // The unit changed under the text (another currency): the same digits now mean another integer.
  const shownDecimals = useRef(decimals);
  useEffect(() => {
    if (shownDecimals.current === decimals) return;
    shownDecimals.current = decimals;
    const v = toValue(text, decimals);
    setEmitted(v);
    onChange(v);
  }, [decimals]); // eslint-disable-line react-hooks/exhaustive-deps -- only a change of unit re-reads the text
  return (
    <div className="input-group has-validation">
      <Form.Control
        ref={ref}
        id={props.id}
        name={props.name}
        inputMode="decimal"
        autoComplete="off"
        className="text-end font-tabular"
        size={props.size}
        value={text}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          const v = toValue(next, decimals);
          setEmitted(v);
          onChange(v);
        }}
        onBlur={props.onBlur}
        onKeyDown={props.onKeyDown}
        isInvalid={props.invalid}
        aria-invalid={props.invalid}
        aria-required={props.required || undefined}
        aria-describedby={props.describedBy}
        aria-label={props['aria-label']}
        disabled={props.disabled}
        autoFocus={props.autoFocus}
        data-scan-step={props.scanStep || undefined}
      />
      <span className="input-group-text">{props.unit}</span>
    </div>
  );
});

// The transformed (output) type of the form does not matter to a control.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm<V extends FieldValues> = UseFormReturn<V, any, any>;

export interface ScaledFieldProps<V extends FieldValues> {
  form: AnyForm<V>;
  name: FieldPath<V>;
  label: ReactNode;
  /** 3: kg held as g; 1: cm held as mm; a currency's minor-unit digits for money. */
  decimals: number;
  unit: ReactNode;
  help?: ReactNode;
  required?: boolean;
  className?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  blankAsUndefined?: boolean;
  scanStep?: boolean;
  onKeyDown?(e: KeyboardEvent<HTMLInputElement>): void;
}

/** A labelled decimal field bound to react-hook-form (see ScaledInput). */
export function ScaledNumberField<V extends FieldValues>({ form, name, label, decimals, unit, help, required, className, disabled, autoFocus, blankAsUndefined, scanStep, onKeyDown }: ScaledFieldProps<V>) {
  const { t } = useTranslation('tracking');
  const id = useId();
  const { error } = form.getFieldState(name, form.formState);
  let message = error?.message;
  // The contract speaks in grams and millimetres; what was typed is in kilograms or centimetres.
  if (error) {
    const value: unknown = form.getValues(name);
    if (value === null || value === undefined) message = t('input.required');
    else if (Number.isNaN(value)) message = decimals ? t('input.decimal', { count: decimals }) : t('input.integer');
  }
  const describedBy = message ? `${id}-error` : help ? `${id}-help` : undefined;
  return (
    <FieldShell id={id} label={label} error={message} help={help} required={required} className={className}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <ScaledInput
            ref={field.ref}
            id={id}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            decimals={decimals}
            unit={unit}
            blankAsUndefined={blankAsUndefined}
            invalid={Boolean(message)}
            describedBy={describedBy}
            required={required}
            disabled={disabled}
            autoFocus={autoFocus}
            scanStep={scanStep}
            onKeyDown={onKeyDown}
          />
        )}
      />
    </FieldShell>
  );
}

const isMeasure = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

const isBlank = (v: unknown) => v === null || v === undefined;

/**
 * The volumetric and chargeable weight of what was entered (the shared rule, parcelFigures): null until the
 * weight is valid and the sizes are either all three valid or all blank (a weight alone is billed as it is).
 */
function figuresOf(
  m: { weightG?: unknown; lengthMm?: unknown; widthMm?: unknown; heightMm?: unknown },
  rules: WeightRules = DEFAULT_WEIGHT_RULES,
): { volumetricG: number | null; chargeableG: number } | null {
  if (!isMeasure(m.weightG)) return null;
  const sizes = [m.lengthMm, m.widthMm, m.heightMm];
  const measured = sizes.every(isMeasure);
  if (!measured && !sizes.every(isBlank)) return null;
  try {
    const f = parcelFigures(measured ? { weightG: m.weightG, lengthMm: m.lengthMm as number, widthMm: m.widthMm as number, heightMm: m.heightMm as number } : { weightG: m.weightG }, rules);
    return f.chargeableG === null ? null : { volumetricG: f.volumetricG, chargeableG: f.chargeableG };
  } catch {
    return null;
  }
}

/**
 * Gross, volumetric and chargeable weight as they are typed, from shared/domain/weight.ts with the default
 * divisor and rounding step; the server recomputes with the settings when the parcel is saved.
 */
export function ChargeablePreview({
  weightG,
  lengthMm,
  widthMm,
  heightMm,
  compact = false,
}: {
  weightG?: unknown;
  lengthMm?: unknown;
  widthMm?: unknown;
  heightMm?: unknown;
  compact?: boolean;
}) {
  const { t } = useTranslation('tracking');
  const fmt = useFormat();
  const figures = figuresOf({ weightG, lengthMm, widthMm, heightMm });
  const byVolume = figures !== null && figures.volumetricG !== null && isMeasure(weightG) && figures.volumetricG > weightG;
  if (compact) {
    return (
      <span className="small text-nowrap font-tabular" role="status" aria-live="polite">
        {figures ? (
          <>
            <span data-testid="volumetric" title={t('fields.volumetric')}>
              {figures.volumetricG === null ? '—' : fmt.kg(figures.volumetricG)}
            </span>
            <i className="bi bi-arrow-right mx-1 text-body-tertiary" aria-hidden="true" />
            <strong data-testid="chargeable" className={byVolume ? 'text-warning-emphasis' : undefined} title={t('fields.chargeable')}>
              {fmt.kg(figures.chargeableG)}
            </strong>
          </>
        ) : (
          <span className="text-body-tertiary">—</span>
        )}
      </span>
    );
  }
  return (
    <div className="weight-preview rounded border bg-body-tertiary p-2 px-3" role="status" aria-live="polite">
      <dl className="weight-preview-grid mb-0">
        <div>
          <dt>{t('fields.volumetric')}</dt>
          <dd data-testid="volumetric" className="font-tabular">
            {figures && figures.volumetricG !== null ? fmt.kg(figures.volumetricG) : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('fields.chargeable')}</dt>
          <dd data-testid="chargeable" className="font-tabular fs-5 fw-semibold">
            {figures ? fmt.kg(figures.chargeableG) : '—'}
          </dd>
        </div>
      </dl>
      <div className="small text-body-secondary mt-1">
        {figures
          ? byVolume
            ? t('receive.byVolume', { divisor: DEFAULT_WEIGHT_RULES.divisor })
            : figures.volumetricG === null
              ? t('receive.byWeightOnly')
              : t('receive.byWeight')
          : t('receive.previewHint', { divisor: DEFAULT_WEIGHT_RULES.divisor })}
      </div>
    </div>
  );
}
