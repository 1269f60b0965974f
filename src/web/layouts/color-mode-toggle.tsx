import { useTranslation } from 'react-i18next';
import { layoutStore, useLayoutState } from './use-layout-settings';

/** One-button light/dark switch for bare screens; the topbar has the full menu including "follow system". */
export function ColorModeToggle({ className = 'btn btn-sm btn-outline-secondary' }: { className?: string }) {
  const { t } = useTranslation('shell');
  const { colorMode } = useLayoutState();
  const next = colorMode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={className}
      aria-label={t('topbar.colorModeCurrent', { name: t(`topbar.${colorMode}`) })}
      aria-pressed={colorMode === 'dark'}
      title={t(`topbar.${next}`)}
      onClick={() => layoutStore.setColorMode(next)}
    >
      <i className={`bi ${colorMode === 'dark' ? 'bi-moon-stars' : 'bi-sun'}`} aria-hidden="true" />
    </button>
  );
}
