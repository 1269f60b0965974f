import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { DeliverySlip, SlipShortfallDetails } from '../../../shared/contracts/delivery-slips';
import { DELIVERY_SLIP_CONFIRMABLE } from '../../../shared/domain/delivery-slip-lifecycle';
import { PageHeader } from '../../components/page-header';
import { ScanBox } from '../../components/scan-box';
import { useCommand } from '../../components/use-command';
import { errorMessage, isApiRequestError } from '../../lib/api-client';
import { AmountInput } from '../../components/form/money-inputs';
import { useFormat } from '../../lib/use-format';
import { confirmSlip, fetchSlipByCode, newIdempotencyKey, useSlipCache } from './api';
import { SlipStatusBadge } from './badges';
import { FailDialog } from './slip-actions';
import { SlipMoney } from './slip-detail';

/**
 * /deliveryslip/vote-confirm: at the hand-over. Scan (or type) the slip code → the slip and its amount to collect →
 * collected amount, method, receiver, note, a 1–5 rating → confirm; or record a failed delivery. One Idempotency-Key
 * per attempt: a double click or a retry after a lost answer never posts the money twice.
 */
export function VoteConfirmPage() {
  const { t } = useTranslation('deliveryslip');
  const [params, setParams] = useSearchParams();
  const [slip, setSlip] = useState<DeliverySlip | null>(null);
  const lookup = useCommand({
    run: (code: string) => fetchSlipByCode(code),
    showError: 'inline',
    onSuccess: (s) => {
      setSlip(s);
      setParams({ code: s.code }, { replace: true });
    },
    onError: () => setSlip(null),
  });
  const { busy: loading, error } = lookup;
  const find = (raw: string) => {
    const value = raw.trim();
    if (value) lookup.run(value);
  };
  useEffect(() => {
    const initial = params.get('code');
    if (initial) find(initial);
    // Only on arrival: later lookups come from the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <PageHeader title={t('confirm.title')} />
      <Card className="shadow-sm mb-3">
        <Card.Body>
          <ScanBox
            id="slip-code"
            label={t('confirm.scanLabel')}
            placeholder={t('confirm.scanPlaceholder')}
            onScan={(code) => find(code)}
            action={{ label: t('confirm.find'), icon: 'bi-search' }}
            busy={loading}
            autoFocus={!params.get('code')}
          />
          {error && (
            <Alert variant="warning" className="mt-3 mb-0" role="alert">
              {error}
            </Alert>
          )}
        </Card.Body>
      </Card>
      {slip && <HandOver key={`${slip.id}:${slip.version}`} slip={slip} onChanged={setSlip} />}
    </>
  );
}

function HandOver({ slip, onChanged }: { slip: DeliverySlip; onChanged: (s: DeliverySlip) => void }) {
  const { t } = useTranslation('deliveryslip');
  const fmt = useFormat();
  const cache = useSlipCache();
  const confirmable = slip.status === DELIVERY_SLIP_CONFIRMABLE[slip.method];
  const [amount, setAmount] = useState<number | null>(slip.amountToCollect);
  const [method, setMethod] = useState<'cash' | 'bank_transfer'>('cash');
  const [receiverName, setReceiverName] = useState(slip.receiverName);
  const [note, setNote] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [failing, setFailing] = useState(false);
  // One key per attempt at this slip: the same attempt retried keeps it.
  const key = useMemo(() => newIdempotencyKey(), []);
  const collected = typeof amount === 'number' && Number.isSafeInteger(amount) ? amount : null;

  const confirm = useCommand({
    run: (collectedAmount: number) => confirmSlip(slip.id, key, { collectedAmount, method, receiverName, note, rating, comment: rating ? comment : '' }),
    showError: 'inline',
    success: (s, collectedAmount) => t('confirm.done', { code: s.code, amount: fmt.vnd(collectedAmount) }),
    onSuccess: (s) => {
      cache(s);
      onChanged(s);
    },
    // Over the customer's credit: the server's sentence, then how much is missing.
    describeError: (e) => {
      const shortfall = isApiRequestError(e) && e.data?.code === 'CREDIT_LIMIT_EXCEEDED' ? (e.data.details as SlipShortfallDetails | undefined)?.shortfall : undefined;
      return shortfall !== undefined ? `${errorMessage(e)} — ${t('confirm.shortfall', { amount: fmt.vnd(shortfall) })}` : errorMessage(e);
    },
  });
  const { busy, error: problem } = confirm;
  const submit = () => {
    if (collected !== null) confirm.run(collected);
  };

  return (
    <Row className="g-3">
      <Col lg={5}>
        <Card className="shadow-sm mb-3">
          <Card.Body>
            <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
              <Link to={`/deliveryslip/${slip.id}`} className="h5 mb-0 font-tabular" data-testid="confirm-slip-code">
                {slip.code}
              </Link>
              <SlipStatusBadge status={slip.status} />
            </div>
            <div>
              <Link to={`/customer/${slip.customerId}`}>
                <span className="font-tabular">{slip.customerCode}</span> · {slip.customerName}
              </Link>
            </div>
            <div className="small text-body-secondary">
              {t(`methods.${slip.method}`)} · {slip.storeName} · {t('fields.packages')}: {fmt.integer(slip.packageCount)}
            </div>
          </Card.Body>
        </Card>
        <SlipMoney s={slip} />
      </Col>
      <Col lg={7}>
        <Card className="shadow-sm">
          <Card.Body>
            {!confirmable ? (
              <Alert variant={slip.status === 'delivered' ? 'success' : 'info'} className="mb-0" data-testid="confirm-not-confirmable">
                {/* Delivered is where a confirmation ends: said as done, never as a refusal. */}
                {slip.status === 'delivered'
                  ? t('confirm.delivered', { code: slip.code })
                  : t('confirm.notConfirmable', { status: t(`statuses.${slip.status}`) })}
                {slip.status === 'delivered' && slip.collectedAmount !== null && (
                  <div className="mt-1 fw-semibold">
                    {t('fields.collected')}: {fmt.vnd(slip.collectedAmount)}
                  </div>
                )}
              </Alert>
            ) : (
              <Form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  submit();
                }}
              >
                <Row className="g-3">
                  <Col sm={6}>
                    <Form.Group>
                      <Form.Label htmlFor="collected-amount">{t('confirm.collectedAmount')}</Form.Label>
                      <AmountInput id="collected-amount" currency="VND" value={amount} onChange={setAmount} />
                    </Form.Group>
                  </Col>
                  <Col sm={6}>
                    <Form.Group controlId="collect-method">
                      <Form.Label>{t('confirm.collectMethod')}</Form.Label>
                      <Form.Select value={method} onChange={(e) => setMethod(e.target.value as 'cash' | 'bank_transfer')}>
                        <option value="cash">{t('collectMethods.cash')}</option>
                        <option value="bank_transfer">{t('collectMethods.bank_transfer')}</option>
                      </Form.Select>
                    </Form.Group>
                  </Col>
                  <Col sm={6}>
                    <Form.Group controlId="receiver-name">
                      <Form.Label>{t('confirm.receiverName')}</Form.Label>
                      <Form.Control value={receiverName} maxLength={200} isInvalid={!receiverName.trim()} onChange={(e) => setReceiverName(e.target.value)} />
                    </Form.Group>
                  </Col>
                  <Col sm={6}>
                    <Form.Group controlId="rating">
                      <Form.Label>{t('confirm.rating')}</Form.Label>
                      <Form.Select value={rating ?? ''} onChange={(e) => setRating(e.target.value ? Number(e.target.value) : null)}>
                        <option value="">{t('confirm.noRating')}</option>
                        {[5, 4, 3, 2, 1].map((n) => (
                          <option key={n} value={n}>
                            {'★'.repeat(n)} ({n})
                          </option>
                        ))}
                      </Form.Select>
                    </Form.Group>
                  </Col>
                  {rating !== null && (
                    <Col xs={12}>
                      <Form.Group controlId="comment">
                        <Form.Label>{t('confirm.comment')}</Form.Label>
                        <Form.Control as="textarea" rows={2} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} />
                      </Form.Group>
                    </Col>
                  )}
                  <Col xs={12}>
                    <Form.Group controlId="confirm-note">
                      <Form.Label>{t('confirm.note')}</Form.Label>
                      <Form.Control as="textarea" rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
                    </Form.Group>
                  </Col>
                </Row>
                {problem && (
                  <Alert variant="danger" className="mt-3 mb-0" role="alert" data-testid="confirm-problem">
                    {problem}
                  </Alert>
                )}
                <div className="d-flex flex-wrap gap-2 justify-content-end mt-3">
                  <Button variant="outline-danger" onClick={() => setFailing(true)} disabled={busy} data-testid="confirm-record-failure">
                    {t('detail.toFailed')}
                  </Button>
                  <Button type="submit" variant="success" disabled={busy || collected === null || !receiverName.trim()} data-testid="confirm-submit">
                    <i className="bi bi-check2-circle me-1" aria-hidden="true" />
                    {t('confirm.submit')}
                  </Button>
                </div>
              </Form>
            )}
          </Card.Body>
        </Card>
      </Col>
      <FailDialog slip={slip} etag={null} show={failing} onHide={() => setFailing(false)} onDone={onChanged} />
    </Row>
  );
}
