import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { freightBasisText, unitWeightText, type FreightBasis } from '../../shared/domain/pricing';
import { formatDate, formatDateTime, formatInteger, formatKg, formatRate, formatVnd } from './format';

/** The formatters of format.ts bound to the current UI language (money, weights and counts follow it; dates do not). */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'vi';
  return useMemo(
    () => ({
      dateTime: formatDateTime,
      date: formatDate,
      vnd: (dong: number | bigint | string | null | undefined) => formatVnd(dong, lang),
      /** đồng per foreign unit × 100 → "25.400 ₫" (see formatRate). */
      rate: (rateX100: number) => formatRate(rateX100, lang),
      kg: (grams: number | null | undefined) => formatKg(grams, lang),
      integer: (value: number | null | undefined) => formatInteger(value, lang),
      /** The weight a freight was billed for, in its unit: "3 lb", "1,5 kg" (pricing.ts billableWeight). */
      billed: (b: FreightBasis) => unitWeightText(b.billedMilli, b.unit, lang),
      /** How it was priced: "2,646 lb → 3 lb × 9,00 USD/lb × 25.400". */
      basis: (b: FreightBasis) => freightBasisText(b, lang),
    }),
    [lang],
  );
}
