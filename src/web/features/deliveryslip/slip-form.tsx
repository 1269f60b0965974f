import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Customer } from '../../../shared/contracts/customers';
import type { DeliverySlip, DeliverySlipOrder, SlipQuote } from '../../../shared/contracts/delivery-slips';
import { SLIP_AMOUNT_MAX } from '../../../shared/domain/slip-charges';
import { AmountInput } from '../../components/form/money-inputs';
import { CustomerPicker } from '../../entities/customer/customer-picker';
import { api, errorMessage } from '../../lib/api-client';
import { formatPercent } from '../../../shared/domain/money-input';
import { useFormat } from '../../lib/use-format';
import { quoteSlip, slipKeys, useReadyPackages } from './api';
import { ScanBox, type ScanFeedback } from '../../components/scan-box';
import { SlipMoney } from './slip-detail';
import { conflictsOf, moneyOf, quoteBodyOf, receiverOf, type MoneyField, type SlipFormValues } from './slip-form-model';
import { useDebounced } from '../../lib/use-debounced';

/**
 * The one slip form of the create and edit screens: customer, packages (ticked from the customer's ready list or
 * scanned), receiver, method, fees and discount, with the charges the server computes for exactly these values
 * (POST /quote: the same rule the save applies). A scanned code is checked against the server before it joins the
 * slip, so the box says at once why it cannot (unknown, not ready, on another slip, another customer's, other hub).
 * On a slip whose charges are frozen (ready, out for delivery) only the receiver, carrier and note are editable.
 */

const QUOTE_DEBOUNCE_MS = 300;

export interface SlipFormProps {
  values: SlipFormValues;
  onChange(next: SlipFormValues): void;
  /** The slip being edited (its packages are not "on another slip"); absent on create. */
  slip?: DeliverySlip;
  /** Save buttons and messages under the form. */
  footer: ReactNode;
}

export function SlipForm({ values: v, onChange, slip, footer }: SlipFormProps) {
  const { t } = useTranslation('deliveryslip');
  const frozen = slip !== undefined && slip.status !== 'draft';
  const set = (patch: Partial<SlipFormValues>) => onChange({ ...v, ...patch });
  const money = moneyOf(v);
  const invalid = (f: MoneyField) => !money.ok && money.invalid.includes(f);

  const quoteBody = useDebounced(frozen ? null : quoteBodyOf(v), QUOTE_DEBOUNCE_MS);
  const quote = useQuery({
    queryKey: [...slipKeys.all, 'quote', slip?.id ?? 0, quoteBody],
    queryFn: ({ signal }) => quoteSlip(quoteBody!, slip?.id, signal),
    enabled: quoteBody !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const [feedback, setFeedback] = useState<ScanFeedback>(null);
  const [checking, setChecking] = useState(false);
  const lines = quote.data && quoteBody ? quote.data.packages : [];
  const onSlip = (code: string) =>
    v.numbers.includes(code) || lines.some((p) => p.trackingNumber.toUpperCase() === code || p.code.toUpperCase() === code);

  // A gun scans faster than the server answers: scans are checked one after the other, each against the values
  // the previous one left (not the render it started in), so none is lost.
  const latest = useRef(v);
  latest.current = v;
  const queue = useRef<Promise<void>>(Promise.resolve());

  const check = async (code: string) => {
    const cur = latest.current;
    if (cur.numbers.includes(code) || onSlip(code)) {
      setFeedback({ kind: 'warning', text: t('scan.duplicate', { code }) });
      return;
    }
    setChecking(true);
    try {
      let customerId = cur.customerId;
      let receiver: Partial<SlipFormValues> = {};
      if (customerId === null) {
        // No customer yet: the first scanned parcel names it.
        const owner = await ownerOf(code);
        if (!owner) {
          setFeedback({ kind: 'danger', text: t('scan.reasons.not_found', { code }) });
          return;
        }
        customerId = owner.id;
        receiver = receiverOf(owner);
      }
      const next = { ...cur, ...receiver, customerId };
      const body = quoteBodyOf(next, [...cur.numbers, code]);
      if (!body) {
        setFeedback({ kind: 'danger', text: t('form.fixMoney') });
        return;
      }
      const answer = await quoteSlip(body, slip?.id);
      // The server knows the parcel by its tracking number; a scanned package code is kept as that number.
      const added = answer.packages.find((p) => p.code.toUpperCase() === code)?.trackingNumber.toUpperCase() ?? code;
      if (cur.numbers.includes(added)) {
        setFeedback({ kind: 'warning', text: t('scan.duplicate', { code }) });
        return;
      }
      const after = { ...next, numbers: [...cur.numbers, added] };
      latest.current = after;
      onChange(after);
      setFeedback({ kind: 'success', text: t('scan.added', { code }) });
    } catch (e) {
      const mine = conflictsOf(e)?.find((c) => c.number === code);
      setFeedback({ kind: 'danger', text: mine ? t(`scan.reasons.${mine.reason}`, { code }) : errorMessage(e) });
    } finally {
      setChecking(false);
    }
  };
  const onScan = (code: string) => {
    queue.current = queue.current.then(() => check(code));
  };

  const remove = (numbers: string[]) => set({ numbers: v.numbers.filter((n) => !numbers.includes(n)) });
  const quoteConflicts = quote.isError ? conflictsOf(quote.error) : null;

  return (
    <Row className="g-3">
      <Col lg={7}>
        <Card className="shadow-sm mb-3">
          <Card.Body>
            <h2 className="h6 mb-3">{t('form.packagesTitle')}</h2>
            <CustomerPicker
              id="slip-customer"
              label={t('fields.customer')}
              value={v.customerId}
              disabled={slip !== undefined}
              required
              onChange={(c) =>
                onChange({ ...v, customerId: c?.id ?? null, numbers: c?.id === v.customerId ? v.numbers : [], orderIds: c?.id === v.customerId ? v.orderIds : [], ...(c ? receiverOf(c) : {}) })
              }
              className="mb-3"
            />
            {!frozen && (
              <>
                <ScanBox
                  id="slip-scan"
                  label={t('scan.label')}
                  placeholder={t('scan.placeholder')}
                  help={v.customerId === null ? t('scan.helpNoCustomer') : t('scan.help')}
                  onScan={onScan}
                  feedback={feedback}
                  busy={checking}
                />
                {v.customerId !== null && <ReadyPackagesPicker customerId={v.customerId} numbers={v.numbers} onToggle={(code, on) => (on ? set({ numbers: [...v.numbers, code] }) : remove([code]))} />}
                {v.customerId !== null && (
                  <OwingOrdersPicker
                    customerId={v.customerId}
                    own={slip?.orders ?? []}
                    orderIds={v.orderIds}
                    onToggle={(id, on) => set({ orderIds: on ? [...v.orderIds, id] : v.orderIds.filter((x) => x !== id) })}
                  />
                )}
              </>
            )}
            <PackageLines numbers={v.numbers} quote={quoteBody ? quote.data : undefined} slip={frozen ? slip : undefined} onRemove={frozen ? undefined : (n) => remove([n])} />
            {quoteConflicts && (
              <Alert variant="danger" className="mt-2 mb-0 small" data-testid="slip-conflicts">
                <ul className="mb-0 ps-3">
                  {quoteConflicts.map((c) => (
                    <li key={c.number}>
                      {t(`scan.reasons.${c.reason}`, { code: c.number })}{' '}
                      <Button variant="link" size="sm" className="p-0 align-baseline" onClick={() => remove([c.number])}>
                        {t('form.remove')}
                      </Button>
                    </li>
                  ))}
                </ul>
              </Alert>
            )}
          </Card.Body>
        </Card>
        <Card className="shadow-sm">
          <Card.Body>
            <h2 className="h6 mb-3">{t('form.receiverTitle')}</h2>
            <Row className="g-2">
              <Col sm={6}>
                <Form.Group controlId="slip-receiver-name">
                  <Form.Label>{t('fields.receiver')}</Form.Label>
                  <Form.Control value={v.receiverName} maxLength={200} required onChange={(e) => set({ receiverName: e.target.value })} />
                </Form.Group>
              </Col>
              <Col sm={6}>
                <Form.Group controlId="slip-receiver-phone">
                  <Form.Label>{t('fields.receiverPhone')}</Form.Label>
                  <Form.Control value={v.receiverPhone} inputMode="tel" required onChange={(e) => set({ receiverPhone: e.target.value })} />
                </Form.Group>
              </Col>
              <Col sm={8}>
                <Form.Group controlId="slip-receiver-address">
                  <Form.Label>{t('fields.receiverAddress')}</Form.Label>
                  <Form.Control value={v.receiverAddress} maxLength={500} onChange={(e) => set({ receiverAddress: e.target.value })} />
                </Form.Group>
              </Col>
              <Col sm={4}>
                <Form.Group controlId="slip-receiver-province">
                  <Form.Label>{t('form.province')}</Form.Label>
                  <Form.Control value={v.receiverProvince} maxLength={100} onChange={(e) => set({ receiverProvince: e.target.value })} />
                </Form.Group>
              </Col>
              <Col xs={12}>
                <Form.Label as="div" id="slip-method-label">
                  {t('fields.method')}
                </Form.Label>
                <div role="radiogroup" aria-labelledby="slip-method-label">
                  {(['pickup', 'courier'] as const).map((m) => (
                    <Form.Check key={m} inline type="radio" id={`slip-method-${m}`} name="slip-method" label={t(`methods.${m}`)} checked={v.method === m} disabled={frozen} onChange={() => set({ method: m })} />
                  ))}
                </div>
              </Col>
              {v.method === 'courier' && (
                <>
                  <Col sm={6}>
                    <Form.Group controlId="slip-carrier">
                      <Form.Label>{t('fields.carrier')}</Form.Label>
                      <Form.Control value={v.carrierName} maxLength={100} onChange={(e) => set({ carrierName: e.target.value })} />
                    </Form.Group>
                  </Col>
                  <Col sm={6}>
                    <Form.Group controlId="slip-carrier-tracking">
                      <Form.Label>{t('form.carrierTracking')}</Form.Label>
                      <Form.Control value={v.carrierTrackingNumber} maxLength={100} className="font-tabular" onChange={(e) => set({ carrierTrackingNumber: e.target.value })} />
                    </Form.Group>
                  </Col>
                </>
              )}
              <Col xs={12}>
                <Form.Group controlId="slip-note">
                  <Form.Label>{t('fields.note')}</Form.Label>
                  <Form.Control as="textarea" rows={2} value={v.note} maxLength={1000} onChange={(e) => set({ note: e.target.value })} />
                </Form.Group>
              </Col>
            </Row>
          </Card.Body>
        </Card>
      </Col>
      <Col lg={5}>
        {!frozen && (
          <Card className="shadow-sm mb-3">
            <Card.Body>
              <h2 className="h6 mb-3">{t('form.feesTitle')}</h2>
              <Row className="g-2">
                {v.method === 'courier' && (
                  <Col xs={12}>
                    <Form.Group>
                      <Form.Label htmlFor="slip-domestic-fee">{t('fields.domesticFee')}</Form.Label>
                      <AmountInput id="slip-domestic-fee" currency="VND" max={SLIP_AMOUNT_MAX} value={v.domesticFee} onChange={(n) => set({ domesticFee: n })} help={t('form.byZone')} />
                    </Form.Group>
                  </Col>
                )}
                <Col xs={12} sm={7}>
                  <Form.Group controlId="slip-surcharge-label">
                    <Form.Label>{t('form.surchargeLabel')}</Form.Label>
                    <Form.Control value={v.surchargeLabel} maxLength={100} isInvalid={invalid('surchargeLabel')} onChange={(e) => set({ surchargeLabel: e.target.value })} />
                    <Form.Control.Feedback type="invalid">{t('form.surchargeNeedsLabel')}</Form.Control.Feedback>
                  </Form.Group>
                </Col>
                {/* A whole line on a phone: the amount stays readable beside its sign and its refusal mark. */}
                <Col xs={12} sm={5}>
                  <Form.Group>
                    <Form.Label htmlFor="slip-surcharge-amount">{t('form.surchargeAmount')}</Form.Label>
                    <AmountInput id="slip-surcharge-amount" currency="VND" max={SLIP_AMOUNT_MAX} value={v.surchargeAmount} onChange={(n) => set({ surchargeAmount: n })} />
                  </Form.Group>
                </Col>
                <Col xs={12} sm={5}>
                  <Form.Group controlId="slip-discount-kind">
                    <Form.Label>{t('fields.discount')}</Form.Label>
                    {/* An amount and a percentage are different numbers: a new kind starts from an empty input. */}
                    <Form.Select value={v.discountKind} onChange={(e) => set({ discountKind: e.target.value as SlipFormValues['discountKind'], discountValue: null })}>
                      <option value="none">{t('form.discountNone')}</option>
                      <option value="amount">{t('form.discountAmount')}</option>
                      <option value="percent">{t('form.discountPercent')}</option>
                    </Form.Select>
                  </Form.Group>
                </Col>
                {v.discountKind !== 'none' && (
                  <>
                    <Col xs={12} sm={7}>
                      <Form.Group>
                        <Form.Label htmlFor="slip-discount-value">{v.discountKind === 'amount' ? t('form.discountAmountValue') : t('form.discountPercentValue')}</Form.Label>
                        <AmountInput
                          key={v.discountKind}
                          id="slip-discount-value"
                          currency="VND"
                          percent={v.discountKind === 'percent'}
                          max={v.discountKind === 'percent' ? 10_000 : SLIP_AMOUNT_MAX}
                          value={v.discountValue}
                          onChange={(n) => set({ discountValue: n })}
                        />
                      </Form.Group>
                    </Col>
                    <Col xs={12}>
                      <Form.Group controlId="slip-discount-reason">
                        <Form.Label>{t('form.discountReason')}</Form.Label>
                        <Form.Control value={v.discountReason} maxLength={200} onChange={(e) => set({ discountReason: e.target.value })} />
                      </Form.Group>
                    </Col>
                  </>
                )}
              </Row>
            </Card.Body>
          </Card>
        )}
        {frozen ? <SlipMoney s={slip} /> : <QuoteCharges
            quote={quoteBody ? quote.data : undefined}
            loading={quote.isFetching}
            // A fee the money input refused keeps the charges from being computed: say so, not "add parcels".
            error={!money.ok ? t('form.fixMoney') : quote.isError && !quoteConflicts ? errorMessage(quote.error) : null}
          />}
        <div className="mt-3">{footer}</div>
      </Col>
    </Row>
  );
}

/** The customer owning a scanned parcel (by tracking number or package code), or null when no parcel has it. */
async function ownerOf(code: string): Promise<Customer | null> {
  const found = await api.get<{ items: Array<{ trackingNumber: string; code: string; customerId: number | null }> }>('/api/packages', { q: code, pageSize: 5 });
  const p = found.items.find((x) => x.trackingNumber.toUpperCase() === code || x.code.toUpperCase() === code);
  if (!p?.customerId) return null;
  return api.get<Customer>(`/api/customers/${p.customerId}`);
}

function ReadyPackagesPicker({ customerId, numbers, onToggle }: { customerId: number; numbers: string[]; onToggle(code: string, on: boolean): void }) {
  const { t } = useTranslation('deliveryslip');
  const fmt = useFormat();
  const ready = useReadyPackages(customerId);
  if (ready.isPending) return <Spinner size="sm" className="my-2" aria-label={t('form.loadingReady')} />;
  if (ready.isError) return <Alert variant="warning" className="small py-2 my-2">{errorMessage(ready.error)}</Alert>;
  const hubs = ready.data.hubs;
  return (
    <div className="mt-3" data-testid="ready-packages">
      <div className="small text-body-secondary mb-1">
        {t('form.readyTitle')} · {t('form.wallet', { amount: fmt.vnd(ready.data.walletBalance) })}
      </div>
      {hubs.length === 0 && <div className="small text-body-tertiary">{t('form.noReady')}</div>}
      {hubs.map((h) => (
        <fieldset key={h.storeId} className="border rounded px-2 py-1 mb-2">
          <legend className="float-none w-auto fs-6 px-1 mb-0 small fw-semibold">
            {h.storeName} <Badge bg="secondary">{h.packages.length}</Badge>
          </legend>
          {h.packages.map((p) => {
            const code = p.trackingNumber.toUpperCase();
            return (
              <Form.Check
                key={p.packageId}
                id={`ready-${p.packageId}`}
                type="checkbox"
                checked={numbers.includes(code)}
                onChange={(e) => onToggle(code, e.target.checked)}
                label={
                  <span className="d-inline-flex flex-wrap gap-2">
                    <span className="font-tabular">{p.trackingNumber}</span>
                    <span className="text-body-secondary" title={p.pricing ? fmt.basis(p.pricing) : undefined}>
                      {p.pricing ? fmt.billed(p.pricing) : fmt.kg(p.chargeableG)}
                    </span>
                    <span className="font-tabular">{fmt.vnd(p.freight)}</span>
                  </span>
                }
              />
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}

/**
 * The customer's orders that still owe money (a consignment's service fee, say): ticked, each becomes an order line
 * of the slip, collected with it and paid to the order on hand-over (the slip's own total leaves it out).
 */
function OwingOrdersPicker({ customerId, own, orderIds, onToggle }: { customerId: number; own: DeliverySlipOrder[]; orderIds: number[]; onToggle(id: number, on: boolean): void }) {
  const { t } = useTranslation('deliveryslip');
  const fmt = useFormat();
  const ready = useReadyPackages(customerId);
  const offered = [...own, ...(ready.data?.owingOrders ?? []).filter((o) => !own.some((x) => x.orderId === o.orderId))];
  if (!offered.length) return null;
  return (
    <fieldset className="border rounded px-2 py-1 mt-2" data-testid="owing-orders">
      <legend className="float-none w-auto fs-6 px-1 mb-0 small fw-semibold">{t('form.owingTitle')}</legend>
      {offered.map((o) => (
        <Form.Check
          key={o.orderId}
          id={`owing-${o.orderId}`}
          type="checkbox"
          checked={orderIds.includes(o.orderId)}
          onChange={(e) => onToggle(o.orderId, e.target.checked)}
          label={
            <span className="d-inline-flex flex-wrap gap-2">
              <span className="font-tabular">{o.code}</span>
              <span className="text-body-secondary">{t(`form.orderKinds.${o.kind}`)}</span>
              <span className="font-tabular">{fmt.vnd(o.amount)}</span>
            </span>
          }
        />
      ))}
      <div className="small text-body-secondary">{t('form.owingHelp')}</div>
    </fieldset>
  );
}

function PackageLines({ numbers, quote, slip, onRemove }: { numbers: string[]; quote?: SlipQuote; slip?: DeliverySlip; onRemove?(n: string): void }) {
  const { t } = useTranslation('deliveryslip');
  const fmt = useFormat();
  const priced = slip?.packages ?? quote?.packages ?? [];
  const byNumber = new Map(priced.flatMap((p) => [[p.trackingNumber.toUpperCase(), p] as const, [p.code.toUpperCase(), p] as const]));
  const rows = slip ? slip.packages.map((p) => p.trackingNumber.toUpperCase()) : numbers;
  if (rows.length === 0) return <p className="small text-body-tertiary mt-3 mb-0">{t('form.noPackages')}</p>;
  return (
    <div className="table-responsive mt-3">
      <Table size="sm" className="mb-0 align-middle" data-testid="slip-form-lines">
        <caption className="visually-hidden">{t('detail.packages')}</caption>
        <thead>
          <tr>
            <th>{t('fields.trackingNumber')}</th>
            <th className="text-end d-none d-sm-table-cell">{t('fields.weight')}</th>
            <th className="text-end">{t('fields.chargeable')}</th>
            <th className="text-end">{t('fields.freight')}</th>
            {onRemove && <th><span className="visually-hidden">{t('form.remove')}</span></th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((n) => {
            const p = byNumber.get(n);
            return (
              <tr key={n}>
                <td className="font-tabular">{p?.trackingNumber ?? n}</td>
                <td className="text-end font-tabular d-none d-sm-table-cell">{p ? fmt.kg(p.weightG) : ''}</td>
                <td className="text-end font-tabular" data-testid="line-billed" title={p?.pricing ? fmt.basis(p.pricing) : undefined}>
                  {p ? (p.pricing ? fmt.billed(p.pricing) : fmt.kg(p.chargeableG)) : ''}
                </td>
                <td className="text-end font-tabular" data-testid="line-freight">
                  {p ? fmt.vnd(p.amount) : <span className="text-body-tertiary">…</span>}
                </td>
                {onRemove && (
                  <td className="text-end">
                    <Button variant="link" size="sm" className="text-danger p-0" aria-label={t('form.removeOne', { code: n })} onClick={() => onRemove(n)}>
                      <i className="bi bi-x-lg" aria-hidden="true" />
                    </Button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}

/** The live charges of the values on screen, as the server computes them. */
function QuoteCharges({ quote, loading, error }: { quote?: SlipQuote; loading?: boolean; error?: string | null }) {
  const { t, i18n } = useTranslation('deliveryslip');
  const fmt = useFormat();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'vi';
  const line = (label: string, value: string, testId?: string) => (
    <div className="d-flex justify-content-between gap-3 py-1">
      <span>{label}</span>
      <span className="font-tabular text-nowrap" data-testid={testId}>
        {value}
      </span>
    </div>
  );
  const content = quote;
  return (
    <Card className="shadow-sm" aria-busy={loading || undefined} data-testid="slip-charges">
      <Card.Body>
        <h2 className="h6 mb-2 d-flex align-items-center gap-2">
          {t('detail.charges')}
          {loading && <Spinner size="sm" aria-hidden="true" />}
        </h2>
        {error && (
          <Alert variant="danger" className="small py-2">
            {error}
          </Alert>
        )}
        {!content ? (
          !error && <p className="small text-body-tertiary mb-0">{t('form.chargesEmpty')}</p>
        ) : (
          <>
            {line(t('form.freightOf', { count: content.packages.length }), fmt.vnd(content.packagesSubtotal), 'quote-freight')}
            {content.domesticFee > 0 && line(content.deliveryZone ? t('form.domesticFeeZone', { zone: t(`zones.${content.deliveryZone}`) }) : t('fields.domesticFee'), fmt.vnd(content.domesticFee))}
            {content.surchargesTotal > 0 && line(t('fields.surcharges'), fmt.vnd(content.surchargesTotal))}
            {content.discountAmount > 0 &&
              line(content.discountBps != null ? `${t('fields.discount')} (${formatPercent(content.discountBps, lang)})` : t('fields.discount'), `\u2212${fmt.vnd(content.discountAmount)}`, 'quote-discount')}
            <hr className="my-2" />
            <div className="fw-semibold">{line(t('fields.total'), fmt.vnd(content.total), 'quote-total')}</div>
            {content.orders.map((o) => line(t('fields.orderLine', { code: o.code }), fmt.vnd(o.amount), `quote-order-${o.orderId}`))}
            {line(t('form.walletBalance'), fmt.vnd(content.walletBalance))}
            {line(t('fields.walletCredit'), content.walletCredit > 0 ? `\u2212${fmt.vnd(content.walletCredit)}` : fmt.vnd(0), 'quote-wallet')}
            <div className="d-flex justify-content-between gap-3 pt-2 fs-5 fw-bold">
              <span>{t('fields.amountToCollect')}</span>
              <span className="font-tabular text-nowrap" data-testid="quote-to-collect">
                {fmt.vnd(content.amountToCollect)}
              </span>
            </div>
            <div className="small text-body-secondary mt-2">{t('form.liveNote')}</div>
          </>
        )}
      </Card.Body>
    </Card>
  );
}

