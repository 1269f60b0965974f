import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Customer, CustomerList } from '../../../shared/contracts/customers';
import type { ListSpec } from '../../../shared/contracts/list-query';
import { api } from '../../lib/api-client';
import { formatVnd } from '../../lib/format';
import { useListParams } from '../../components/data-table/list-params';
import { useFilterControl } from '../../components/data-table/other-filters';
import { customerPickKeys } from './api';
import '../transaction/wallet.css';
import { PickerNote, PickerOption } from '../../components/form/picker-list';
import { useDebounced } from '../../lib/use-debounced';

/**
 * Choosing one customer by typing a few letters of their name, code or phone (the customers list search, which
 * ignores accents). A combobox: arrows move, Enter picks, Escape closes. Once chosen it shows as a chip that can
 * be cleared. Used by the order form, the new-transaction dialog and the customer filters of the lists.
 */

const SEARCH_DEBOUNCE_MS = 250;
const SEARCH_LIMIT = 8;

/**
 * One customer by id, for a chip or a wallet preview. `fresh` asks again each time it is enabled (a balance shown
 * before money moves must be the current one); otherwise a label a few seconds old is fine.
 */
export function useCustomerRef(id: number | null | undefined, opts: { enabled?: boolean; fresh?: boolean } = {}) {
  return useQuery({
    queryKey: customerPickKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get<Customer>(`/api/customers/${id}`, undefined, { signal }),
    enabled: typeof id === 'number' && id > 0 && opts.enabled !== false,
    staleTime: opts.fresh ? 0 : 30_000,
  });
}

export interface CustomerPickerProps {
  value: number | null | undefined;
  onChange(customer: Customer | null): void;
  label: string;
  /** Hide the label visually (filters). */
  hideLabel?: boolean;
  id?: string;
  size?: 'sm';
  error?: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  onBlur?(): void;
  className?: string;
}

export function CustomerPicker({ value, onChange, label, hideLabel, id: givenId, size, error, required, disabled, placeholder, onBlur, className }: CustomerPickerProps) {
  const { t } = useTranslation('transaction');
  const autoId = useId();
  const id = givenId ?? autoId;
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const selected = useCustomerRef(value);
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: customerPickKeys.search(q),
    queryFn: ({ signal }) => api.get<CustomerList>('/api/customers', { q, pageSize: SEARCH_LIMIT }, { signal }),
    enabled: open && q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const options = q ? (search.data?.items ?? []) : [];

  useEffect(() => setActive(0), [q]);

  const pick = (c: Customer) => {
    onChange(c);
    setText('');
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      setOpen(true);
      setActive((i) => Math.min(options.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter') {
      // Enter inside a form would submit it: it picks the highlighted customer instead.
      if (open && options[active]) {
        e.preventDefault();
        pick(options[active]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.stopPropagation();
        setOpen(false);
      }
    } else {
      return;
    }
    if (e.key !== 'Enter') e.preventDefault();
  };

  const labelEl = (
    <Form.Label htmlFor={id} visuallyHidden={hideLabel} className={hideLabel ? undefined : 'fw-medium'}>
      {label}
      {required && !hideLabel && (
        <span className="text-danger ms-1" aria-hidden="true">
          *
        </span>
      )}
    </Form.Label>
  );

  if (typeof value === 'number' && value > 0) {
    const c = selected.data;
    return (
      <div className={className}>
        {labelEl}
        <div className={`customer-chip d-flex align-items-center gap-2 border rounded px-2 ${size === 'sm' ? 'py-1 small' : 'py-2'}${error ? ' border-danger' : ''}`}>
          <i className="bi bi-person-circle text-primary" aria-hidden="true" />
          <span className="min-w-0 text-truncate" id={id} data-testid="customer-chip">
            {c ? (
              <>
                <span className="font-tabular fw-medium">{c.code}</span> · {c.fullName}
              </>
            ) : selected.isError ? (
              `#${value}`
            ) : (
              <Spinner size="sm" aria-label={t('picker.loading')} />
            )}
          </span>
          {!disabled && (
            <button
              type="button"
              className="btn btn-sm btn-link p-0 ms-auto text-body-secondary"
              onClick={() => {
                onChange(null);
                setTimeout(() => inputRef.current?.focus(), 0);
              }}
              aria-label={t('picker.clear', { name: c?.fullName ?? value })}
            >
              <i className="bi bi-x-lg" aria-hidden="true" />
            </button>
          )}
        </div>
        {error && (
          <div className="invalid-feedback d-block" role="alert">
            {error}
          </div>
        )}
      </div>
    );
  }

  const activeId = open && options[active] ? `${listId}-${options[active].id}` : undefined;
  return (
    <div className={`customer-picker position-relative${className ? ` ${className}` : ''}`}>
      {labelEl}
      <Form.Control
        ref={inputRef}
        id={id}
        size={size}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-expanded={open && q.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        isInvalid={Boolean(error)}
        placeholder={placeholder ?? t('picker.placeholder')}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          // Let a click on an option land first.
          setTimeout(() => setOpen(false), 150);
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
      />
      {open && q.length > 0 && (
        <ul id={listId} role="listbox" aria-label={label} className="customer-picker-list list-group shadow position-absolute w-100">
          {search.isPending && !search.data ? (
            <PickerNote busy>{t('picker.searching')}</PickerNote>
          ) : options.length === 0 ? (
            <PickerNote>{t('picker.none')}</PickerNote>
          ) : (
            options.map((c, i) => (
              <PickerOption key={c.id} id={`${listId}-${c.id}`} selected={i === active} onHover={() => setActive(i)} onPick={() => pick(c)}>
                <div className="d-flex gap-2 align-items-baseline">
                  <span className="font-tabular fw-medium">{c.code}</span>
                  <span className="text-truncate">{c.fullName}</span>
                  <span className="ms-auto small font-tabular text-nowrap opacity-75">{formatVnd(c.balance)}</span>
                </div>
                <div className="small opacity-75 font-tabular">{c.phone}</div>
              </PickerOption>
            ))
          )}
        </ul>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** The customer filter of a list: the picker, reading and writing `customerId` in the URL. */
export function FilterCustomer({ spec, label, urlPrefix, className }: { spec: ListSpec; label: string; urlPrefix?: string; className?: string }) {
  const params = useListParams(spec, urlPrefix);
  useFilterControl('customerId');
  const raw = params.filters.customerId;
  const value = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  return (
    <CustomerPicker
      className={`filter-customer${className ? ` ${className}` : ''}`}
      size="sm"
      hideLabel
      label={label}
      value={value}
      placeholder={`${label}…`}
      onChange={(c) => params.setFilter('customerId', c ? String(c.id) : null)}
    />
  );
}
