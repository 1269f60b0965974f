import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className="app-footer">
      <div className="app-footer-inner">
        <span>{t('footer.rights', { year: new Date().getFullYear() })}</span>
        <span className="d-none d-sm-inline">{t('footer.description')}</span>
      </div>
    </footer>
  );
}
