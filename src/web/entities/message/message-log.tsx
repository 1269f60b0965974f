import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ListQueryInput } from '../../../shared/contracts/list-query';
import { MESSAGE_LIST, type Message } from '../../../shared/contracts/messages';
import { MESSAGE_CHANNELS, MESSAGE_STATES, NOTIFY_EVENTS } from '../../../shared/domain/notifications';
import { DataTable } from '../../components/data-table/data-table';
import { FilterChecks, FilterSelect } from '../../components/data-table/list-filters';
import { errorMessage } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';
import { toastPromise } from '../../lib/toast';
import { useFormat } from '../../lib/use-format';
import { FilterCustomer } from '../customer/customer-picker';
import { cancelMessage, messageApi, resendMessage } from './api';
import { answerText, MessageStateBadge, useMessageColumns } from './columns';

interface MessageLogProps {
  tableId: string;
  label: string;
  /** One customer's messages (the customer page's tab): no customer column or filter. */
  customerId?: number;
  /** The URL names of this table's paging, sort and filters (a tab shares the URL with its page). */
  urlPrefix?: string;
}

/**
 * The notification log on the one list engine: filters customer, event, channel and state; a row opens the message
 * with the provider's answer, where it is resent (a new message, same content) or, while queued, cancelled.
 */
export function MessageLog({ tableId, label, customerId, urlPrefix }: MessageLogProps) {
  const { t } = useTranslation('message');
  const columns = useMessageColumns({ withCustomer: customerId === undefined });
  const [open, setOpen] = useState<Message | null>(null);
  const scoped = (q: ListQueryInput) => (customerId === undefined ? q : { ...q, customerId: String(customerId) });
  return (
    <>
      <DataTable
        tableId={tableId}
        urlPrefix={urlPrefix}
        spec={MESSAGE_LIST}
        columns={columns}
        queryKey={(q: ListQueryInput) => messageApi.keys.list(scoped(q))}
        fetcher={(q, signal) => messageApi.fetchPage(scoped(q), signal)}
        getRowId={(m) => String(m.id)}
        label={label}
        onOpen={(m) => setOpen(m)}
        filters={
          <>
            {customerId === undefined && <FilterCustomer spec={MESSAGE_LIST} label={t('fields.customer')} urlPrefix={urlPrefix} />}
            <FilterSelect spec={MESSAGE_LIST} urlPrefix={urlPrefix} name="event" label={t('fields.event')} options={NOTIFY_EVENTS.map((e) => ({ value: e, label: t(`events.${e}`) }))} />
            <FilterSelect spec={MESSAGE_LIST} urlPrefix={urlPrefix} name="channel" label={t('fields.channel')} options={MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))} />
            <FilterChecks spec={MESSAGE_LIST} urlPrefix={urlPrefix} name="state" label={t('fields.state')} options={MESSAGE_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))} />
          </>
        }
        empty={{ title: customerId === undefined ? t('log.emptyTitle') : t('log.emptyCustomer'), text: t('log.emptyText') }}
      />
      {open && <MessageDialog message={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function MessageDialog({ message: m, onClose }: { message: Message; onClose(): void }) {
  const { t } = useTranslation(['message', 'common']);
  const fmt = useFormat();
  const cache = messageApi.useCache();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<'resend' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (what: 'resend' | 'cancel') => {
    setBusy(what);
    setError(null);
    try {
      await toastPromise(what === 'resend' ? resendMessage(m.id) : cancelMessage(m.id), { pending: t(`dialog.${what}Pending`), success: t(`dialog.${what}Done`) });
      cache.listsChanged();
      void qc.invalidateQueries({ queryKey: queryKeys.Message.queue() });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const answer = m.providerAnswer === null ? null : JSON.stringify(m.providerAnswer, null, 2);
  return (
    <Modal show onHide={busy ? () => {} : onClose} centered size="lg" aria-labelledby="message-dialog-title">
      <Modal.Header closeButton={!busy} closeLabel={t('common:actions.close')}>
        <Modal.Title as="h2" className="h5" id="message-dialog-title">
          {t(`events.${m.event}`)} · {t(`channels.${m.channel}`)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <dl className="row small mb-0" data-testid="message-detail">
          <dt className="col-sm-4">{t('fields.state')}</dt>
          <dd className="col-sm-8">
            <MessageStateBadge state={m.state} />
          </dd>
          <dt className="col-sm-4">{t('fields.customer')}</dt>
          <dd className="col-sm-8">
            <span className="font-tabular me-1">{m.customerCode ?? `#${m.customerId}`}</span>
            {m.customerName}
          </dd>
          <dt className="col-sm-4">{t('fields.recipient')}</dt>
          <dd className="col-sm-8 font-tabular text-break">{m.recipient || '—'}</dd>
          <dt className="col-sm-4">{t('fields.answer')}</dt>
          <dd className="col-sm-8 text-break">{answerText(m) || '—'}</dd>
          <dt className="col-sm-4">{t('fields.attempts')}</dt>
          <dd className="col-sm-8 font-tabular">{m.attempts}</dd>
          <dt className="col-sm-4">{t('fields.createdAt')}</dt>
          <dd className="col-sm-8">{fmt.dateTime(m.createdAt)}</dd>
          <dt className="col-sm-4">{t('fields.sendAfter')}</dt>
          <dd className="col-sm-8">{fmt.dateTime(m.sendAfter)}</dd>
          <dt className="col-sm-4">{t('fields.sentAt')}</dt>
          <dd className="col-sm-8">{m.sentAt ? fmt.dateTime(m.sentAt) : '—'}</dd>
          <dt className="col-sm-4">{t('fields.trackingId')}</dt>
          <dd className="col-sm-8 font-monospace text-break">{m.trackingId}</dd>
        </dl>
        {answer && (
          <details className="mt-2">
            <summary className="small">{t('dialog.rawAnswer')}</summary>
            <pre className="small mb-0 mt-1 text-break" style={{ whiteSpace: 'pre-wrap' }} data-testid="message-answer">
              {answer}
            </pre>
          </details>
        )}
        {error && (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            {error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={busy !== null} autoFocus>
          {t('common:actions.close')}
        </Button>
        {m.state === 'queued' && (
          <Button variant="outline-danger" onClick={() => void run('cancel')} disabled={busy !== null}>
            {busy === 'cancel' && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('dialog.cancel')}
          </Button>
        )}
        <Button variant="primary" onClick={() => void run('resend')} disabled={busy !== null}>
          {busy === 'resend' && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
          {t('dialog.resend')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
