import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingStatus } from '../../../shared/contracts/settings';
import { parseRateWire } from '../../../shared/domain/money-input';
import type { PriceListValue } from '../../../shared/domain/pricing';
import { ValueBadge, type Tone } from '../../components/status-badge';
import { useFormat } from '../../lib/use-format';

const STATUS_TONES: Record<SettingStatus, Tone> = { past: 'secondary', current: 'success', scheduled: 'info' };

export function SettingStatusBadge({ status }: { status: SettingStatus }) {
  const { t } = useTranslation('setting');
  return <ValueBadge value={status} tones={STATUS_TONES} label={t(`statuses.${status}`)} />;
}

/** A setting's key as a person reads it (a zone, a currency, a company field); the raw key otherwise. */
export function useKeyLabel() {
  const { t } = useTranslation('setting');
  return (kind: string, key: string) => t(`keys.${kind}.${key}`, { defaultValue: key });
}

/** "Kind · key" as a title; once when the key's label is the kind's own (the one bank account). */
export function useSettingTitle() {
  const { t } = useTranslation('setting');
  const keyLabel = useKeyLabel();
  return (kind: string, key: string) => {
    const kindLabel = t(`kinds.${kind}`);
    const label = keyLabel(kind, key);
    return label === kindLabel ? label : `${kindLabel} · ${label}`;
  };
}

/** One line summing up a value: the text, the number with its unit, a bank account, a price list's routes. */
export function useValueText() {
  const { t } = useTranslation('setting');
  const fmt = useFormat();
  return (kind: string, key: string, value: unknown): ReactNode => {
    if (value === null || value === undefined) return '—';
    if (kind === 'exchange_rate' && typeof value === 'object' && 'rate' in value) {
      const x100 = parseRateWire((value as { rate: string }).rate);
      return x100 === null ? String((value as { rate: string }).rate) : t('rateValue', { currency: key, rate: fmt.rate(x100) });
    }
    if (kind === 'delivery_fees' && typeof value === 'number') return fmt.vnd(value);
    if (kind === 'bank_account' && typeof value === 'object') {
      const b = value as { bankName: string; bin: string; accountNumber: string; accountName: string };
      return `${b.bankName} (BIN ${b.bin}) · ${b.accountNumber} · ${b.accountName}`;
    }
    if (kind === 'price_list' && typeof value === 'object') {
      const p = value as PriceListValue;
      const group = p.group ? t(`groups.${p.group}`) : t('groups.all');
      return `${p.name} · ${group} · ${t('priceList.routes', { count: p.lines.length })}`;
    }
    if (kind === 'company' && key === 'logo') return (value as { fileId: number | null }).fileId ? t('logo.set') : t('logo.none');
    if (kind === 'shipping' && key === 'weight_rounding_step_g' && typeof value === 'number') return `${value} g`;
    if (kind === 'security' && typeof value === 'number') return t('minutes', { count: value });
    if (kind === 'notifications' && key === 'reminder_days' && typeof value === 'number') return t('daysValue', { count: value });
    if (kind === 'notifications' && key === 'znsTemplates' && typeof value === 'object') return t('znsTemplatesValue', { count: Object.keys(value).length });
    if (kind === 'security' && key === 'two_factor_required' && typeof value === 'string') return t(`twoFactor.${value}`, { defaultValue: value });
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
}
