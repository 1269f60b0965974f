import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { MessageLog } from '../../entities/message/message-log';
import { SettingNav } from './setting-nav';

/** /setting/messages (Admin): every customer notification, its state and the provider's answer; resend and cancel. */
export function MessageLogPage() {
  const { t } = useTranslation('message');
  return (
    <>
      <PageHeader
        actions={
          <Link to="/setting/notifications" className="btn btn-sm btn-outline-secondary">
            <i className="bi bi-sliders me-1" aria-hidden="true" />
            {t('log.toSettings')}
          </Link>
        }
      />
      <SettingNav />
      <MessageLog tableId="messages" label={t('log.label')} />
    </>
  );
}
