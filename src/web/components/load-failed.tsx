import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isApiRequestError } from '../lib/api-client';
import { EmptyState } from './empty-state';

/** A record that could not be shown: "not found" (deleted, wrong link) or a failure with a retry. */
export function LoadFailed({ error, onRetry, backTo }: { error: unknown; onRetry(): void; backTo: string }) {
  const { t } = useTranslation(['resource', 'common']);
  const notFound = isApiRequestError(error) && error.status === 404;
  return (
    <EmptyState
      role="alert"
      icon={notFound ? 'bi-question-circle' : 'bi-exclamation-triangle'}
      title={notFound ? t('detail.notFoundTitle') : t('detail.loadError')}
      text={notFound ? t('detail.notFoundText') : errorMessage(error)}
      action={
        <>
          {!notFound && (
            <button type="button" className="btn btn-sm btn-primary" onClick={onRetry}>
              {t('common:actions.retry')}
            </button>
          )}
          <Link to={backTo} className="btn btn-sm btn-outline-secondary">
            {t('detail.backToList')}
          </Link>
        </>
      }
    />
  );
}
