import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Customer } from '../../../shared/contracts/customers';
import type { ListQueryInput } from '../../../shared/contracts/list-query';
import { ORDER_LIST } from '../../../shared/contracts/orders';
import { PACKAGE_LIST } from '../../../shared/contracts/packages';
import { TRANSACTION_LIST } from '../../../shared/contracts/transactions';
import { DELIVERY_SLIP_LIST } from '../../../shared/contracts/delivery-slips';
import { availableFunds } from '../../../shared/domain/ledger';
import { DetailHeader } from '../../components/detail-header';
import { EmptyState } from '../../components/empty-state';
import { historyTab } from '../../components/history-tab';
import { RecordPage } from '../../components/record-page';
import { UrlTabs } from '../../components/url-tabs';
import { DataTable } from '../../components/data-table/data-table';
import { useTransactionColumns } from '../../entities/transaction/columns';
import { usePackageColumns } from '../../entities/package/columns';
import { useOrderColumns } from '../../entities/order/columns';
import { NewTransactionDialog, type ManualTransactionType } from '../../entities/transaction/new-transaction-dialog';
import { queryKeys } from '../../lib/query-client';
import { useFormat } from '../../lib/use-format';
import { CustomerGroupBadge, CustomerStatusBadge, useCustomerFields } from './customer-fields';
import { type Versioned } from '../../components/resource-api';
import { customerApi } from '../../entities/customer/api';
import { orderApi } from '../../entities/order/api';
import { packageApi } from '../../entities/package/api';
import { transactionApi } from '../../entities/transaction/api';
import { fetchCustomerFeedback, fetchSlipPage, slipKeys } from '../../entities/delivery-slip/api';
import { useSlipColumns } from '../../entities/delivery-slip/columns';
import { BANK_TRANSACTION_LIST } from '../../../shared/contracts/bank-transactions';
import { bankTransactionApi } from '../../entities/bank-transaction/api';
import { useBankTransactionColumns } from '../../entities/bank-transaction/columns';
import { MessageLog } from '../../entities/message/message-log';

/** /customer/:id: profile, addresses, balance, the tabs later sections fill, and History. */
export function CustomerDetailPage() {
  const { id = '' } = useParams();
  const query = customerApi.useOne(id);
  return (
    <RecordPage query={query} backTo="/customer">
      {(data) => <CustomerDetail loaded={data} />}
    </RecordPage>
  );
}

function CustomerDetail({ loaded }: { loaded: Versioned<Customer> }) {
  const { t } = useTranslation(['customer', 'resource', 'common']);
  const cache = customerApi.useCache();
  const fields = useCustomerFields();
  // The wallet dialog, opened from the balance and transactions tabs with the type asked for.
  const [recording, setRecording] = useState<ManualTransactionType | null>(null);
  const c = loaded.record;

  return (
    <>
      <DetailHeader
        title={c.fullName}
        code={c.code}
        editTo={`/customer/edit/${c.id}`}
        remove={{
          remove: () => customerApi.remove(c.id, loaded.etag),
          pending: t('detail.deleting'),
          success: t('detail.deleted', { code: c.code }),
          onDeleted: () => cache.removed(c.id),
          listPath: '/customer',
          title: t('detail.deleteTitle', { code: c.code }),
          text: t('detail.deleteText', { name: c.fullName }),
        }}
      />
      <div className="d-flex flex-wrap gap-2 mb-3">
        <CustomerStatusBadge status={c.status} />
        <CustomerGroupBadge group={c.group} />
      </div>
      <UrlTabs
        id="customer-tabs"
        tabs={[
          { key: 'profile', title: t('detail.tabs.profile'), content: <Profile c={c} /> },
          { key: 'addresses', title: t('detail.tabs.addresses', { count: c.addresses.length }), content: <Addresses c={c} /> },
          { key: 'balance', title: t('detail.tabs.balance'), content: <Balance c={c} onRecord={setRecording} /> },
          { key: 'orders', title: t('detail.tabs.orders'), content: <CustomerOrders c={c} /> },
          { key: 'packages', title: t('detail.tabs.packages'), content: <CustomerPackages c={c} /> },
          { key: 'transactions', title: t('detail.tabs.transactions'), content: <CustomerTransactions c={c} onRecord={setRecording} /> },
          { key: 'slips', title: t('detail.tabs.slips'), content: <CustomerSlips c={c} /> },
          { key: 'transfers', title: t('detail.tabs.transfers'), content: <CustomerTransfers c={c} /> },
          { key: 'feedback', title: t('detail.tabs.feedback'), content: <CustomerFeedback c={c} /> },
          { key: 'messages', title: t('detail.tabs.messages'), content: <MessageLog tableId="customer-messages" urlPrefix="m_" customerId={c.id} label={t('detail.messagesLabel', { code: c.code })} /> },
          historyTab(t('detail.tabs.history'), { entity: 'customers', entityId: c.id, queryKey: customerApi.keys.history(c.id), fields }),
        ]}
      />
      <NewTransactionDialog show={recording !== null} onHide={() => setRecording(null)} customerId={c.id} defaultType={recording ?? 'deposit'} />
    </>
  );
}

function Profile({ c }: { c: Customer }) {
  const { t } = useTranslation('customer');
  const fmt = useFormat();
  const none = <span className="text-body-tertiary">{t('detail.none')}</span>;
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <dl className="detail-list">
          <dt>{t('fields.code')}</dt>
          <dd className="font-tabular">{c.code}</dd>
          <dt>{t('fields.fullName')}</dt>
          <dd>{c.fullName}</dd>
          <dt>{t('fields.phone')}</dt>
          <dd>
            <a href={`tel:${c.phone}`} className="font-tabular">
              {c.phone}
            </a>
          </dd>
          <dt>{t('fields.email')}</dt>
          <dd>{c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : none}</dd>
          <dt>{t('fields.province')}</dt>
          <dd>{c.province || none}</dd>
          <dt>{t('fields.group')}</dt>
          <dd>
            <CustomerGroupBadge group={c.group} />
          </dd>
          <dt>{t('fields.suiteCode')}</dt>
          <dd className="font-tabular">{c.suiteCode ?? none}</dd>
          <dt>{t('fields.status')}</dt>
          <dd>
            <CustomerStatusBadge status={c.status} />
          </dd>
          <dt>{t('fields.notifications')}</dt>
          <dd data-testid="customer-notify">
            {[c.notifyZns && t('fields.notifyZns'), c.notifyEmail && t('fields.notifyEmail')].filter(Boolean).join(' · ') || t('detail.noNotifications')}
            <span className="text-body-secondary"> · {t(`languages.${c.language}`)}</span>
          </dd>
          <dt>{t('fields.note')}</dt>
          <dd style={{ whiteSpace: 'pre-wrap' }}>{c.note || none}</dd>
          <dt>{t('fields.createdAt')}</dt>
          <dd>{fmt.dateTime(c.createdAt)}</dd>
          <dt>{t('fields.updatedAt')}</dt>
          <dd>{fmt.dateTime(c.updatedAt)}</dd>
        </dl>
      </Card.Body>
    </Card>
  );
}

function Addresses({ c }: { c: Customer }) {
  const { t } = useTranslation('customer');
  if (!c.addresses.length) {
    return (
      <EmptyState
        icon="bi-geo-alt"
        title={t('addresses.none')}
        action={
          <Link to={`/customer/edit/${c.id}`} className="btn btn-sm btn-outline-primary">
            {t('addresses.add')}
          </Link>
        }
      />
    );
  }
  return (
    <Row xs={1} md={2} className="g-3">
      {c.addresses.map((a, i) => (
        <Col key={i}>
          <Card className={`h-100 shadow-sm${a.isDefault ? ' border-primary' : ''}`}>
            <Card.Body>
              <div className="d-flex align-items-center gap-2 mb-2">
                <i className="bi bi-geo-alt text-primary" aria-hidden="true" />
                <strong>{a.label || t('addresses.legend', { n: i + 1 })}</strong>
                {a.isDefault && <span className="badge bg-primary-subtle text-primary-emphasis ms-auto">{t('addresses.default')}</span>}
              </div>
              <p className="mb-1">{a.address}</p>
              {a.province && <p className="mb-1 text-body-secondary small">{a.province}</p>}
              <p className="mb-0 small">
                {a.receiver} · <span className="font-tabular">{a.phone}</span>
              </p>
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function Balance({ c, onRecord }: { c: Customer; onRecord(type: ManualTransactionType): void }) {
  const { t } = useTranslation('customer');
  const fmt = useFormat();
  // The one credit rule (shared/domain/ledger.ts): balance + limit, never below 0.
  const available = availableFunds(c.balance, c.creditLimit);
  const tiles = [
    { key: 'balance', label: t('fields.balance'), value: c.balance, tone: c.balance < 0 ? 'text-danger-emphasis' : '' },
    { key: 'creditLimit', label: t('fields.creditLimit'), value: c.creditLimit, tone: '' },
    { key: 'available', label: t('detail.available'), value: available, tone: available <= 0 ? 'text-danger-emphasis' : 'text-success-emphasis' },
  ];
  return (
    <>
      <Row xs={1} md={3} className="g-3 mb-3">
        {tiles.map((tile) => (
          <Col key={tile.key}>
            <Card className="h-100 shadow-sm">
              <Card.Body>
                <div className="small text-body-secondary mb-1">{tile.label}</div>
                <div className={`fs-4 fw-semibold ${tile.tone}`} data-testid={`balance-${tile.key}`}>
                  {fmt.vnd(tile.value)}
                </div>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <WalletActions onRecord={onRecord} />
      <p className="small text-body-secondary mt-3">
        <i className="bi bi-info-circle me-1" aria-hidden="true" />
        {t('detail.balanceNote')}{' '}
        <Link to="?tab=transactions" replace preventScrollReset>
          {t('detail.seeTransactions')}
        </Link>
      </p>
    </>
  );
}

/** Deposit and payment are what the counter does all day; a refund or an adjustment is one click further. */
function WalletActions({ onRecord }: { onRecord(type: ManualTransactionType): void }) {
  const { t } = useTranslation('customer');
  return (
    <div className="d-flex flex-wrap gap-2">
      <Button variant="success" onClick={() => onRecord('deposit')}>
        <i className="bi bi-box-arrow-in-down me-1" aria-hidden="true" />
        {t('detail.deposit')}
      </Button>
      <Button variant="outline-primary" onClick={() => onRecord('payment')}>
        <i className="bi bi-cart-check me-1" aria-hidden="true" />
        {t('detail.pay')}
      </Button>
      <Button variant="outline-secondary" onClick={() => onRecord('refund')}>
        <i className="bi bi-plus-slash-minus me-1" aria-hidden="true" />
        {t('detail.otherTransaction')}
      </Button>
    </div>
  );
}

/** The customer's orders, on the one list engine: /api/orders?customerId=… (its paging and sort in `o_…` URL names). */
function CustomerOrders({ c }: { c: Customer }) {
  const { t } = useTranslation('customer');
  const navigate = useNavigate();
  const columns = useOrderColumns({ withCustomer: false });
  const create = (
    <Link to={`/order/create?customerId=${c.id}`} className="btn btn-sm btn-primary">
      <i className="bi bi-plus-lg me-1" aria-hidden="true" />
      {t('detail.newOrder')}
    </Link>
  );
  return (
    <DataTable
      tableId="customer-orders"
      urlPrefix="o_"
      spec={ORDER_LIST}
      columns={columns}
      queryKey={(q: ListQueryInput) => queryKeys.Order.list({ ...q, customerId: c.id })}
      fetcher={(q, signal) => orderApi.fetchPage({ ...q, customerId: String(c.id) }, signal)}
      getRowId={(o) => String(o.id)}
      label={t('detail.ordersLabel', { code: c.code })}
      onOpen={(o) => navigate(`/order/${o.id}`)}
      actions={create}
      empty={{ title: t('detail.noOrders'), action: create }}
    />
  );
}

/** The customer's packages: /api/packages?customerId=… (`p_…` URL names). */
function CustomerPackages({ c }: { c: Customer }) {
  const { t } = useTranslation('customer');
  const navigate = useNavigate();
  const columns = usePackageColumns();
  return (
    <DataTable
      tableId="customer-packages"
      urlPrefix="p_"
      spec={PACKAGE_LIST}
      columns={columns}
      queryKey={(q: ListQueryInput) => queryKeys.Tracking.list({ ...q, customerId: c.id })}
      fetcher={(q, signal) => packageApi.fetchPage({ ...q, customerId: String(c.id) }, signal)}
      getRowId={(p) => String(p.id)}
      label={t('detail.packagesLabel', { code: c.code })}
      onOpen={(p) => navigate(`/tracking/${p.id}`)}
      empty={{ title: t('detail.noPackages') }}
    />
  );
}

/** The customer's wallet rows: /api/transactions?customerId=… (`t_…` URL names), newest first. */
function CustomerTransactions({ c, onRecord }: { c: Customer; onRecord(type: ManualTransactionType): void }) {
  const { t } = useTranslation('customer');
  const navigate = useNavigate();
  const columns = useTransactionColumns({ withCustomer: false });
  return (
    <>
      <div className="mb-3">
        <WalletActions onRecord={onRecord} />
      </div>
      <DataTable
        tableId="customer-transactions"
        urlPrefix="t_"
        spec={TRANSACTION_LIST}
        columns={columns}
        queryKey={(q: ListQueryInput) => queryKeys.Transaction.list({ ...q, customerId: c.id })}
        fetcher={(q, signal) => transactionApi.fetchPage({ ...q, customerId: String(c.id) }, signal)}
        getRowId={(r) => String(r.id)}
        label={t('detail.transactionsLabel', { code: c.code })}
        onOpen={(r) => navigate(`/transaction/${r.id}`)}
        empty={{ title: t('detail.noTransactions') }}
      />
    </>
  );
}

/** Bank transfers that paid this customer's wallet, slips or orders: /api/bank-transactions?customerId=… (`b_…` URL names). */
function CustomerTransfers({ c }: { c: Customer }) {
  const { t } = useTranslation('customer');
  const navigate = useNavigate();
  const columns = useBankTransactionColumns();
  return (
    <DataTable
      tableId="customer-transfers"
      urlPrefix="b_"
      spec={BANK_TRANSACTION_LIST}
      columns={columns}
      queryKey={(q: ListQueryInput) => queryKeys.BankTransaction.list({ ...q, customerId: c.id })}
      fetcher={(q, signal) => bankTransactionApi.fetchPage({ ...q, customerId: String(c.id) }, signal)}
      getRowId={(r) => String(r.id)}
      label={t('detail.transfersLabel', { code: c.code })}
      onOpen={(r) => navigate(`/transaction/bank?q=${encodeURIComponent(r.providerId)}`)}
      empty={{ title: t('detail.noTransfers') }}
    />
  );
}

/** The customer's delivery slips: /api/delivery-slips?customerId=… (`s_…` URL names); a row opens the slip. */
function CustomerSlips({ c }: { c: Customer }) {
  const { t } = useTranslation('customer');
  const navigate = useNavigate();
  const columns = useSlipColumns({ withCustomer: false });
  return (
    <DataTable
      tableId="customer-slips"
      urlPrefix="s_"
      spec={DELIVERY_SLIP_LIST}
      columns={columns}
      queryKey={(q: ListQueryInput) => slipKeys.list({ ...q, customerId: c.id })}
      fetcher={(q, signal) => fetchSlipPage({ ...q, customerId: String(c.id) }, signal)}
      getRowId={(s) => String(s.id)}
      label={t('detail.slipsLabel', { code: c.code })}
      onOpen={(s) => navigate(`/deliveryslip/${s.id}`)}
      empty={{ title: t('detail.noSlips') }}
    />
  );
}

/** What the customer said at hand-over (1–5 stars and a comment), newest first, each with its slip. */
function CustomerFeedback({ c }: { c: Customer }) {
  const { t } = useTranslation('customer');
  const fmt = useFormat();
  const query = useQuery({ queryKey: [...slipKeys.all, 'feedback', c.id], queryFn: ({ signal }) => fetchCustomerFeedback(c.id, signal) });
  if (query.isPending) return <p className="text-body-secondary">{t('detail.feedbackLoading')}</p>;
  if (query.isError) return <div className="alert alert-warning" role="alert">{t('detail.feedbackError')}</div>;
  if (!query.data.items.length) return <EmptyState icon="bi-star" title={t('detail.noFeedback')} />;
  return (
    <ul className="list-unstyled d-grid gap-2 mb-0" aria-label={t('detail.feedbackLabel', { code: c.code })}>
      {query.data.items.map((f) => (
        <li key={f.slipId}>
          <Card className="shadow-sm">
            <Card.Body className="py-2">
              <div className="d-flex flex-wrap align-items-center gap-2">
                <span className="text-warning" role="img" aria-label={t('detail.rating', { rating: f.rating })} data-testid="feedback-rating">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <i key={n} className={`bi ${n <= f.rating ? 'bi-star-fill' : 'bi-star'}`} aria-hidden="true" />
                  ))}
                </span>
                <Link to={`/deliveryslip/${f.slipId}`} className="font-tabular">
                  {f.slipCode}
                </Link>
                <span className="small text-body-secondary ms-auto">{fmt.dateTime(f.createdAt)}</span>
              </div>
              {f.comment ? <p className="mb-0 mt-1" style={{ whiteSpace: 'pre-wrap' }}>{f.comment}</p> : <p className="mb-0 mt-1 small text-body-tertiary">{t('detail.noComment')}</p>}
            </Card.Body>
          </Card>
        </li>
      ))}
    </ul>
  );
}
