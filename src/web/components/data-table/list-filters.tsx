import { useEffect, useId, useState } from 'react';
import { Dropdown, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ListSpec } from '../../../shared/contracts/list-query';
import { DateInput } from '../form/date-input';
import { AmountInput } from '../form/money-inputs';
import { useListParams } from './list-params';
import { useFilterControl } from './other-filters';

/**
 * Filter controls for a DataTable's toolbar. Each reads and writes its own query-string name through
 * useListParams, so it works beside any DataTable of the same spec with no wiring, and tells the table it shows that
 * name (useFilterControl), so the table does not repeat it among the other filters.
 */

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterBaseProps {
  spec: ListSpec;
  /** The query-string name (`status`, `province`…). */
  name: string;
  label: string;
  urlPrefix?: string;
  className?: string;
}

/** One value or all. */
/** The two options of a yes/no filter (`true` / `false` in the address), labelled by the caller. */
export function yesNoOptions(yes: string, no: string): FilterOption[] {
  return [
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ];
}

export function FilterSelect({ spec, name, label, options, allLabel, urlPrefix, className }: FilterBaseProps & { options: FilterOption[]; allLabel?: string }) {
  const { t } = useTranslation('resource');
  const id = useId();
  const params = useListParams(spec, urlPrefix);
  useFilterControl(name);
  const value = params.filters[name] ?? '';
  // A value from a link that is not among the options (several at once, or an unknown province) stays visible.
  const extra = value && !options.some((o) => o.value === value) ? [{ value, label: value }] : [];
  return (
    <div className={className}>
      <Form.Label htmlFor={id} visuallyHidden>
        {label}
      </Form.Label>
      <Form.Select
        id={id}
        size="sm"
        value={value}
        onChange={(e) => params.setFilter(name, e.target.value || null)}
        className={value ? 'filter-active' : undefined}
        title={label}
      >
        <option value="">{allLabel ?? t('filters.all', { label })}</option>
        {[...extra, ...options].map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}

/** Any of several values, as a dropdown of checkboxes. */
export function FilterChecks({ spec, name, label, options, urlPrefix, className }: FilterBaseProps & { options: FilterOption[] }) {
  const { t } = useTranslation('resource');
  const id = useId();
  const params = useListParams(spec, urlPrefix);
  useFilterControl(name);
  const selected = (params.filters[name] ?? '').split(',').filter(Boolean);
  const summary = selected.length
    ? selected.map((v) => options.find((o) => o.value === v)?.label ?? v).join(', ')
    : t('filters.any');
  const toggle = (value: string, on: boolean) => {
    const next = on ? [...selected, value] : selected.filter((v) => v !== value);
    // Keep the options' order, so the same choice always gives the same URL.
    params.setFilter(name, options.map((o) => o.value).filter((v) => next.includes(v)));
  };
  return (
    <Dropdown className={className} autoClose="outside">
      <Dropdown.Toggle
        id={id}
        as="button"
        type="button"
        bsPrefix="filter-toggle"
        className={`form-select form-select-sm text-start text-truncate${selected.length ? ' filter-active' : ''}`}
      >
        {label}: {summary}
      </Dropdown.Toggle>
      <Dropdown.Menu className="p-2 filter-menu">
        {options.map((o) => (
          <Form.Check
            key={o.value}
            id={`${id}-${o.value}`}
            type="checkbox"
            label={o.label}
            checked={selected.includes(o.value)}
            onChange={(e) => toggle(o.value, e.target.checked)}
          />
        ))}
        {selected.length > 0 && (
          <>
            <Dropdown.Divider />
            <button type="button" className="btn btn-link btn-sm p-0" onClick={() => params.setFilter(name, null)}>
              {t('filters.clearOne')}
            </button>
          </>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}

/** A date range filter (`<key>From` / `<key>To`, whole days in Vietnamese time). */
export function FilterDateRange({ spec, name, label, urlPrefix, className }: FilterBaseProps) {
  const { t } = useTranslation('resource');
  const id = useId();
  const params = useListParams(spec, urlPrefix);
  useFilterControl(name);
  const from = params.filters[`${name}From`] ?? '';
  const to = params.filters[`${name}To`] ?? '';
  const dateOnly = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');
  return (
    <fieldset className={`d-flex align-items-center gap-1 filter-date-range${className ? ` ${className}` : ''}`}>
      <legend className="visually-hidden">{label}</legend>
      <Form.Label htmlFor={`${id}-from`} className="small text-body-secondary mb-0 text-nowrap">
        {label}
      </Form.Label>
      {/* A refused text (null) is not applied: the list keeps its filter until the day is readable. */}
      <div className="filter-date">
        <DateInput
          id={`${id}-from`}
          size="sm"
          aria-label={t('filters.from', { label })}
          value={dateOnly(from)}
          max={dateOnly(to) || undefined}
          onChange={(v) => v !== null && params.update({ [`${name}From`]: v || null })}
        />
      </div>
      <span aria-hidden="true">–</span>
      <div className="filter-date">
        <DateInput
          id={`${id}-to`}
          size="sm"
          aria-label={t('filters.to', { label })}
          value={dateOnly(to)}
          min={dateOnly(from) || undefined}
          onChange={(v) => v !== null && params.update({ [`${name}To`]: v || null })}
        />
      </div>
    </fieldset>
  );
}

/** The integer a range bound of the URL holds, or null (absent, or not an integer: the server refuses that itself). */
const boundOf = (v: string | undefined): number | null => (v !== undefined && /^-?\d{1,16}$/.test(v) ? Number(v) : null);

/**
 * An amount range in đồng (`<key>Min` / `<key>Max`, both inclusive). Each bound is typed as money is everywhere,
 * read by the one money reader (AmountInput → shared/domain/money-input.ts) in the UI language; it is applied on
 * Enter or when the field is left. A text the reader refuses, or a lower bound above the upper one, is shown as
 * refused where it was typed and not applied.
 */
export function FilterAmountRange({ spec, name, label, urlPrefix, className }: FilterBaseProps) {
  const { t } = useTranslation('resource');
  const id = useId();
  const params = useListParams(spec, urlPrefix);
  useFilterControl(name);
  const [minKey, maxKey] = [`${name}Min`, `${name}Max`];
  const urlMin = boundOf(params.filters[minKey]);
  const urlMax = boundOf(params.filters[maxKey]);
  const [min, setMin] = useState<number | null>(urlMin);
  const [max, setMax] = useState<number | null>(urlMax);
  // The URL changed from elsewhere (a link, "clear filters", back): the fields follow it.
  useEffect(() => setMin(urlMin), [urlMin]);
  useEffect(() => setMax(urlMax), [urlMax]);
  const backwards = min !== null && max !== null && min > max;
  const apply = () => {
    if (Number.isNaN(min) || Number.isNaN(max) || backwards || (min === urlMin && max === urlMax)) return;
    params.update({ [minKey]: min === null ? null : String(min), [maxKey]: max === null ? null : String(max) });
  };
  return (
    <form
      className={`d-flex align-items-start gap-1 filter-amount-range${className ? ` ${className}` : ''}`}
      role="group"
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <label htmlFor={`${id}-min`} className="small text-body-secondary mb-0 text-nowrap pt-1">
        {label}
      </label>
      <div className="filter-amount-bound">
        <AmountInput id={`${id}-min`} size="sm" value={min} onChange={setMin} onBlur={apply} aria-label={t('filters.min', { label })} error={backwards ? t('filters.minAboveMax') : undefined} />
      </div>
      <span aria-hidden="true" className="pt-1">
        –
      </span>
      <div className="filter-amount-bound">
        <AmountInput id={`${id}-max`} size="sm" value={max} onChange={setMax} onBlur={apply} aria-label={t('filters.max', { label })} />
      </div>
      {/* Enter in either field applies the range. */}
      <button type="submit" className="visually-hidden" tabIndex={-1}>
        {t('filters.apply')}
      </button>
    </form>
  );
}
