import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isApiRequestError } from '../lib/api-client';
import { EmptyState } from './empty-state';

/**
 * What could not be loaded, with a retry. Without `title`, a whole record: "not found" (deleted, wrong link)
 * or the failure, and a way back to `backTo`. With `title`, a part of a screen (a timeline, a list of packages):
 * that title, the error's message and the retry.
 */
export function LoadFailed({ error, onRetry, backTo, title }: { error: unknown; onRetry(): void; backTo?: string; title?: string }) {
  const { t } = useTranslation(['resource', 'common']);
  const notFound = title === undefined && isApiRequestError(error) && error.status === 404;
  return (
    <EmptyState
      role="alert"
      icon={notFound ? 'bi-question-circle' : 'bi-exclamation-triangle'}
      title={title ?? (notFound ? t('detail.notFoundTitle') : t('detail.loadError'))}
      text={notFound ? t('detail.notFoundText') : errorMessage(error)}
      action={
        <>
          {!notFound && (
            <button type="button" className="btn btn-sm btn-primary" onClick={onRetry}>
              {t('common:actions.retry')}
            </button>
          )}
          {backTo && (
            <Link to={backTo} className="btn btn-sm btn-outline-secondary">
              {t('detail.backToList')}
            </Link>
          )}
        </>
      }
    />
  );
}
