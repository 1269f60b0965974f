import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventNote } from './event-note';
import type { PackagePhoto, PackageStoreRef } from '../../../shared/contracts/packages';
import { isCurrency } from '../../../shared/domain/money';
import { formatMoney } from '../../../shared/domain/money-input';
import type { PackageStatus } from '../../../shared/domain/package-status';
import type { HistoryField } from '../../components/history-tab';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { PACKAGE_STATUS_LOOK } from '../../entities/package/status-look';
import { formatKg } from '../../lib/format';

/** How packages' closed values look, and the labelled field list History and the conflict dialog share. */

export function PackageStatusBadge({ status, className }: { status: PackageStatus; className?: string }) {
  const { t } = useTranslation('tracking');
  const look = PACKAGE_STATUS_LOOK[status] ?? { tone: 'secondary' as Tone, icon: 'bi-dot' };
  return (
    <StatusBadge tone={look.tone} icon={look.icon} className={className}>
      {t(`statuses.${status}`, { defaultValue: status })}
    </StatusBadge>
  );
}

export function UnidentifiedBadge() {
  const { t } = useTranslation('tracking');
  return (
    <StatusBadge tone="danger" icon="bi-person-exclamation">
      {t('fields.unidentified')}
    </StatusBadge>
  );
}

/** Millimetres as centimetres ("505" → "50,5"). */
export function scaledCm(mm: number, lang: 'vi' | 'en' = 'vi'): string {
  const tenth = mm % 10;
  return tenth ? `${Math.floor(mm / 10)}${lang === 'vi' ? ',' : '.'}${tenth}` : String(mm / 10);
}

/** "50 × 40 × 30 cm" from millimetres (one decimal when a size is not whole centimetres); '' when any is unknown. */
export function formatDimensions(l: number | null, w: number | null, h: number | null, lang: 'vi' | 'en' = 'vi'): string {
  if (l == null || w == null || h == null) return '';
  return `${scaledCm(l, lang)} × ${scaledCm(w, lang)} × ${scaledCm(h, lang)}\u00a0cm`;
}

/** Declared value in the currency's minor units, in the one written form of money ("12,50 USD" / "12.50 USD"). */
export function formatDeclared(value: number | null, currency: string | null, lang: 'vi' | 'en' = 'vi'): string {
  if (value == null || !currency) return '';
  return isCurrency(currency) ? formatMoney(value, currency, lang) : `${value} ${currency}`;
}

const storeText = (v: unknown) => {
  const s = v as PackageStoreRef | null;
  return s && typeof s === 'object' && 'code' in s ? `${s.code} · ${s.name}` : '';
};

const customerText = (v: unknown) => {
  const c = v as { code?: string; fullName?: string } | null;
  return c && typeof c === 'object' && c.code ? `${c.code} · ${c.fullName ?? ''}` : '';
};

/** An order's or MAWB's code from the reference a package carries ({ id, code } / { id, awbNumber }). */
const refCode = (v: unknown, key: 'code' | 'awbNumber') => (v && typeof v === 'object' && key in v ? String((v as Record<string, unknown>)[key]) : '');

/** Ids History leaves out: the record also carries the customer, stores, order and MAWB themselves, with their codes. */
export const HISTORY_EXTRA_IGNORE = ['customerId', 'storeId', 'destinationStoreId', 'orderId', 'mawbId', 'statusAt'];

/** The field list of a package, labelled, with how each value reads (History, conflict dialog). */
export function usePackageFields(): HistoryField[] {
  const { t, i18n } = useTranslation('tracking');
  const noteOf = useEventNote();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'vi';
  return useMemo(() => {
    const grams = (v: unknown) => (typeof v === 'number' ? formatKg(v, lang) : String(v));
    const photos = (v: unknown) =>
      Array.isArray(v) ? (
        <ul className="list-unstyled mb-0">
          {(v as PackagePhoto[]).map((p, i) => (
            <li key={i} className="text-break">
              {p.url}
              {p.caption ? ` · ${p.caption}` : ''}
            </li>
          ))}
        </ul>
      ) : (
        String(v)
      );
    const event = (v: unknown) => {
      const e = v as ({ code?: string; iataCode?: string | null; location?: string } & Parameters<typeof noteOf>[0]) | null;
      if (!e || typeof e !== 'object') return String(v);
      return [t(`statuses.${e.code}`, { defaultValue: e.code ?? '' }), e.iataCode, e.location, noteOf(e).text].filter(Boolean).join(' · ');
    };
    const fields: HistoryField[] = [
      { name: 'code', label: t('fields.code') },
      { name: 'trackingNumber', label: t('fields.trackingNumber') },
      { name: 'status', label: t('fields.status'), format: (v) => t(`statuses.${String(v)}`, { defaultValue: String(v) }) },
      { name: 'statusAt', label: t('fields.statusAt') },
      { name: 'event', label: t('fields.event'), format: event },
      { name: 'customer', label: t('fields.customer'), format: customerText },
      { name: 'customerId', label: t('fields.customerId') },
      { name: 'order', label: t('fields.order'), format: (v) => refCode(v, 'code') },
      { name: 'orderId', label: t('fields.orderId') },
      { name: 'store', label: t('fields.store'), format: storeText },
      { name: 'storeId', label: t('fields.storeId') },
      { name: 'destinationStore', label: t('fields.destinationStore'), format: storeText },
      { name: 'destinationStoreId', label: t('fields.destinationStoreId') },
      { name: 'mawb', label: t('fields.mawb'), format: (v) => refCode(v, 'awbNumber') },
      { name: 'mawbId', label: t('fields.mawb') },
      ...parcelSizeFields(t, lang, grams),
      { name: 'volumetricG', label: t('fields.volumetric'), format: grams },
      { name: 'chargeableG', label: t('fields.chargeable'), format: grams },
      ...parcelGoodsFields(t),
      { name: 'photos', label: t('fields.photos'), format: photos },
      { name: 'unidentified', label: t('fields.unidentified'), format: (v) => (v ? t('common:yes') : t('common:no')) },
    ];
    return fields;
  }, [t, lang, noteOf]);
}

/**
 * A parcel's weight (as `weight` shows it) and its three sizes in cm: labelled alike by History and by the edit
 * form's conflict dialog.
 */
export function parcelSizeFields(t: (key: string) => string, lang: 'vi' | 'en', weight: (v: unknown) => ReactNode): HistoryField[] {
  const mm = (v: unknown) => (typeof v === 'number' ? `${scaledCm(v, lang)}\u00a0cm` : String(v));
  return [
    { name: 'weightG', label: t('fields.weight'), format: weight },
    { name: 'lengthMm', label: t('fields.length'), format: mm },
    { name: 'widthMm', label: t('fields.width'), format: mm },
    { name: 'heightMm', label: t('fields.height'), format: mm },
  ];
}

/** What a parcel declares (value, currency, contents), labelled alike by History and the conflict dialog. */
export function parcelGoodsFields(t: (key: string) => string): HistoryField[] {
  return [
    { name: 'declaredValue', label: t('fields.declaredValue') },
    { name: 'declaredCurrency', label: t('fields.declaredCurrency') },
    { name: 'contents', label: t('fields.contents') },
  ];
}
