import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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
    }),
    [lang],
  );
}
