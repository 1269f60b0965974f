import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SlipBulkBodyInput, SlipBulkResult } from '../../../shared/contracts/delivery-slips';
import type { Customer } from '../../../shared/contracts/customers';
import { PageHeader } from '../../components/page-header';
import { CustomerPicker } from '../../entities/customer/customer-picker';
import { useStores } from '../../entities/store/api';
import { errorMessage } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import { bulkSlips, slipKeys } from './api';
import { StoreOptions } from '../../entities/store/store-options';

/** Whole days, as typed: anything else is refused (shown invalid), never rounded. */
const DAYS = /^\d{1,3}$/;

/**
 * /deliveryslip/create-vouchers: a hub (optionally some customers and a minimum of days waiting) → the preview, one
 * slip per customer with every ready package there → "create all" in one all-or-nothing request → links to the slips.
 */
export function CreateVouchersPage() {
  const { t } = useTranslation('deliveryslip');
  const stores = useStores();
  const hubs = useMemo(() => (stores.data?.items ?? []).filter((s) => s.kind === 'hub'), [stores.data]);
  const [storeId, setStoreId] = useState('');
  const [customers, setCustomers] = useState<Customer[]>([]);
  const [days, setDays] = useState('');
  const [preview, setPreview] = useState<SlipBulkResult | null>(null);
  const [made, setMade] = useState<SlipBulkResult | null>(null);
  const qc = useQueryClient();

  const daysOk = days === '' || (DAYS.test(days) && Number(days) <= 365);
  const body = (p: boolean): SlipBulkBodyInput => ({
    storeId: Number(storeId),
    ...(customers.length ? { customerIds: customers.map((c) => c.id) } : {}),
    ...(days !== '' ? { minWaitingDays: Number(days) } : {}),
    preview: p,
  });
  // Any change of the choice drops the preview: "create all" always makes what is on screen.
  const changed = () => {
    setPreview(null);
    setMade(null);
    previewRun.reset();
    commitRun.reset();
  };
  const previewRun = useMutation({ mutationFn: () => bulkSlips(body(true)), onSuccess: setPreview });
  const commitRun = useMutation({
    mutationFn: () => bulkSlips(body(false)),
    onSuccess: (r) => {
      setMade(r);
      setPreview(null);
      void qc.invalidateQueries({ queryKey: slipKeys.lists() });
    },
  });

  const canPreview = storeId !== '' && daysOk && !previewRun.isPending;
  return (
    <>
      <PageHeader />
      <Card className="shadow-sm mb-3">
        <Card.Body>
          <Form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (canPreview) previewRun.mutate();
            }}
          >
            <Row className="g-3">
              <Col md={4}>
                <Form.Group controlId="bulk-store">
                  <Form.Label>{t('bulk.hub')}</Form.Label>
                  <Form.Select
                    value={storeId}
                    required
                    onChange={(e) => {
                      setStoreId(e.target.value);
                      changed();
                    }}
                  >
                    <option value="">{t('bulk.chooseHub')}</option>
                    <StoreOptions stores={hubs} />
                  </Form.Select>
                </Form.Group>
              </Col>
              <Col md={5}>
                <CustomerPicker
                  value={null}
                  label={t('bulk.customers')}
                  placeholder={t('bulk.allCustomers')}
                  onChange={(c) => {
                    if (c && !customers.some((x) => x.id === c.id)) {
                      setCustomers([...customers, c]);
                      changed();
                    }
                  }}
                />
                {customers.length > 0 && (
                  <ul className="list-unstyled d-flex flex-wrap gap-1 mt-2 mb-0" aria-label={t('bulk.chosenCustomers')}>
                    {customers.map((c) => (
                      <li key={c.id} className="badge text-bg-light border d-inline-flex align-items-center gap-1 fw-normal">
                        <span className="font-tabular">{c.code}</span> {c.fullName}
                        <button
                          type="button"
                          className="btn-close btn-close-sm ms-1"
                          style={{ fontSize: '0.6rem' }}
                          aria-label={t('bulk.removeCustomer', { code: c.code })}
                          onClick={() => {
                            setCustomers(customers.filter((x) => x.id !== c.id));
                            changed();
                          }}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </Col>
              <Col md={3}>
                <Form.Group controlId="bulk-days">
                  <Form.Label>{t('bulk.minDays')}</Form.Label>
                  <Form.Control
                    inputMode="numeric"
                    value={days}
                    isInvalid={!daysOk}
                    onChange={(e) => {
                      setDays(e.target.value);
                      changed();
                    }}
                  />
                  <Form.Control.Feedback type="invalid">{t('bulk.minDaysInvalid')}</Form.Control.Feedback>
                </Form.Group>
              </Col>
            </Row>
            <div className="mt-3 d-flex gap-2">
              <Button type="submit" disabled={!canPreview}>
                {previewRun.isPending ? <Spinner size="sm" className="me-1" /> : <i className="bi bi-eye me-1" aria-hidden="true" />}
                {t('bulk.preview')}
              </Button>
            </div>
          </Form>
        </Card.Body>
      </Card>
      {(previewRun.isError || commitRun.isError) && (
        <div className="alert alert-danger" role="alert">
          {errorMessage(previewRun.error ?? commitRun.error)}
        </div>
      )}
      {preview && (
        <BulkLines
          result={preview}
          title={t('bulk.previewTitle')}
          action={
            preview.items.length > 0 && (
              <Button variant="success" disabled={commitRun.isPending} onClick={() => commitRun.mutate()}>
                {commitRun.isPending ? <Spinner size="sm" className="me-1" /> : <i className="bi bi-check2-all me-1" aria-hidden="true" />}
                {t('bulk.createAll', { count: preview.items.length })}
              </Button>
            )
          }
        />
      )}
      {made && (
        <>
          <div className="alert alert-success" role="status">
            {t('bulk.created', { count: made.items.length })}
          </div>
          <BulkLines
            result={made}
            title={t('bulk.resultTitle')}
            action={
              <Link to={`/deliveryslip/print-coupons?ids=${made.items.map((l) => l.slipId).join(',')}`} className="btn btn-primary">
                <i className="bi bi-printer me-1" aria-hidden="true" />
                {t('bulk.printAll', { count: made.items.length })}
              </Link>
            }
          />
        </>
      )}
    </>
  );
}

function BulkLines({ result, title, action }: { result: SlipBulkResult; title: string; action: ReactNode }) {
  const { t } = useTranslation('deliveryslip');
  const fmt = useFormat();
  if (!result.items.length) return <div className="alert alert-info">{t('bulk.nothing')}</div>;
  return (
    <Card className="shadow-sm mb-3">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0">{title}</h2>
        <span className="small text-body-secondary">
          {t('bulk.summary', { slips: fmt.integer(result.totals.slips), packages: fmt.integer(result.totals.packages) })}
        </span>
        <div className="ms-auto">{action}</div>
      </Card.Header>
      <div className="table-responsive">
        <Table size="sm" className="mb-0 align-middle" aria-label={title}>
          <thead>
            <tr className="text-nowrap">
              <th>{t('fields.customer')}</th>
              {result.preview ? null : <th>{t('fields.code')}</th>}
              <th className="text-end">{t('fields.packages')}</th>
              <th className="text-end">{t('bulk.waiting')}</th>
              <th className="text-end">{t('fields.total')}</th>
              <th className="text-end">{t('bulk.walletCredit')}</th>
              <th className="text-end">{t('fields.amountToCollect')}</th>
            </tr>
          </thead>
          <tbody>
            {result.items.map((l) => (
              <tr key={l.customerId}>
                <td style={{ minWidth: '12rem' }}>
                  <span className="font-tabular">{l.customerCode}</span> {l.customerName}
                </td>
                {result.preview ? null : (
                  <td className="font-tabular">{l.slipId ? <Link to={`/deliveryslip/${l.slipId}`}>{l.slipCode}</Link> : null}</td>
                )}
                <td className="text-end font-tabular">{fmt.integer(l.packageCount)}</td>
                <td className="text-end font-tabular text-nowrap">{t('bulk.days', { count: l.maxWaitingDays })}</td>
                <td className="text-end font-tabular text-nowrap">{fmt.vnd(l.total)}</td>
                <td className="text-end font-tabular text-nowrap">{fmt.vnd(l.walletCredit)}</td>
                <td className="text-end font-tabular text-nowrap">{fmt.vnd(l.amountToCollect)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="fw-semibold">
              <td colSpan={result.preview ? 1 : 2}>{t('bulk.totals')}</td>
              <td className="text-end font-tabular">{fmt.integer(result.totals.packages)}</td>
              <td />
              <td className="text-end font-tabular text-nowrap" data-testid="bulk-total">{fmt.vnd(result.totals.total)}</td>
              <td />
              <td className="text-end font-tabular text-nowrap" data-testid="bulk-to-collect">{fmt.vnd(result.totals.amountToCollect)}</td>
            </tr>
          </tfoot>
        </Table>
      </div>
    </Card>
  );
}
