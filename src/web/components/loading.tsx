import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** A part of a screen still loading: a small spinner and "loading…", announced as a status. `py` is the room around it. */
export function Loading({ py = 5 }: { py?: 4 | 5 }) {
  const { t } = useTranslation('common');
  return (
    <div className={`d-flex align-items-center justify-content-center gap-2 py-${py} text-body-secondary`} role="status">
      <Spinner size="sm" aria-hidden="true" /> {t('common:states.loading')}
    </div>
  );
}
