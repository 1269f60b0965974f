import { useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Employee } from '../../../shared/contracts/employees';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DetailHeader } from '../../components/detail-header';
import { EmptyState } from '../../components/empty-state';
import { HISTORY_DEFAULT_IGNORE, historyTab } from '../../components/history-tab';
import { RecordPage } from '../../components/record-page';
import { StatusBadge } from '../../components/status-badge';
import type { Versioned } from '../../components/resource-api';
import { SessionsList } from '../../components/sessions-list';
import { UrlTabs } from '../../components/url-tabs';
import { isApiRequestError } from '../../lib/api-client';
import { getStoredUser } from '../../lib/session';
import { useFormat } from '../../lib/use-format';
import { toastPromise } from '../../lib/toast';
import { useCommand } from '../../components/use-command';
import { sendResetLink } from './api';
import { AccountBadge, EmployeeStatusBadge, useEmployeeFields } from './employee-fields';
import { employeeApi } from './api';

const HISTORY_IGNORE = [...HISTORY_DEFAULT_IGNORE, 'storeId'];

/** /employee/:id: the employee, their login account (role, enabled, reset link) and History. */
export function EmployeeDetailPage() {
  const { id = '' } = useParams();
  const query = employeeApi.useOne(id);
  return (
    <RecordPage query={query} backTo="/employee">
      {(data) => <EmployeeDetail loaded={data} />}
    </RecordPage>
  );
}

type Pending = 'delete' | 'reset' | 'toggle' | null;

function EmployeeDetail({ loaded }: { loaded: Versioned<Employee> }) {
  const { t } = useTranslation(['employee', 'common']);
  const navigate = useNavigate();
  const cache = employeeApi.useCache();
  const fields = useEmployeeFields();
  const fmt = useFormat();
  const [asking, setAsking] = useState<Pending>(null);
  const e = loaded.record;
  const none = <span className="text-body-tertiary">—</span>;

  // Each action says how it went in its own toast; a 412 also brings the record as it is now, so the screen shows that.
  const action = useCommand({
    run: (work: () => Promise<void>) => work(),
    handleError: (err) => {
      const current = isApiRequestError(err) && err.status === 412 ? (err.data.details as { current?: Employee } | undefined)?.current : undefined;
      if (current) cache.saved(current);
      return true;
    },
    onSettled: () => setAsking(null),
  });
  const busy = action.busy;
  const run = (work: () => Promise<void>) => action.run(work);

  const remove = () =>
    run(async () => {
      await toastPromise(employeeApi.remove(e.id, loaded.etag), { pending: t('detail.deleting'), success: t('detail.deleted', { code: e.code }) });
      cache.removed(e.id);
      navigate('/employee');
    });

  const sendLink = () =>
    run(async () => {
      await toastPromise(sendResetLink(e.id), { pending: t('account.sending'), success: (r) => r.message });
      cache.historyChanged(e.id);
    });

  const toggleAccount = () =>
    run(async () => {
      const enabled = !e.account!.enabled;
      const saved = await toastPromise(employeeApi.patch(e.id, loaded.etag, { account: { enabled } }), {
        pending: t('form.saving'),
        success: enabled ? t('account.enabledDone') : t('account.disabledDone'),
      });
      cache.saved(saved);
    });

  const account = e.account;
  // Nobody can lock themselves out (the server refuses it too).
  const isSelf = Boolean(account && getStoredUser()?.id === account.userId);
  const accountTab = (
    <Card className="shadow-sm">
      <Card.Body>
        {!account ? (
          <EmptyState
            icon="bi-person-lock"
            title={t('account.none')}
            text={t('account.noneText')}
            action={
              <Link to={`/employee/edit/${e.id}`} className="btn btn-sm btn-primary">
                {t('account.create')}
              </Link>
            }
          />
        ) : (
          <>
            <dl className="detail-list mb-4">
              <dt>{t('account.email')}</dt>
              <dd>{account.email}</dd>
              <dt>{t('fields.role')}</dt>
              <dd>{t(`common:roles.${account.role}`)}</dd>
              <dt>{t('account.state')}</dt>
              <dd>
                <StatusBadge tone={account.enabled ? 'success' : 'danger'} icon={account.enabled ? 'bi-unlock' : 'bi-lock'}>
                  {account.enabled ? t('account.enabled') : t('account.disabled')}
                </StatusBadge>
              </dd>
              <dt>{t('account.lastLogin')}</dt>
              <dd>{account.lastLoginAt ? fmt.dateTime(account.lastLoginAt) : t('account.never')}</dd>
            </dl>
            <div className="d-flex flex-wrap gap-2">
              <Button variant="outline-primary" onClick={() => setAsking('reset')} disabled={!account.enabled || busy}>
                <i className="bi bi-envelope-arrow-up me-1" aria-hidden="true" />
                {t('account.sendReset')}
              </Button>
              <Button variant={account.enabled ? 'outline-danger' : 'outline-success'} onClick={() => setAsking('toggle')} disabled={busy || isSelf}>
                <i className={`bi ${account.enabled ? 'bi-lock' : 'bi-unlock'} me-1`} aria-hidden="true" />
                {account.enabled ? t('account.disable') : t('account.enable')}
              </Button>
            </div>
            {!account.enabled && <p className="small text-body-secondary mt-2 mb-0">{t('account.resetNeedsEnabled')}</p>}
            {isSelf && <p className="small text-body-secondary mt-2 mb-0">{t('account.selfHint')}</p>}
          </>
        )}
      </Card.Body>
    </Card>
  );

  return (
    <>
      <DetailHeader
        title={e.fullName}
        code={e.code}
        editTo={`/employee/edit/${e.id}`}
        trailing={
          <Button variant="outline-danger" onClick={() => setAsking('delete')}>
            <i className="bi bi-trash me-1" aria-hidden="true" />
            {t('common:actions.delete')}
          </Button>
        }
      />
      <div className="d-flex flex-wrap gap-2 mb-3">
        <EmployeeStatusBadge status={e.status} />
        <AccountBadge account={account} />
      </div>
      <UrlTabs
        id="employee-tabs"
        tabs={[
          {
            key: 'profile',
            title: t('detail.tabs.profile'),
            content: (
              <Card className="shadow-sm">
                <Card.Body>
                  <dl className="detail-list">
                    <dt>{t('fields.code')}</dt>
                    <dd className="font-tabular">{e.code}</dd>
                    <dt>{t('fields.fullName')}</dt>
                    <dd>{e.fullName}</dd>
                    <dt>{t('fields.phone')}</dt>
                    <dd>
                      <a href={`tel:${e.phone}`} className="font-tabular">
                        {e.phone}
                      </a>
                    </dd>
                    <dt>{t('fields.email')}</dt>
                    <dd>{e.email ? <a href={`mailto:${e.email}`}>{e.email}</a> : none}</dd>
                    <dt>{t('fields.store')}</dt>
                    <dd>{e.store ? `${e.store.code} · ${e.store.name}` : none}</dd>
                    <dt>{t('fields.position')}</dt>
                    <dd>{e.position || none}</dd>
                    <dt>{t('fields.status')}</dt>
                    <dd>
                      <EmployeeStatusBadge status={e.status} />
                    </dd>
                    <dt>{t('fields.createdAt')}</dt>
                    <dd>{fmt.dateTime(e.createdAt)}</dd>
                    <dt>{t('fields.updatedAt')}</dt>
                    <dd>{fmt.dateTime(e.updatedAt)}</dd>
                  </dl>
                </Card.Body>
              </Card>
            ),
          },
          { key: 'account', title: t('detail.tabs.account'), content: accountTab },
          ...(account
            ? [
                {
                  key: 'sessions',
                  title: t('detail.tabs.sessions'),
                  content: (
                    <Card className="shadow-sm">
                      <Card.Body>
                        <SessionsList url={`/api/employees/${e.id}/sessions`} queryKey={[...employeeApi.keys.detail(e.id), 'sessions']} />
                      </Card.Body>
                    </Card>
                  ),
                },
              ]
            : []),
          historyTab(t('detail.tabs.history'), { entity: 'employees', entityId: e.id, queryKey: employeeApi.keys.history(e.id), fields, ignore: HISTORY_IGNORE }),
        ]}
      />
      <ConfirmDialog
        show={asking === 'delete'}
        title={t('detail.deleteTitle', { code: e.code })}
        confirmLabel={t('common:actions.delete')}
        variant="danger"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setAsking(null)}
      >
        {t('detail.deleteText', { name: e.fullName })}
      </ConfirmDialog>
      <ConfirmDialog
        show={asking === 'reset'}
        title={t('account.sendResetTitle')}
        confirmLabel={t('account.sendReset')}
        busy={busy}
        onConfirm={() => void sendLink()}
        onCancel={() => setAsking(null)}
      >
        {t('account.sendResetText', { email: account?.email ?? '' })}
      </ConfirmDialog>
      <ConfirmDialog
        show={asking === 'toggle'}
        title={account?.enabled ? t('account.disableTitle') : t('account.enableTitle')}
        confirmLabel={account?.enabled ? t('account.disable') : t('account.enable')}
        variant={account?.enabled ? 'danger' : 'primary'}
        busy={busy}
        onConfirm={() => void toggleAccount()}
        onCancel={() => setAsking(null)}
      >
        {account?.enabled ? t('account.disableText', { name: e.fullName }) : t('account.enableText', { name: e.fullName })}
      </ConfirmDialog>
    </>
  );
}
