import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SlipBulkBodyInput, SlipBulkResult } from '../../../shared/contracts/delivery-slips';
import type { Customer } from '../../../shared/contracts/customers';
import { PageHeader } from '../../components/page-header';
import { useCommand } from '../../components/use-command';
import { CustomerPicker } from '../../entities/customer/customer-picker';
import { useStores } from '../../entities/store/api';
import { useFormat } from '../../lib/use-format';
import { bulkSlips, slipKeys } from './api';
import { StoreOptions } from '../../entities/store/store-options';

const EMPTY: ReadonlySet<number> = new Set();

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
  // The preview's customers the clerk unticked: no slip is made for them.
  const [left, setLeft] = useState<ReadonlySet<number>>(new Set());
  const [made, setMade] = useState<SlipBulkResult | null>(null);

  const daysOk = days === '' || (DAYS.test(days) && Number(days) <= 365);
  const kept = preview ? preview.items.filter((l) => !left.has(l.customerId)) : [];
  const body = (p: boolean): SlipBulkBodyInput => ({
    storeId: Number(storeId),
    // Creating after unticking: exactly the ticked customers of the preview (the same hub and days).
    ...(!p && left.size ? { customerIds: kept.map((l) => l.customerId) } : customers.length ? { customerIds: customers.map((c) => c.id) } : {}),
    ...(days !== '' ? { minWaitingDays: Number(days) } : {}),
    preview: p,
  });
  // Any change of the choice drops the preview: "create all" always makes what is on screen.
  const changed = () => {
    setPreview(null);
    setLeft(new Set());
    setMade(null);
    previewRun.reset();
    commitRun.reset();
  };
  const previewRun = useCommand({
    run: () => bulkSlips(body(true)),
    showError: 'inline',
    onSuccess: (r) => {
      setPreview(r);
      setLeft(new Set());
    },
  });
  const commitRun = useCommand({
    run: () => bulkSlips(body(false)),
    showError: 'inline',
    invalidate: [slipKeys.lists()],
    onSuccess: (r) => {
      setMade(r);
      setPreview(null);
    },
  });

  const canPreview = storeId !== '' && daysOk && !previewRun.busy;
  return (
    <>
      <PageHeader />
      <Card className="shadow-sm mb-3">
        <Card.Body>
          <Form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (canPreview) previewRun.run();
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
                {previewRun.busy ? <Spinner size="sm" className="me-1" /> : <i className="bi bi-eye me-1" aria-hidden="true" />}
                {t('bulk.preview')}
              </Button>
            </div>
          </Form>
        </Card.Body>
      </Card>
      {(previewRun.error ?? commitRun.error) && (
        <div className="alert alert-danger" role="alert">
          {previewRun.error ?? commitRun.error}
        </div>
      )}
      {preview && (
        <BulkLines
          result={preview}
          title={t('bulk.previewTitle')}
          left={left}
          onLeftChange={setLeft}
          action={
            preview.items.length > 0 && (
              <Button variant="success" disabled={commitRun.busy || kept.length === 0} onClick={() => commitRun.run()}>
                {commitRun.busy ? <Spinner size="sm" className="me-1" /> : <i className="bi bi-check2-all me-1" aria-hidden="true" />}
                {left.size ? t('bulk.createTicked', { count: kept.length }) : t('bulk.createAll', { count: preview.items.length })}
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

/**
 * The lines of a preview or of the slips made. A preview (given `onLeftChange`) has a tick per customer, all ticked
 * at first; its summary and totals are those of the ticked lines, which are what "create" makes.
 */
function BulkLines({
  result,
  title,
  action,
  left = EMPTY,
  onLeftChange,
}: {
  result: SlipBulkResult;
  title: string;
  action: ReactNode;
  left?: ReadonlySet<number>;
  onLeftChange?(next: ReadonlySet<number>): void;
}) {
  const { t } = useTranslation('deliveryslip');
  const fmt = useFormat();
  if (!result.items.length) return <div className="alert alert-info">{t('bulk.nothing')}</div>;
  const ticking = Boolean(onLeftChange);
  const kept = result.items.filter((l) => !left.has(l.customerId));
  const totals = left.size
    ? {
        slips: kept.length,
        packages: kept.reduce((n, l) => n + l.packageCount, 0),
        total: kept.reduce((n, l) => n + l.total, 0),
        amountToCollect: kept.reduce((n, l) => n + l.amountToCollect, 0),
      }
    : result.totals;
  const toggle = (customerId: number) => {
    const next = new Set(left);
    if (next.has(customerId)) next.delete(customerId);
    else next.add(customerId);
    onLeftChange?.(next);
  };
  return (
    <Card className="shadow-sm mb-3">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0">{title}</h2>
        <span className="small text-body-secondary">
          {t('bulk.summary', { slips: fmt.integer(totals.slips), packages: fmt.integer(totals.packages) })}
        </span>
        <div className="ms-auto">{action}</div>
      </Card.Header>
      <div className="table-responsive">
        <Table size="sm" className="mb-0 align-middle" aria-label={title}>
          <thead>
            <tr className="text-nowrap">
              {ticking && (
                <th style={{ width: '2.5rem' }}>
                  <Form.Check
                    aria-label={t('bulk.tickAll')}
                    checked={left.size === 0}
                    ref={(el: HTMLInputElement | null) => {
                      if (el) el.indeterminate = left.size > 0 && left.size < result.items.length;
                    }}
                    onChange={() => onLeftChange!(left.size === 0 ? new Set(result.items.map((l) => l.customerId)) : new Set())}
                  />
                </th>
              )}
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
              <tr key={l.customerId} className={left.has(l.customerId) ? 'text-body-secondary text-decoration-line-through' : undefined}>
                {ticking && (
                  <td>
                    <Form.Check aria-label={t('bulk.tickCustomer', { code: l.customerCode })} checked={!left.has(l.customerId)} onChange={() => toggle(l.customerId)} />
                  </td>
                )}
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
              <td colSpan={(result.preview ? 1 : 2) + (ticking ? 1 : 0)}>{t('bulk.totals')}</td>
              <td className="text-end font-tabular">{fmt.integer(totals.packages)}</td>
              <td />
              <td className="text-end font-tabular text-nowrap" data-testid="bulk-total">{fmt.vnd(totals.total)}</td>
              <td />
              <td className="text-end font-tabular text-nowrap" data-testid="bulk-to-collect">{fmt.vnd(totals.amountToCollect)}</td>
            </tr>
          </tfoot>
        </Table>
      </div>
    </Card>
  );
}
