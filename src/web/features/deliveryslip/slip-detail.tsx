import { Card, Col, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { DeliverySlip } from '../../../shared/contracts/delivery-slips';
import { isFinalSlipStatus } from '../../../shared/domain/delivery-slip-lifecycle';
import { historyTab } from '../../components/history-tab';
import { PageHeader } from '../../components/page-header';
import { RecordPage } from '../../components/record-page';
import { UrlTabs } from '../../components/url-tabs';
import { useFormat } from '../../lib/use-format';
import { slipKeys, useSlip, type Versioned } from './api';
import { SlipStatusBadge } from './badges';
import { SlipStatusActions } from './slip-actions';

/** /deliveryslip/:id: one slip read-only — receiver, packages, charges, hand-over — with its steps and History. */
export function DeliverySlipDetailPage() {
  const { id = '' } = useParams();
  const query = useSlip(id);
  return (
    <RecordPage query={query} backTo="/deliveryslip">
      {(data) => <SlipDetail loaded={data} />}
    </RecordPage>
  );
}

function SlipDetail({ loaded }: { loaded: Versioned<DeliverySlip> }) {
  const { t } = useTranslation(['deliveryslip', 'common']);
  const s = loaded.record;
  const fmt = useFormat();
  const money = (v: unknown) => (typeof v === 'number' ? fmt.vnd(v) : '');
  const fields = [
    { name: 'status', label: t('fields.status'), format: (v: unknown) => (typeof v === 'string' ? t(`statuses.${v}`) : '') },
    { name: 'receiverName', label: t('fields.receiver') },
    { name: 'receiverPhone', label: t('fields.receiverPhone') },
    { name: 'receiverAddress', label: t('fields.receiverAddress') },
    { name: 'method', label: t('fields.method'), format: (v: unknown) => (typeof v === 'string' ? t(`methods.${v}`) : '') },
    { name: 'carrierName', label: t('fields.carrier') },
    { name: 'total', label: t('fields.total'), format: money },
    { name: 'walletCredit', label: t('fields.walletCredit'), format: money },
    { name: 'amountToCollect', label: t('fields.amountToCollect'), format: money },
    { name: 'collectedAmount', label: t('fields.collected'), format: money },
    { name: 'printCount', label: t('fields.printCount') },
  ];
  const confirmable = (s.method === 'pickup' && s.status === 'ready') || (s.method === 'courier' && s.status === 'out_for_delivery');
  return (
    <>
      <PageHeader
        title={
          <span className="d-inline-flex flex-wrap align-items-center gap-2">
            <span className="font-tabular">{s.code}</span>
            <SlipStatusBadge status={s.status} />
          </span>
        }
        actions={
          <>
            {!isFinalSlipStatus(s.status) && (
              <Link to={`/deliveryslip/edit-delivery-slip?id=${s.id}`} className="btn btn-outline-secondary" data-testid="slip-edit-link">
                <i className="bi bi-pencil me-1" aria-hidden="true" />
                {t('form.edit')}
              </Link>
            )}
            <Link to={`/deliveryslip/print-coupons?ids=${s.id}`} className="btn btn-outline-secondary" data-testid="slip-print-link">
              <i className="bi bi-printer me-1" aria-hidden="true" />
              {t('form.print')}
            </Link>
            <SlipStatusActions slip={s} etag={loaded.etag} />
            {confirmable && (
              <Link to={`/deliveryslip/vote-confirm?code=${encodeURIComponent(s.code)}`} className="btn btn-success" data-testid="slip-confirm-link">
                <i className="bi bi-check2-circle me-1" aria-hidden="true" />
                {t('detail.confirm')}
              </Link>
            )}
          </>
        }
      />
      <UrlTabs
        id="slip-tabs"
        tabs={[
          { key: 'details', title: t('detail.tabs.details'), content: <SlipBody s={s} /> },
          historyTab(t('detail.tabs.history'), { entity: 'delivery-slips', entityId: s.id, queryKey: slipKeys.history(s.id), fields }),
        ]}
      />
    </>
  );
}

export function SlipBody({ s }: { s: DeliverySlip }) {
  const { t } = useTranslation('deliveryslip');
  const fmt = useFormat();
  const none = <span className="text-body-tertiary">—</span>;
  return (
    <Row className="g-3">
      <Col lg={7}>
        <Card className="shadow-sm mb-3">
          <Card.Body>
            <dl className="detail-list mb-0">
              <dt>{t('fields.customer')}</dt>
              <dd>
                <Link to={`/customer/${s.customerId}`}>
                  <span className="font-tabular">{s.customerCode}</span> · {s.customerName}
                </Link>
              </dd>
              <dt>{t('fields.receiver')}</dt>
              <dd>
                {s.receiverName} · <span className="font-tabular">{s.receiverPhone}</span>
              </dd>
              <dt>{t('fields.receiverAddress')}</dt>
              <dd>{[s.receiverAddress, s.receiverProvince].filter(Boolean).join(', ') || none}</dd>
              <dt>{t('fields.store')}</dt>
              <dd>{s.storeName}</dd>
              <dt>{t('fields.method')}</dt>
              <dd>
                {t(`methods.${s.method}`)}
                {s.carrierName ? ` · ${s.carrierName}${s.carrierTrackingNumber ? ` (${s.carrierTrackingNumber})` : ''}` : ''}
              </dd>
              {s.failureReason && (
                <>
                  <dt>{t('fields.failureReason')}</dt>
                  <dd>
                    {t(`reasons.${s.failureReason}`)}
                    {s.failureNote ? ` — ${s.failureNote}` : ''}
                  </dd>
                </>
              )}
              <dt>{t('fields.note')}</dt>
              <dd className="text-pre-wrap">{s.note || none}</dd>
              <dt>{t('fields.printCount')}</dt>
              <dd>{s.printCount ? `${fmt.integer(s.printCount)} · ${fmt.dateTime(s.lastPrintedAt!)}` : '0'}</dd>
            </dl>
          </Card.Body>
        </Card>
        <Card className="shadow-sm">
          <Card.Body>
            <h2 className="h6 mb-3">{t('detail.packages')}</h2>
            <div className="table-responsive">
              <Table size="sm" className="mb-0 align-middle" data-testid="slip-packages">
                <thead>
                  <tr>
                    <th>{t('fields.trackingNumber')}</th>
                    {/* On a phone the gross weight gives way: the chargeable weight and the freight are what the slip bills. */}
                    <th className="text-end d-none d-sm-table-cell">{t('fields.weight')}</th>
                    <th className="text-end">{t('fields.chargeable')}</th>
                    <th className="text-end">{t('fields.freight')}</th>
                  </tr>
                </thead>
                <tbody>
                  {s.packages.map((p) => (
                    <tr key={p.packageId}>
                      <td>
                        <Link to={`/tracking/${p.packageId}`} className="font-tabular">
                          {p.trackingNumber}
                        </Link>
                        <div className="small text-body-secondary">{p.code}</div>
                        {/* How the freight was priced, under the parcel (room to wrap on a phone). */}
                        {p.pricing && (
                          <div className="small text-body-secondary font-tabular" data-testid="line-basis">
                            {fmt.basis(p.pricing)}
                          </div>
                        )}
                      </td>
                      <td className="text-end font-tabular d-none d-sm-table-cell">{fmt.kg(p.weightG)}</td>
                      <td className="text-end font-tabular" data-testid="line-billed">
                        {p.pricing ? fmt.billed(p.pricing) : fmt.kg(p.chargeableG)}
                      </td>
                      <td className="text-end font-tabular">{fmt.vnd(p.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          </Card.Body>
        </Card>
      </Col>
      <Col lg={5}>
        <SlipMoney s={s} />
        {s.status === 'delivered' && (
          <Card className="shadow-sm mt-3">
            <Card.Body>
              <h2 className="h6 mb-3">{t('detail.handover')}</h2>
              <dl className="detail-list mb-0">
                <dt>{t('fields.collected')}</dt>
                <dd className="font-tabular" data-testid="slip-collected">
                  {fmt.vnd(s.collectedAmount ?? 0)} · {s.collectMethod ? t(`collectMethods.${s.collectMethod}`) : ''}
                </dd>
                <dt>{t('confirm.receiverName')}</dt>
                <dd>{s.receivedBy}</dd>
                <dt>{t('fields.deliveredAt')}</dt>
                <dd>{fmt.dateTime(s.deliveredAt!)}</dd>
                {s.feedback && (
                  <>
                    <dt>{t('detail.feedback')}</dt>
                    <dd>
                      <span aria-label={`${s.feedback.rating}/5`}>{'★'.repeat(s.feedback.rating)}{'☆'.repeat(5 - s.feedback.rating)}</span>
                      {s.feedback.comment ? ` — ${s.feedback.comment}` : ''}
                    </dd>
                  </>
                )}
              </dl>
            </Card.Body>
          </Card>
        )}
      </Col>
    </Row>
  );
}

/** The charges, the wallet credit and the COD, as the printed slip shows them. */
export function SlipMoney({ s }: { s: DeliverySlip }) {
  const { t } = useTranslation('deliveryslip');
  const fmt = useFormat();
  const line = (label: string, value: string, strong = false, testId?: string) => (
    <div className={`d-flex justify-content-between gap-3 py-1 ${strong ? 'fw-semibold' : ''}`}>
      <span>{label}</span>
      <span className="font-tabular text-nowrap" data-testid={testId}>
        {value}
      </span>
    </div>
  );
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <h2 className="h6 mb-2">{t('detail.charges')}</h2>
        {line(t('fields.packagesSubtotal'), fmt.vnd(s.packagesSubtotal))}
        {s.domesticFee > 0 && line(t('fields.domesticFee'), fmt.vnd(s.domesticFee))}
        {s.surchargesTotal > 0 && line(t('fields.surcharges'), fmt.vnd(s.surchargesTotal))}
        {s.discountAmount > 0 && line(t('fields.discount'), `\u2212${fmt.vnd(s.discountAmount)}`)}
        <hr className="my-2" />
        {line(t('fields.total'), fmt.vnd(s.total), true, 'slip-total')}
        {s.orders.map((o) => line(t('fields.orderLine', { code: o.code }), fmt.vnd(o.amount), false, `slip-order-${o.orderId}`))}
        {line(t('fields.walletCredit'), s.walletCredit > 0 ? `\u2212${fmt.vnd(s.walletCredit)}` : fmt.vnd(0))}
        <div className="d-flex justify-content-between gap-3 pt-2 fs-5 fw-bold">
          <span>{t('fields.amountToCollect')}</span>
          <span className="font-tabular text-nowrap" data-testid="slip-to-collect">
            {fmt.vnd(s.amountToCollect)}
          </span>
        </div>
        {s.paidByTransfer > 0 && (
          <>
            {line(t('fields.paidByTransfer'), `\u2212${fmt.vnd(s.paidByTransfer)}`, false, 'slip-paid-by-transfer')}
            {line(t('fields.leftToCollect'), fmt.vnd(Math.max(0, s.amountToCollect - s.paidByTransfer)), true, 'slip-left-to-collect')}
            {s.paidByTransfer >= s.amountToCollect && (
              <div className="mt-2">
                <span className="badge text-bg-success" data-testid="slip-paid-badge">
                  <i className="bi bi-bank me-1" aria-hidden="true" />
                  {t('detail.paidByTransfer')}
                </span>
              </div>
            )}
          </>
        )}
        <div className="small text-body-secondary mt-2">{s.chargesFrozenAt ? t('detail.frozen', { at: fmt.dateTime(s.chargesFrozenAt) }) : t('detail.notFrozen')}</div>
      </Card.Body>
    </Card>
  );
}
