import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreKind } from '../../../shared/contracts/stores';
import type { HistoryField } from '../../components/history-tab';
import { ValueBadge, type Tone } from '../../components/status-badge';

/** How stores' closed values look, and the labelled field list History and the conflict dialog share. */

const STATUS_TONES: Record<'active' | 'inactive', Tone> = { active: 'success', inactive: 'secondary' };
const KIND_TONES: Record<StoreKind, Tone> = { origin: 'info', hub: 'primary' };

export function StoreStatusBadge({ status }: { status: 'active' | 'inactive' }) {
  const { t } = useTranslation('setting');
  return <ValueBadge value={status} tones={STATUS_TONES} label={t(`stores.statuses.${status}`)} />;
}

export function StoreKindBadge({ kind }: { kind: StoreKind }) {
  const { t } = useTranslation('setting');
  return <ValueBadge value={kind} tones={KIND_TONES} label={t(`stores.kinds.${kind}`)} />;
}

export function useStoreFields(): HistoryField[] {
  const { t } = useTranslation('setting');
  return useMemo(
    () => [
      { name: 'code', label: t('stores.fields.code') },
      { name: 'name', label: t('stores.fields.name') },
      { name: 'kind', label: t('stores.fields.kind'), format: (v) => t(`stores.kinds.${String(v)}`, { defaultValue: String(v) }) },
      { name: 'country', label: t('stores.fields.country') },
      { name: 'address', label: t('stores.fields.address') },
      { name: 'phone', label: t('stores.fields.phone') },
      { name: 'status', label: t('stores.fields.status'), format: (v) => t(`stores.statuses.${String(v)}`, { defaultValue: String(v) }) },
    ],
    [t],
  );
}
