import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency, OrderItem } from '../../../shared/contracts/orders';
import { HISTORY_DEFAULT_IGNORE, type HistoryField } from '../../components/history-tab';
import { formatMoney, formatPercent } from '../../../shared/domain/money-input';
import { useMoneyLang } from '../../components/form/money-inputs';
import { formatVnd } from '../../lib/format';

/** The labelled fields of an order for History and the conflict dialog. */

/** What History leaves out: the computed read-outs and the order's own sub-lists (they have their own tabs). */
export const ORDER_HISTORY_IGNORE = [
  ...HISTORY_DEFAULT_IGNORE,
  'events',
  'transactions',
  'paid',
  'due',
  'remaining',
  'goods',
  'statusAt',
  'customerCode',
  'customerName',
  'customerPhone',
];

function isItemList(v: unknown): v is Pick<OrderItem, 'name' | 'quantity' | 'unitPriceMinor' | 'option'>[] {
  return Array.isArray(v) && v.every((i) => i && typeof i === 'object' && 'name' in i && 'quantity' in i);
}

export function useOrderFields(currency?: Currency): HistoryField[] {
  const { t } = useTranslation('order');
  const lang = useMoneyLang();
  return useMemo(() => {
    const money = (v: unknown) => (typeof v === 'number' ? formatVnd(v) : String(v));
    const items = (v: unknown) =>
      isItemList(v) ? (
        <ul className="list-unstyled mb-0">
          {v.map((i, n) => (
            <li key={n}>
              {i.quantity} × {i.name}
              {i.option ? ` (${i.option})` : ''}
              {currency ? ` · ${formatMoney(i.unitPriceMinor, currency, lang)}` : ''}
            </li>
          ))}
        </ul>
      ) : (
        JSON.stringify(v)
      );
    const fields: HistoryField[] = [
      { name: 'code', label: t('fields.code') },
      { name: 'customerId', label: t('fields.customer') },
      { name: 'kind', label: t('fields.kind'), format: (v) => t(`kinds.${String(v)}`, { defaultValue: String(v) }) },
      { name: 'status', label: t('fields.status'), format: (v) => t(`statuses.${String(v)}`, { defaultValue: String(v) }) },
      { name: 'currency', label: t('fields.currency') },
      { name: 'exchangeRate', label: t('fields.exchangeRate') },
      { name: 'items', label: t('fields.items'), format: items },
      { name: 'itemsSubtotal', label: t('fields.itemsSubtotal'), format: money },
      { name: 'serviceFeeMode', label: t('fields.serviceFeeMode'), format: (v) => t(`feeModes.${String(v)}`, { defaultValue: String(v) }) },
      { name: 'serviceFeeBps', label: t('fields.serviceFeePercent'), format: (v) => (typeof v === 'number' ? formatPercent(v, lang) : String(v)) },
      { name: 'serviceFeeFixed', label: t('fields.serviceFeeFixed'), format: money },
      { name: 'serviceFee', label: t('fields.serviceFee'), format: money },
      { name: 'domesticFee', label: t('fields.domesticFee'), format: money },
      { name: 'deposit', label: t('fields.deposit'), format: money },
      { name: 'total', label: t('fields.total'), format: money },
      { name: 'note', label: t('fields.note') },
    ];
    return fields;
  }, [t, lang, currency]);
}

/** The fields a person edits on the form (what the conflict dialog compares). */
export function useOrderEditableFields(currency?: Currency): HistoryField[] {
  const all = useOrderFields(currency);
  return useMemo(
    () => all.filter((f) => ['currency', 'items', 'serviceFeeMode', 'serviceFeeBps', 'serviceFeeFixed', 'domesticFee', 'deposit', 'note'].includes(f.name)),
    [all],
  );
}
