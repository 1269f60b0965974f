import { useTranslation } from 'react-i18next';

/** Logo and product name. `compact` keeps only the logo (condensed sidebar, phones); the name stays for screen readers. */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="brand-mark">
      <span className="brand-logo" aria-hidden="true">
        <i className="bi bi-airplane-fill" />
      </span>
      <span className={compact ? 'visually-hidden' : 'brand-text'}>{t('appName')}</span>
    </span>
  );
}
