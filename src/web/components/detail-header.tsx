import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from './page-header';
import { DeleteRecordButton, type DeleteRecordButtonProps } from './delete-record';

export interface DetailHeaderProps {
  /** The record's name or number (e.g. the customer's full name, the order's code). */
  title: ReactNode;
  /** A second identifier, shown as a grey badge after the title (e.g. the customer's code, a tracking number). */
  code?: string;
  /** Status or kind badges after the code. */
  badges?: ReactNode;
  /** The screen's own actions, before Edit (e.g. print, pay). */
  actions?: ReactNode;
  /** Where the Edit button goes; no button without it (e.g. a record that may no longer change). */
  editTo?: string;
  /** The Delete button and its confirm dialog; no button without it (e.g. a record that may not be deleted). */
  remove?: DeleteRecordButtonProps;
  /** Anything after Edit and Delete (e.g. a screen's own delete flow). */
  trailing?: ReactNode;
}

/** The heading of a detail screen: title, code and badges; its actions, then Edit, then Delete. */
export function DetailHeader({ title, code, badges, actions, editTo, remove, trailing }: DetailHeaderProps) {
  const { t } = useTranslation('common');
  return (
    <PageHeader
      title={
        <span className="d-inline-flex flex-wrap align-items-center gap-2">
          {title}
          {code && <span className="badge bg-body-secondary text-body border font-tabular fw-normal fs-6 text-break">{code}</span>}
          {badges}
        </span>
      }
      actions={
        <>
          {actions}
          {editTo && (
            <Link to={editTo} className="btn btn-primary">
              <i className="bi bi-pencil me-1" aria-hidden="true" />
              {t('actions.edit')}
            </Link>
          )}
          {remove && <DeleteRecordButton {...remove} />}
          {trailing}
        </>
      }
    />
  );
}
