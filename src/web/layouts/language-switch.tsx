import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGES, type Language } from '../lib/i18n';

/**
 * Light switch for bare screens (landing, sign-in, errors): one button naming the other language in that
 * language, the usual pattern on bilingual sites. The topbar has the fuller LanguageMenu.
 */
export function LanguageSwitch({ className = 'btn btn-sm btn-outline-secondary' }: { className?: string }) {
  const { t, i18n } = useTranslation('shell');
  const current = (i18n.resolvedLanguage as Language | undefined) ?? currentLanguage();
  const other = LANGUAGES.find((l) => l !== current) ?? 'vi';
  return (
    <button
      type="button"
      className={className}
      lang={other}
      onClick={() => void changeLanguage(other)}
      aria-label={`${t(`languages.${other}`)} — ${t('topbar.languageCurrent', { name: t(`languages.${current}`) })}`}
    >
      <i className="bi bi-translate me-1" aria-hidden="true" />
      {t(`languages.${other}`)}
    </button>
  );
}
