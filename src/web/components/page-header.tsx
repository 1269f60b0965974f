import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteHandle } from '../lib/routing/route-kit';

/**
 * Heading and breadcrumb of a screen. The title defaults to the route's title (its handle), so a screen only
 * passes one when it has something better (e.g. the record's code); `actions` sit on the right.
 */
export function PageHeader({ title, actions }: { title?: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation('shell');
  const handle = useRouteHandle();
  const heading = title ?? (handle ? t(handle.titleKey) : '');
  return (
    <div className="page-header">
      <div className="min-w-0">
        <nav className="d-none d-sm-block" aria-label={t('breadcrumb')}>
          <ol className="breadcrumb small mb-1">
            <li className="breadcrumb-item">
              <Link to="/dashboard/ecommerce">{t('common:appName')}</Link>
            </li>
            {handle?.sectionKey && <li className="breadcrumb-item">{t(handle.sectionKey)}</li>}
            <li className="breadcrumb-item active" aria-current="page">
              {handle ? t(handle.titleKey) : heading}
            </li>
          </ol>
        </nav>
        <h1 className="page-title">{heading}</h1>
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </div>
  );
}
