import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { packageApi } from '../../entities/package/api';
import type { RefOption } from './api';
import { PickerNote, PickerOption } from '../../components/form/picker-list';

interface RefPickerProps {
  /** Names the lookup in the query cache ("customer", "order"). */
  kind: string;
  value: number | null;
  onChange(id: number | null, option?: RefOption): void;
  search(q: string, signal: AbortSignal): Promise<RefOption[]>;
  load(id: number, signal: AbortSignal): Promise<RefOption>;
  /** The chosen record when the screen already has it (no lookup needed). */
  known?: RefOption | null;
  /** Anything else the search depends on (the customer an order must belong to). */
  scope?: unknown;
  id?: string;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  size?: 'sm';
  'aria-label'?: string;
}

const DEBOUNCE_MS = 250;

/**
 * Picks one record of a large table (customers, orders) by typing part of its code, name or phone: a combobox
 * whose suggestions come from the resource's list search. The chosen record shows as "code · name".
 */
export function RefPicker(props: RefPickerProps) {
  const { kind, value, onChange, search, load, known, scope, placeholder, invalid, describedBy, disabled, size } = props;
  const { t } = useTranslation('tracking');
  const ownId = useId();
  const id = props.id ?? ownId;
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const h = setTimeout(() => setQ(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(h);
  }, [text]);

  const options = useQuery({
    queryKey: [...packageApi.keys.all, 'picker', kind, q, scope ?? null],
    queryFn: ({ signal }) => search(q, signal),
    enabled: open && value == null,
    staleTime: 30_000,
  });
  const chosen = useQuery({
    queryKey: [...packageApi.keys.all, 'picker-ref', kind, value],
    queryFn: ({ signal }) => load(value!, signal),
    enabled: value != null && known?.id !== value,
    staleTime: 5 * 60_000,
  });
  const selected = value == null ? null : known?.id === value ? known : (chosen.data ?? null);
  const items = options.data ?? [];

  const pick = (o: RefOption) => {
    onChange(o.id, o);
    setText('');
    setOpen(false);
  };

  if (value != null) {
    return (
      <div className="input-group">
        <Form.Control
          id={id}
          size={size}
          readOnly
          value={selected ? `${selected.code} · ${selected.name}` : chosen.isError ? `#${value}` : t('picker.loading')}
          aria-invalid={invalid || undefined}
          isInvalid={invalid}
          aria-describedby={describedBy}
          aria-label={props['aria-label']}
          disabled={disabled}
          className="bg-body-tertiary"
        />
        <Button variant="outline-secondary" size={size} onClick={() => onChange(null)} disabled={disabled} aria-label={t('picker.clear')} title={t('picker.clear')}>
          <i className="bi bi-x-lg" aria-hidden="true" />
        </Button>
      </div>
    );
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      setOpen(true);
      setActive((a) => Math.min(items.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === 'Enter') {
      if (open && items[active]) pick(items[active]);
    } else if (e.key === 'Escape') {
      if (!open) return;
      setOpen(false);
    } else return;
    e.preventDefault();
  };

  return (
    <div className="ref-picker position-relative">
      <Form.Control
        id={id}
        size={size}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && items[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-label={props['aria-label']}
        isInvalid={invalid}
        autoComplete="off"
        placeholder={placeholder ?? t('picker.placeholder')}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul id={listId} role="listbox" className="ref-picker-list list-group shadow position-absolute w-100 mt-1">
          {options.isFetching && !items.length ? (
            <PickerNote busy>{t('picker.loading')}</PickerNote>
          ) : options.isError ? (
            <PickerNote danger>{t('picker.error')}</PickerNote>
          ) : items.length === 0 ? (
            <PickerNote>{t('picker.none')}</PickerNote>
          ) : (
            items.map((o, i) => (
              <PickerOption key={o.id} id={`${listId}-${i}`} selected={i === active} className=" small" onHover={() => setActive(i)} onPick={() => pick(o)}>
                <span className="font-tabular fw-medium">{o.code}</span>
                <span className={i === active ? 'ms-2' : 'ms-2 text-body-secondary'}>{o.name}</span>
              </PickerOption>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
