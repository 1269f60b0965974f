import { createContext, useContext, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { filterParams, type FilterDef, type ListSpec } from '../../../shared/contracts/list-query';
import { useFormat } from '../../lib/use-format';
import type { ListParams } from './list-params';

/**
 * A list's active filters that no control on its toolbar shows — those a link brought (a dashboard figure's
 * `?route=…&slipDeliveredFrom=…`, a `?balanceMax=-1`) — as chips above the table, each with its label and value
 * and a button that drops it, so what the list is narrowed to is always in view. Filter controls say which names
 * they show through FilterControlsContext (useFilterControl); the DataTable provides it and shows the rest.
 */

/** Registers a control for filter `name`; the returned function unregisters it. */
export const FilterControlsContext = createContext<((name: string) => () => void) | null>(null);

/** Called by every filter control with the spec key it shows (`status`, `created`, `customerId`…). */
export function useFilterControl(...names: string[]) {
  const register = useContext(FilterControlsContext);
  const key = names.join(',');
  // Before the first paint, so a filter with its control never flashes as a chip.
  useLayoutEffect(() => {
    if (!register) return undefined;
    const undo = key.split(',').map((n) => register(n));
    return () => undo.forEach((u) => u());
  }, [register, key]);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The spec keys with a value in the URL and no control on screen. */
function otherFilterKeys(spec: ListSpec, filters: Record<string, string>, shown: ReadonlySet<string>): string[] {
  return Object.entries(spec.filters)
    .filter(([key, def]) => !shown.has(key) && filterParams(key, def).some((p) => filters[p] !== undefined))
    .map(([key]) => key);
}

export function OtherFilters({ spec, params, shown }: { spec: ListSpec; params: ListParams; shown: ReadonlySet<string> }) {
  const { t } = useTranslation('resource');
  const fmt = useFormat();
  const keys = otherFilterKeys(spec, params.filters, shown);
  if (!keys.length) return null;
  const when = (v: string) => (DAY.test(v) ? fmt.date(`${v}T12:00:00+07:00`) : fmt.dateTime(v));
  const valueOf = (key: string, def: FilterDef): string => {
    const f = params.filters;
    switch (def.kind) {
      case 'bool':
        return t(f[key] === 'true' ? 'filters.yes' : 'filters.no');
      case 'range': {
        const [min, max] = [f[`${key}Min`], f[`${key}Max`]].map((v) => (v === undefined ? undefined : fmt.integer(Number(v))));
        return min !== undefined && max !== undefined ? `${min} – ${max}` : min !== undefined ? `≥ ${min}` : `≤ ${max}`;
      }
      case 'dateRange': {
        const [from, to] = [f[`${key}From`], f[`${key}To`]];
        if (from !== undefined && to !== undefined) return from === to ? when(from) : `${when(from)} – ${when(to)}`;
        return from !== undefined ? `≥ ${when(from)}` : `≤ ${when(to!)}`;
      }
      default:
        return f[key]!.split(',').join(', ');
    }
  };
  return (
    <ul className="dt-other-filters list-unstyled d-flex flex-wrap align-items-center gap-1 mb-2" aria-label={t('filters.others')}>
      {keys.map((key) => {
        const def = spec.filters[key]!;
        const label = t(`filterLabels.${key}`, { defaultValue: key });
        return (
          <li key={key} className="dt-other-filter d-inline-flex align-items-center gap-1 border rounded-pill ps-2 pe-1 py-1 small">
            <span>
              {label}: <strong className="font-tabular">{valueOf(key, def)}</strong>
            </span>
            <button
              type="button"
              className="btn-close btn-close-sm"
              aria-label={t('filters.removeOne', { label })}
              onClick={() => params.update(Object.fromEntries(filterParams(key, def).map((p) => [p, null])))}
            />
          </li>
        );
      })}
    </ul>
  );
}
