import { useTranslation } from 'react-i18next';

export function RouteFallback() {
  return <PageSpinner fullPage />;
}

export function PageSpinner({ fullPage = false }: { fullPage?: boolean }) {
  const { t, ready } = useTranslation('shell', { useSuspense: false });
  const label = ready ? t('loading') : 'Đang tải…';
  return (
    <div className={`app-spinner ${fullPage ? 'app-spinner-full' : ''}`} role="status" aria-live="polite">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
