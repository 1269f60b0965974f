import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { ListQueryInput } from '../../../shared/contracts/list-query';
import { ORDER_PAYMENT_METHODS, ORDER_STATUSES, type Order, type OrderPaymentMethod, type OrderStatus } from '../../../shared/contracts/orders';
import { TRANSACTION_LIST } from '../../../shared/contracts/transactions';
import { parseRateWire } from '../../../shared/domain/money-input';
import { allowedOrderTransitions, ORDER_FOLLOWED_PACKAGES_NOTE } from '../../../shared/domain/order-lifecycle';
import { DataTable } from '../../components/data-table/data-table';
import { DetailHeader } from '../../components/detail-header';
import { historyTab } from '../../components/history-tab';
import { RecordPage } from '../../components/record-page';
import { StatusSteps } from '../../components/status-steps';
import { UrlTabs } from '../../components/url-tabs';
import { ORDER_STATUS_ICONS, OrderKindBadge, OrderStatusBadge } from '../../entities/order/badges';
import { useTransactionColumns } from '../../entities/transaction/columns';
import { foreignSubtotal } from '../../lib/money';
import { useForeignFormat } from '../../components/form/money-inputs';
import { NewTransactionDialog } from '../../entities/transaction/new-transaction-dialog';
import '../../entities/transaction/wallet.css';
import { queryKeys } from '../../lib/query-client';
import { toastPromise } from '../../lib/toast';
import { useFormat } from '../../lib/use-format';
import { changeOrderStatus } from './api';
import { OrderPackages } from './order-parcels';
import { ORDER_HISTORY_IGNORE, useOrderFields } from './order-fields';
import { TableScroll } from '../../components/table-scroll';
import { type Versioned } from '../../components/resource-api';
import { orderApi } from '../../entities/order/api';
import { transactionApi } from '../../entities/transaction/api';

/** /order/:id: the customer, the money, the next steps, then items, packages, payments, timeline and History. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const query = orderApi.useOne(id);
  return (
    <RecordPage query={query} backTo="/order">
      {(data) => <OrderDetail loaded={data} />}
    </RecordPage>
  );
}

function OrderDetail({ loaded }: { loaded: Versioned<Order> }) {
  const { t } = useTranslation(['order', 'common', 'transaction']);
  const cache = orderApi.useCache();
  const fields = useOrderFields(loaded.record.currency);
  const [paying, setPaying] = useState(false);
  const o = loaded.record;
  // Money paid for a cancelled order goes back into the wallet; otherwise the wallet pays what is still due.
  const refunding = o.status === 'cancelled' && o.paid > 0;
  const payLabel = refunding ? t('detail.recordRefund') : t('detail.recordPayment');
  // A closed order takes no payment, and a paid one owes nothing more (the server refuses both).
  const canPay = refunding || (o.status !== 'cancelled' && o.status !== 'completed' && o.due > 0);
  const deletable = (o.status === 'new' || o.status === 'cancelled') && o.transactions.length === 0;

  return (
    <>
      <DetailHeader
        title={o.code}
        badges={
          <>
            <OrderStatusBadge status={o.status} />
            <OrderKindBadge kind={o.kind} />
          </>
        }
        actions={
          canPay ? (
            <Button variant="outline-primary" onClick={() => setPaying(true)}>
              <i className="bi bi-wallet2 me-1" aria-hidden="true" />
              {payLabel}
            </Button>
          ) : undefined
        }
        editTo={`/order/edit/${o.id}`}
        remove={
          deletable
            ? {
                iconOnly: true,
                remove: () => orderApi.remove(o.id, loaded.etag),
                pending: t('detail.deleting'),
                success: t('detail.deleted', { code: o.code }),
                onDeleted: () => cache.removed(o.id),
                listPath: '/order',
                title: t('detail.deleteTitle', { code: o.code }),
                text: t('detail.deleteText'),
              }
            : undefined
        }
      />
      <Row className="g-3 mb-3">
        <Col md={6} xl={4}>
          <CustomerCard o={o} />
        </Col>
        <Col md={6} xl={4}>
          <MoneyCard o={o} />
        </Col>
        <Col xl={4}>
          <NextSteps loaded={loaded} />
        </Col>
      </Row>
      <UrlTabs
        id="order-tabs"
        tabs={[
          ...(o.kind === 'purchase' || o.items.length > 0
            ? [{ key: 'items', title: t('detail.tabs.items', { count: o.items.length }), content: <Items o={o} /> }]
            : []),
          { key: 'packages', title: t('detail.tabs.packages'), content: <OrderPackages o={o} /> },
          { key: 'payments', title: t('detail.tabs.payments', { count: o.transactions.length }), content: <Payments o={o} onPay={canPay ? () => setPaying(true) : undefined} payLabel={payLabel} /> },
          { key: 'timeline', title: t('detail.tabs.timeline'), content: <Timeline o={o} /> },
          historyTab(t('detail.tabs.history'), { entity: 'orders', entityId: o.id, queryKey: orderApi.keys.history(o.id), fields, ignore: ORDER_HISTORY_IGNORE }),
        ]}
      />
      <NewTransactionDialog
        show={paying}
        onHide={() => setPaying(false)}
        customerId={o.customerId}
        order={{ id: o.id, code: o.code, due: o.due }}
        defaultType={refunding ? 'refund' : 'payment'}
        defaultAmount={refunding ? o.paid : Math.max(0, o.due)}
      />
    </>
  );
}

function CustomerCard({ o }: { o: Order }) {
  const { t } = useTranslation('order');
  const fmt = useFormat();
  return (
    <Card className="shadow-sm h-100">
      <Card.Body>
        <h2 className="h6 mb-3">{t('detail.customer')}</h2>
        <p className="mb-1">
          <Link to={`/customer/${o.customerId}`} className="fw-medium">
            <span className="font-tabular">{o.customerCode}</span> · {o.customerName}
          </Link>
        </p>
        <p className="mb-3">
          <a href={`tel:${o.customerPhone}`} className="font-tabular small">
            {o.customerPhone}
          </a>
        </p>
        <dl className="detail-list small">
          <dt>{t('fields.createdAt')}</dt>
          <dd>{fmt.dateTime(o.createdAt)}</dd>
          <dt>{t('fields.statusAt')}</dt>
          <dd>{fmt.dateTime(o.statusAt)}</dd>
          <dt>{t('fields.note')}</dt>
          <dd style={{ whiteSpace: 'pre-wrap' }}>{o.note || '—'}</dd>
        </dl>
      </Card.Body>
    </Card>
  );
}

/** Every figure as the server computed and stored it; the foreign amounts and the locked rate beside them. */
function MoneyCard({ o }: { o: Order }) {
  const { t } = useTranslation('order');
  const fmt = useFormat();
  // The deposit is what the order ASKS to be paid up front; what was received is what the wallet paid for it.
  const depositState = (x: Order) => {
    const received = Math.min(Math.max(0, x.paid), x.deposit);
    if (received <= 0) return t('detail.depositNone');
    if (received < x.deposit) return t('detail.depositPart', { received: fmt.vnd(received), deposit: fmt.vnd(x.deposit) });
    return t('detail.depositFull');
  };
  const ff = useForeignFormat();
  const rateX100 = parseRateWire(o.exchangeRate);
  const foreign = foreignSubtotal(o.items);
  const line = (label: string, value: number, testId: string, opts: { sub?: string; strong?: boolean; tone?: string } = {}) => (
    <>
      <dt className={opts.strong ? 'order-totals-strong' : undefined}>
        {label}
        {opts.sub && <div className="small text-body-tertiary">{opts.sub}</div>}
      </dt>
      <dd className={`${opts.strong ? 'order-totals-strong' : ''}${opts.tone ? ` ${opts.tone}` : ''}`} data-testid={testId}>
        {fmt.vnd(value)}
      </dd>
    </>
  );
  return (
    <Card className="shadow-sm h-100">
      <Card.Body>
        <h2 className="h6 mb-2">{t('totals.title')}</h2>
        {o.currency !== 'VND' && rateX100 !== null && (
          <p className="small text-body-secondary mb-3" data-testid="order-rate">
            {t('totals.rate', { currency: o.currency, rate: fmt.rate(rateX100) })}
            {o.rateDate && ` · ${t('totals.rateDate', { date: fmt.date(o.rateDate) })}`}
          </p>
        )}
        <dl className="order-totals">
          {line(o.kind === 'purchase' ? t('fields.itemsSubtotal') : t('fields.declaredValue'), o.itemsSubtotal, 'order-subtotal', {
            sub:
              o.kind === 'consignment'
                ? t('totals.consignmentGoods')
                : foreign !== null && o.currency !== 'VND'
                  ? t('totals.foreign', { currency: o.currency, amount: ff.foreign(foreign, o.currency) })
                  : undefined,
          })}
          {line(t('fields.serviceFee'), o.serviceFee, 'order-service-fee', {
            sub: o.serviceFeeMode === 'percent' ? t('totals.serviceFeePercent', { percent: ff.percent(o.serviceFeeBps) }) : undefined,
          })}
          {line(t('fields.domesticFee'), o.domesticFee, 'order-domestic-fee')}
          {line(t('fields.total'), o.total, 'order-total', { strong: true })}
          {line(t('fields.deposit'), o.deposit, 'order-deposit', { sub: o.deposit > 0 ? depositState(o) : undefined })}
          {line(t('fields.remaining'), o.remaining, 'order-remaining')}
          {line(t('fields.paid'), o.paid, 'order-paid', { strong: true })}
          {line(t('fields.due'), o.due, 'order-due', { tone: o.due > 0 ? 'text-warning-emphasis fw-semibold' : 'text-success-emphasis fw-semibold' })}
        </dl>
      </Card.Body>
    </Card>
  );
}

/** The allowed next statuses as buttons; the server's 409 (someone moved it meanwhile) is shown where it happened. */
function NextSteps({ loaded }: { loaded: Versioned<Order> }) {
  const { t } = useTranslation(['order', 'common']);
  const qc = useQueryClient();
  const cache = orderApi.useCache();
  const o = loaded.record;
  const fmt = useFormat();
  // Cancelling an order the wallet paid for: the money goes back to the wallet in the same step unless unticked.
  const [refund, setRefund] = useState(true);
  const paidOnCancel = (to: OrderStatus) => to === 'cancelled' && o.paid > 0;
  // Completing an order that still owes: its payment is recorded in the same step (the server refuses it otherwise).
  const [payMethod, setPayMethod] = useState<OrderPaymentMethod>('cash');
  const dueOnComplete = (to: OrderStatus) => to === 'completed' && o.due > 0;
  const actionLabel = (to: OrderStatus) => (o.status === 'delivering' && to === 'arrived' ? t('moves.arrivedBack') : t(`moves.${to}`));

  return (
    <StatusSteps<OrderStatus>
      next={allowedOrderTransitions(o.kind, o.status)}
      label={actionLabel}
      icon={(to) => ORDER_STATUS_ICONS[to]}
      spaced
      submit={async (to, note) => {
        const extra = {
          refundToWallet: paidOnCancel(to) ? refund : undefined,
          payment: dueOnComplete(to) ? { amount: o.due, method: payMethod } : undefined,
        };
        const saved = await toastPromise(changeOrderStatus(o.id, loaded.etag, to, note, extra), {
          pending: t('detail.moving'),
          success: (r) => t('detail.moved', { code: r.code, status: t(`statuses.${r.status}`) }),
        });
        cache.saved(saved);
      }}
      onStale={() => void qc.invalidateQueries({ queryKey: orderApi.keys.detail(o.id) })}
      onOpen={() => setPayMethod('cash')}
      noteMaxLength={500}
      confirmExtra={(to) =>
        dueOnComplete(to) ? (
          <CompletionPayment o={o} method={payMethod} onMethod={setPayMethod} />
        ) : paidOnCancel(to) ? (
          <Form.Group className="mb-3">
            <Form.Check
              type="switch"
              id={`order-${o.id}-refund`}
              data-testid="order-cancel-refund"
              checked={refund}
              onChange={(e) => setRefund(e.target.checked)}
              label={t('detail.refundToWallet', { amount: fmt.vnd(o.paid) })}
            />
            {!refund && <Form.Text className="d-block">{t('detail.keepOnOrder')}</Form.Text>}
          </Form.Group>
        ) : null
      }
      texts={{
        title: t('detail.nextSteps'),
        final: t('detail.final'),
        note: t('detail.moveNote'),
        confirmTitle: (to) => t('detail.moveTitle', { action: actionLabel(to), code: o.code }),
        confirmText: (to) => t('detail.moveText', { from: t(`statuses.${o.status}`), to: t(`statuses.${to}`) }),
      }}
    >
      <Progress o={o} />
    </StatusSteps>
  );
}

/** What a completion of an order that still owes collects: the amount owed, paid by the method chosen. */
function CompletionPayment({ o, method, onMethod }: { o: Order; method: OrderPaymentMethod; onMethod(m: OrderPaymentMethod): void }) {
  const { t } = useTranslation(['order', 'transaction']);
  const fmt = useFormat();
  const due = fmt.vnd(o.due);
  return (
    <div className="mb-3" data-testid="order-complete-payment">
      <Alert variant="warning" className="py-2 small mb-2">
        <i className="bi bi-cash-coin me-1" aria-hidden="true" />
        {t('detail.completeDue', { due })}
      </Alert>
      <fieldset>
        <legend className="form-label fw-medium fs-6 mb-1">{t('detail.completePayWith', { due })}</legend>
        {ORDER_PAYMENT_METHODS.map((m) => (
          <Form.Check
            key={m}
            inline
            type="radio"
            id={`order-${o.id}-pay-${m}`}
            name={`order-${o.id}-pay`}
            label={t(`transaction:methods.${m}`)}
            checked={method === m}
            onChange={() => onMethod(m)}
          />
        ))}
        {method === 'wallet' && <Form.Text className="d-block">{t('detail.completeWalletHelp')}</Form.Text>}
      </fieldset>
    </div>
  );
}

/** Where the order stands on its kind's road (a consignment never passes "purchased"). */
function Progress({ o }: { o: Order }) {
  const { t } = useTranslation('order');
  const road = ORDER_STATUSES.filter((s) => s !== 'cancelled' && (o.kind === 'purchase' || s !== 'purchased'));
  const reached = new Set(o.events.map((e) => e.toStatus));
  const here = road.indexOf(o.status);
  return (
    <ol className="order-progress list-unstyled small mb-0" aria-label={t('fields.status')}>
      {road.map((s, i) => {
        const done = here >= 0 ? i < here : reached.has(s);
        const current = s === o.status;
        return (
          <li key={s} className={`order-progress-step${done ? ' is-done' : ''}${current ? ' is-current' : ''}`} aria-current={current ? 'step' : undefined}>
            <i className={`bi ${done ? 'bi-check-circle-fill' : current ? 'bi-record-circle' : 'bi-circle'} me-2`} aria-hidden="true" />
            {t(`statuses.${s}`)}
          </li>
        );
      })}
      {o.status === 'cancelled' && (
        <li className="order-progress-step is-current text-danger-emphasis" aria-current="step">
          <i className="bi bi-x-circle-fill me-2" aria-hidden="true" />
          {t('statuses.cancelled')}
        </li>
      )}
    </ol>
  );
}

function Items({ o }: { o: Order }) {
  const { t } = useTranslation('order');
  const fmt = useFormat();
  const ff = useForeignFormat();
  if (!o.items.length) return <p className="text-body-secondary">{t('form.noItems')}</p>;
  return (
    <Card className="shadow-sm">
      <TableScroll>
        <Table className="mb-0 align-middle order-items-table" size="sm" hover>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('item.name')}</th>
              <th scope="col">{t('item.option')}</th>
              <th scope="col" className="text-end">
                {t('item.quantity')}
              </th>
              <th scope="col" className="text-end">
                {t('item.unitPrice', { currency: o.currency })}
              </th>
              <th scope="col" className="text-end">
                {t('item.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {o.items.map((i, n) => (
              <tr key={i.id}>
                <td className="text-body-secondary">{n + 1}</td>
                <td className="order-item-name">
                  {i.url ? (
                    <a href={i.url} target="_blank" rel="noopener noreferrer nofollow" title={t('item.open')}>
                      {i.name}
                      <i className="bi bi-box-arrow-up-right ms-1 small" aria-hidden="true" />
                    </a>
                  ) : (
                    i.name
                  )}
                </td>
                <td>{i.option || '—'}</td>
                <td className="text-end font-tabular">{fmt.integer(i.quantity)}</td>
                <td className="text-end font-tabular text-nowrap">{ff.foreign(i.unitPriceMinor, o.currency)}</td>
                <td className="text-end font-tabular text-nowrap fw-medium">{fmt.vnd(i.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                {t('fields.itemsSubtotal')}
              </th>
              <td className="text-end font-tabular text-nowrap">{ff.foreign(foreignSubtotal(o.items), o.currency)}</td>
              <td className="text-end font-tabular text-nowrap fw-semibold">{fmt.vnd(o.itemsSubtotal)}</td>
            </tr>
          </tfoot>
        </Table>
      </TableScroll>
    </Card>
  );
}

function Payments({ o, onPay, payLabel }: { o: Order; onPay?: () => void; payLabel: string }) {
  const { t } = useTranslation('order');
  const navigate = useNavigate();
  const fmt = useFormat();
  const columns = useTransactionColumns({ withCustomer: false });
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <span className="small" data-testid="order-paid-summary">
          {t('detail.paidSummary', { paid: fmt.vnd(o.paid), total: fmt.vnd(o.total) })}
        </span>
        {onPay && (
          <Button size="sm" variant="primary" className="ms-auto" onClick={onPay}>
          <i className="bi bi-wallet2 me-1" aria-hidden="true" />
          {payLabel}
        </Button>
        )}
      </div>
      <DataTable
        tableId="order-payments"
        urlPrefix="t_"
        spec={TRANSACTION_LIST}
        columns={columns}
        queryKey={(q: ListQueryInput) => queryKeys.Transaction.list({ ...q, orderId: o.id })}
        fetcher={(q, signal) => transactionApi.fetchPage({ ...q, orderId: String(o.id) }, signal)}
        getRowId={(r) => String(r.id)}
        label={t('detail.tabs.payments', { count: o.transactions.length })}
        onOpen={(r) => navigate(`/transaction/${r.id}`)}
        empty={{ title: t('detail.noPayments') }}
      />
    </>
  );
}

/** Every status the order has been in, oldest first, with who moved it and their note. */
function Timeline({ o }: { o: Order }) {
  const { t } = useTranslation('order');
  const fmt = useFormat();
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <ol className="order-timeline" aria-label={t('detail.tabs.timeline')}>
          {o.events.map((e, i) => {
            const current = i === o.events.length - 1;
            return (
              <li key={e.id} className={current ? 'is-current' : undefined} data-testid="order-event">
                <span className="order-timeline-dot" aria-hidden="true" />
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <OrderStatusBadge status={e.toStatus} />
                  {e.fromStatus === null && <span className="small text-body-secondary">{t('detail.created')}</span>}
                  <time className="small text-body-secondary ms-auto" dateTime={e.at}>
                    {fmt.dateTime(e.at)}
                  </time>
                </div>
                {e.actorName && <div className="small text-body-secondary mt-1">{t('detail.by', { name: e.actorName })}</div>}
                {e.note === ORDER_FOLLOWED_PACKAGES_NOTE ? (
                  <p className="small mb-0 mt-1 text-body-secondary" data-testid="order-event-followed">
                    <i className="bi bi-box-seam me-1" aria-hidden="true" />
                    {t('parcels.followed')}
                  </p>
                ) : (
                  e.note && <p className="small mb-0 mt-1">{e.note}</p>
                )}
              </li>
            );
          })}
        </ol>
      </Card.Body>
    </Card>
  );
}
