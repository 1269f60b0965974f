import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_DEFAULT_IGNORE, type HistoryField } from '../../components/history-tab';
import { formatVnd } from '../../lib/format';

/** The labelled fields of a wallet row, for History and the conflict dialog. */

export const TRANSACTION_HISTORY_IGNORE = [...HISTORY_DEFAULT_IGNORE, 'customerCode', 'customerName', 'actorName', 'referenceCode', 'status'];

export function useTransactionFields(): HistoryField[] {
  const { t } = useTranslation('transaction');
  return useMemo(() => {
    const money = (v: unknown) => (typeof v === 'number' ? formatVnd(v) : String(v));
    return [
      { name: 'code', label: t('fields.code') },
      { name: 'customerId', label: t('fields.customer') },
      { name: 'type', label: t('fields.type'), format: (v) => t(`types.${String(v)}`, { defaultValue: String(v) }) },
      { name: 'amount', label: t('fields.amount'), format: money },
      { name: 'balanceAfter', label: t('fields.balanceAfter'), format: money },
      { name: 'method', label: t('fields.method'), format: (v) => t(`methods.${v == null ? 'wallet' : String(v)}`, { defaultValue: String(v) }) },
      { name: 'referenceType', label: t('fields.referenceDoc'), format: (v) => t(`referenceTypes.${String(v)}`, { defaultValue: String(v) }) },
      { name: 'referenceId', label: `${t('fields.referenceDoc')} (id)` },
      { name: 'reference', label: t('fields.reference') },
      { name: 'note', label: t('fields.note') },
      { name: 'actorId', label: t('fields.actor') },
    ];
  }, [t]);
}

/** What the edit form changes (what the conflict dialog compares). */
export function useTransactionEditableFields(): HistoryField[] {
  const all = useTransactionFields();
  return useMemo(() => all.filter((f) => f.name === 'reference' || f.name === 'note'), [all]);
}
