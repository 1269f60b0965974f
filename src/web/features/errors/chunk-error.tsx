import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkLoadError, recoverFromChunkError } from '../../lib/routing/chunk-load';
import { ErrorScreen } from './error-screen';

/**
 * A screen's code or CSS did not load. First checks whether a new version was deployed and, if so, reloads
 * once by itself; otherwise (or if it already did) says so and offers a reload.
 */
export function ChunkErrorScreen({ error, inLayout = false }: { error: unknown; inLayout?: boolean }) {
  const { t } = useTranslation('shell');
  const [state, setState] = useState<'checking' | 'reloading' | 'failed'>('checking');
  useEffect(() => {
    let live = true;
    void recoverFromChunkError().then((reloading) => {
      if (live) setState(reloading ? 'reloading' : 'failed');
    });
    return () => {
      live = false;
    };
  }, []);
  if (state !== 'failed') {
    return (
      <div className={`app-spinner ${inLayout ? '' : 'app-spinner-full'}`} role="status" aria-live="polite">
        <div className="spinner-border text-primary" aria-hidden="true" />
        <span className={state === 'reloading' ? 'ms-2' : 'visually-hidden'}>
          {state === 'reloading' ? t('errors.chunk.updating') : t('loading')}
        </span>
      </div>
    );
  }
  const timedOut = error instanceof ChunkLoadError && error.timedOut;
  return (
    <ErrorScreen
      inLayout={inLayout}
      icon="bi-cloud-slash"
      title={t('errors.chunk.title')}
      text={t('errors.chunk.text')}
      detail={timedOut ? t('errors.chunk.timedOut') : undefined}
      actions={
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
          {t('common:actions.reload')}
        </button>
      }
    />
  );
}
