import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, ButtonGroup, Col, Form, Modal, Row, Spinner, ToggleButton } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CreditLimitDetails,
  TRANSACTION_ERROR_CODES,
  TRANSACTION_METHODS,
  TransactionCreate,
  type Transaction,
  type TransactionCreateInput,
  type TransactionMethod,
  type TransactionType,
} from '../../../shared/contracts/transactions';
import { applyToBalance, hasMethod, TRANSACTION_AMOUNT_MAX, TRANSACTION_SIGN } from '../../../shared/domain/ledger';
import { errorMessage, isApiRequestError } from '../../lib/api-client';
import { formatVnd } from '../../lib/format';
import { toast } from '../../lib/toast';
import { MoneyField, SelectField, TextareaField, TextField } from '../../components/form/fields';
import { applyServerErrors } from '../../components/form/server-errors';
import { newIdempotencyKey, postTransaction, useWalletInvalidation } from './api';
import { SignedAmount } from './badges';
import { CustomerPicker, useCustomerRef } from '../customer/customer-picker';
import './wallet.css';

/**
 * Records one movement of a customer's wallet: a deposit, a payment, a refund or an adjustment (COD rows are posted
 * by delivery slips). Money must never move twice, so:
 * - each opening of the dialog draws one Idempotency-Key; a double click, a retry after a lost answer, or the same
 *   request sent again all carry it, and the server answers them with the one row it wrote;
 * - the key is only replaced when the server has DECIDED against the last request (a refusal it stored, e.g. the
 *   credit limit) and the user then changes what they ask for; after an answer that never came, the key stays,
 *   whatever is edited, so the server can tell a retry from a new request.
 * The server decides everything (sign, balance, limit); the preview here is only a guide.
 */

/** Types a person records by hand; COD rows come from delivery slips. */
const MANUAL_TRANSACTION_TYPES = ['deposit', 'payment', 'refund', 'adjustment'] as const satisfies readonly TransactionType[];
export type ManualTransactionType = (typeof MANUAL_TRANSACTION_TYPES)[number];

export interface NewTransactionDialogProps {
  show: boolean;
  onHide(): void;
  /** The wallet, when the dialog is opened from a customer or an order; otherwise a customer is chosen. */
  customerId?: number;
  /** The customer chosen to start with when one is still to be chosen (a list filtered to one customer). */
  defaultCustomerId?: number;
  /** The order this movement pays or refunds. */
  order?: { id: number; code: string; due: number };
  defaultType?: ManualTransactionType;
  defaultAmount?: number;
  /** The sign of an adjustment chosen up front (a correction of a known row). */
  defaultDirection?: Direction;
  defaultNote?: string;
  onPosted?(row: Transaction): void;
}

type Direction = 'in' | 'out';

interface Values {
  customerId: number | null;
  type: ManualTransactionType;
  direction: Direction;
  /** null while empty, NaN while the typed text is refused (the input says why). */
  amount: number | null;
  method: TransactionMethod;
  reference: string;
  note: string;
}

type Outcome =
  /** The server decided and stored its answer (a refusal): a different request needs a new key. */
  | 'refused'
  /** No answer, or one that says nothing about what happened (network, 5xx, a request still running). */
  | 'unknown'
  /** The body was invalid (400): nothing was stored, the corrected body may reuse the key. */
  | 'invalid';

interface Problem {
  kind: 'credit' | 'reused' | 'unknown' | 'refused';
  message: string;
  credit?: CreditLimitDetails;
}

function bodyOf(v: Values, order: NewTransactionDialogProps['order']): TransactionCreateInput {
  // Nothing typed is asked for by the contract ("must be more than 0").
  const typed = v.amount ?? 0;
  const amount = v.type === 'adjustment' && v.direction === 'out' ? -typed : typed;
  return {
    customerId: v.customerId ?? 0,
    type: v.type,
    amount,
    // Money taken from or returned to the wallet has no method (shared/domain/ledger.ts hasMethod).
    method: hasMethod(v.type) ? v.method : null,
    ...(order ? { referenceType: 'order' as const, referenceId: order.id } : {}),
    reference: v.reference.trim(),
    note: v.note.trim(),
  };
}

/** The ledger delta of the form as it stands, or null while the amount is empty. */
function deltaOf(v: Values): number | null {
  if (v.amount === null || !Number.isSafeInteger(v.amount) || v.amount <= 0) return null;
  const sign = TRANSACTION_SIGN[v.type];
  return sign === 0 ? (v.direction === 'out' ? -v.amount : v.amount) : sign * v.amount;
}

export function NewTransactionDialog(props: NewTransactionDialogProps) {
  const { show, onHide, customerId, defaultCustomerId, order, defaultType = 'deposit', defaultAmount, defaultDirection = 'in', defaultNote = '', onPosted } = props;
  const { t } = useTranslation('transaction');
  const id = useId();
  const invalidate = useWalletInvalidation();
  const defaults = (): Values => ({
    customerId: customerId ?? defaultCustomerId ?? null,
    type: defaultType,
    direction: defaultDirection,
    amount: defaultAmount && defaultAmount > 0 ? defaultAmount : null,
    method: 'cash',
    reference: '',
    note: defaultNote,
  });
  const form = useForm<Values>({ defaultValues: defaults() });
  const keyRef = useRef<string>('');
  const lastRef = useRef<{ body: string; outcome: Outcome } | null>(null);
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  // Every opening is a new request: a new key and a clean form.
  useEffect(() => {
    if (!show) return;
    keyRef.current = newIdempotencyKey();
    lastRef.current = null;
    setProblem(null);
    form.reset(defaults());
  }, [show]); // eslint-disable-line react-hooks/exhaustive-deps

  const values = form.watch();
  const customer = useCustomerRef(values.customerId, { enabled: show, fresh: true });
  const delta = deltaOf(values);
  const c = customer.data;
  const decision = c && delta !== null ? applyToBalance(c.balance, c.creditLimit, delta) : null;

  const submit = form.handleSubmit(async (v) => {
    if (inFlight.current) return;
    form.clearErrors();
    const body = bodyOf(v, order);
    const parsed = TransactionCreate.safeParse(body);
    if (!parsed.success) {
      let first = true;
      for (const issue of parsed.error.issues) {
        const path = String(issue.path[0] ?? '');
        const field = path === 'customerId' || path === 'amount' || path === 'reference' || path === 'note' || path === 'method' ? path : 'amount';
        form.setError(field, { type: 'contract', message: issue.message }, { shouldFocus: first });
        first = false;
      }
      return;
    }
    const text = JSON.stringify(body);
    const last = lastRef.current;
    if (last && last.outcome === 'refused' && last.body !== text) keyRef.current = newIdempotencyKey();
    inFlight.current = true;
    setSending(true);
    setProblem(null);
    lastRef.current = { body: text, outcome: 'unknown' };
    try {
      const row = await postTransaction(body, keyRef.current);
      toast.success(t('dialog.posted', { code: row.code, amount: signed(row.amount), balance: formatVnd(row.balanceAfter) }));
      invalidate(row);
      onPosted?.(row);
      onHide();
    } catch (e) {
      lastRef.current = { body: text, outcome: outcomeOf(e) };
      if (!isApiRequestError(e)) {
        setProblem({ kind: 'unknown', message: errorMessage(e) });
      } else if (e.status === 400) {
        const { unmatched, applied } = applyServerErrors(e, form.setError, (p) => ['customerId', 'amount', 'method', 'reference', 'note'].includes(p));
        if (unmatched.length || !applied) setProblem({ kind: 'refused', message: unmatched[0]?.message ?? errorMessage(e) });
      } else if (e.status === 409 && e.data.code === TRANSACTION_ERROR_CODES.CREDIT_LIMIT_EXCEEDED) {
        const details = CreditLimitDetails.safeParse(e.data.details);
        setProblem({ kind: 'credit', message: errorMessage(e), credit: details.success ? details.data : undefined });
      } else if (e.status === 422 && e.data.code === TRANSACTION_ERROR_CODES.IDEMPOTENCY_KEY_REUSED) {
        setProblem({ kind: 'reused', message: errorMessage(e) });
      } else if (lastRef.current.outcome === 'refused') {
        applyServerErrors(e, form.setError, (p) => p === 'customerId');
        setProblem({ kind: 'refused', message: errorMessage(e) });
      } else {
        setProblem({ kind: 'unknown', message: errorMessage(e) });
      }
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  });

  const type = values.type;
  const amountLabel = t('dialog.amount');
  // The server refuses paying an order more than it owes (ORDER_OVERPAID); say so before, and offer the deposit.
  const overDue = order !== undefined && type === 'payment' && delta !== null && -delta > Math.max(0, order.due);
  const submitLabel =
    delta !== null ? t('dialog.submitWith', { type: t(`types.${type}`).toLowerCase(), amount: formatVnd(Math.abs(delta)) }) : t('dialog.submit');
  const retry = problem?.kind === 'unknown';

  return (
    <Modal show={show} onHide={sending ? () => {} : onHide} backdrop={sending ? 'static' : true} keyboard={!sending} centered scrollable size="lg" aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={(e) => void submit(e)} aria-label={t('dialog.title')} className="wallet-modal-form">
        <Modal.Header closeButton={!sending} closeLabel={t('common:actions.close')}>
          <Modal.Title as="h2" className="h5" id={`${id}-title`}>
            {order ? t('dialog.titleOrder', { code: order.code }) : t('dialog.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {problem && <ProblemAlert problem={problem} />}
          {customerId === undefined ? (
            <CustomerPicker
              className="mb-3"
              label={t('fields.customer')}
              required
              value={values.customerId}
              onChange={(picked) => form.setValue('customerId', picked?.id ?? null, { shouldDirty: true, shouldValidate: false })}
              error={form.formState.errors.customerId?.message}
            />
          ) : null}
          {c && (
            <div className="d-flex flex-wrap gap-3 small mb-3 p-2 rounded bg-body-tertiary" data-testid="wallet-now">
              {customerId !== undefined && (
                <span>
                  <span className="text-body-secondary">{t('fields.customer')}: </span>
                  <span className="font-tabular fw-medium">{c.code}</span> · {c.fullName}
                </span>
              )}
              <span>
                <span className="text-body-secondary">{t('dialog.balanceNow')}: </span>
                <span className={`font-tabular fw-medium${c.balance < 0 ? ' text-danger-emphasis' : ''}`}>{formatVnd(c.balance)}</span>
              </span>
              <span>
                <span className="text-body-secondary">{t('dialog.creditLimit')}: </span>
                <span className="font-tabular">{formatVnd(c.creditLimit)}</span>
              </span>
            </div>
          )}
          {order && (
            <p className="small mb-3">
              <i className="bi bi-link-45deg me-1" aria-hidden="true" />
              {t('dialog.forOrder', { code: order.code })} · {t('dialog.orderDue')}: <span className="font-tabular fw-medium">{formatVnd(order.due)}</span>
            </p>
          )}
          <fieldset className="mb-3">
            <legend className="form-label fw-medium fs-6 mb-2">{t('fields.type')}</legend>
            <ButtonGroup className="flex-wrap" role="radiogroup" aria-label={t('fields.type')}>
              {MANUAL_TRANSACTION_TYPES.map((ty) => (
                <ToggleButton
                  key={ty}
                  id={`${id}-type-${ty}`}
                  type="radio"
                  name={`${id}-type`}
                  value={ty}
                  variant={type === ty ? 'primary' : 'outline-primary'}
                  checked={type === ty}
                  onChange={() => form.setValue('type', ty, { shouldDirty: true })}
                >
                  {t(`types.${ty}`)}
                </ToggleButton>
              ))}
            </ButtonGroup>
            <Form.Text className="d-block">{t(`dialog.typeHelp.${type}`)}</Form.Text>
          </fieldset>
          {type === 'adjustment' && (
            <fieldset className="mb-3">
              <legend className="form-label fw-medium fs-6 mb-2">{t('dialog.direction')}</legend>
              {(['in', 'out'] as const).map((d) => (
                <Form.Check
                  key={d}
                  inline
                  type="radio"
                  id={`${id}-dir-${d}`}
                  name={`${id}-dir`}
                  label={t(`dialog.directions.${d}`)}
                  checked={values.direction === d}
                  onChange={() => form.setValue('direction', d, { shouldDirty: true })}
                />
              ))}
            </fieldset>
          )}
          <Row className="gx-3">
            <Col sm={6}>
              <MoneyField form={form} name="amount" label={amountLabel} required max={TRANSACTION_AMOUNT_MAX} />
            </Col>
            <Col sm={6}>
              {hasMethod(type) ? (
                <SelectField form={form} name="method" label={t('fields.method')} options={TRANSACTION_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))} />
              ) : (
                <div className="mb-3" data-testid="wallet-method">
                  <div className="form-label fw-medium">{t('fields.method')}</div>
                  <div className="form-control-plaintext py-1">
                    <i className="bi bi-wallet2 me-1 text-body-secondary" aria-hidden="true" />
                    {t('methods.wallet')}
                  </div>
                  <Form.Text className="d-block">{t('dialog.noMethod')}</Form.Text>
                </div>
              )}
            </Col>
            {overDue && (
              <Col sm={12}>
                <Alert variant="warning" className="py-2 small d-flex flex-wrap align-items-center gap-2" data-testid="over-due">
                  <span>{t('dialog.overDue', { due: formatVnd(Math.max(0, order.due)) })}</span>
                  <Button size="sm" variant="outline-primary" className="ms-auto" onClick={() => form.setValue('type', 'deposit', { shouldDirty: true })}>
                    {t('dialog.asDeposit')}
                  </Button>
                </Alert>
              </Col>
            )}
            <Col sm={12}>
              <TextField form={form} name="reference" label={t('fields.reference')} maxLength={200} autoComplete="off" help={t('dialog.referenceHelp')} />
            </Col>
            <Col sm={12}>
              <TextareaField form={form} name="note" label={t('fields.note')} rows={2} maxLength={2000} />
            </Col>
          </Row>
          {delta !== null && c && decision && (
            <div className={`small p-2 rounded border ${decision.ok ? 'border-success-subtle' : 'border-danger-subtle bg-danger-subtle'}`} data-testid="wallet-preview" aria-live="polite">
              <span className="text-body-secondary">{t('dialog.effect')}: </span>
              <SignedAmount amount={delta} />
              <span className="text-body-secondary ms-2">{t('dialog.balanceAfter')}: </span>
              <span className="font-tabular fw-medium">{formatVnd(decision.balanceAfter)}</span>
              {!decision.ok && <div className="text-danger-emphasis mt-1">{t('dialog.overLimit', { available: formatVnd(decision.available) })}</div>}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide} disabled={sending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant={type === 'payment' || (type === 'adjustment' && values.direction === 'out') ? 'warning' : 'primary'} disabled={sending}>
            {sending ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : <i className={`bi ${retry ? 'bi-arrow-repeat' : 'bi-check2'} me-1`} aria-hidden="true" />}
            {sending ? t('dialog.sending') : retry ? t('dialog.resend') : submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

function signed(amount: number): string {
  return amount > 0 ? `+${formatVnd(amount)}` : amount < 0 ? `\u2212${formatVnd(-amount)}` : formatVnd(0);
}

/** What a failed POST tells about the key: was the request decided, or may it still have been written? */
function outcomeOf(e: unknown): Outcome {
  if (!isApiRequestError(e)) return 'unknown';
  if (e.status === 400) return 'invalid';
  if (e.status === 404) return 'refused';
  const decided: readonly string[] = [
    TRANSACTION_ERROR_CODES.CREDIT_LIMIT_EXCEEDED,
    TRANSACTION_ERROR_CODES.ORDER_OVERPAID,
    TRANSACTION_ERROR_CODES.ORDER_OVERREFUNDED,
    TRANSACTION_ERROR_CODES.ORDER_CLOSED,
  ];
  if (e.status === 409 && (decided.includes(String(e.data.code)) || Array.isArray(e.data.details))) return 'refused';
  // 422 (key used for another body): the earlier request may well be in the ledger; keep the key so nothing
  // sent from this dialog can be written twice.
  return 'unknown';
}

function ProblemAlert({ problem }: { problem: Problem }) {
  const { t } = useTranslation('transaction');
  if (problem.kind === 'credit') {
    const d = problem.credit;
    return (
      <Alert variant="danger" role="alert" data-testid="credit-limit-alert">
        <Alert.Heading as="h3" className="h6">
          <i className="bi bi-shield-exclamation me-1" aria-hidden="true" />
          {t('dialog.creditTitle')}
        </Alert.Heading>
        <p className="mb-2">{problem.message}</p>
        {d && (
          <dl className="row small mb-0">
            <dt className="col-6 col-sm-4 fw-normal">{t('dialog.balanceNow')}</dt>
            <dd className="col-6 col-sm-8 mb-1 font-tabular">{formatVnd(d.balance)}</dd>
            <dt className="col-6 col-sm-4 fw-normal">{t('dialog.creditLimit')}</dt>
            <dd className="col-6 col-sm-8 mb-1 font-tabular">{formatVnd(d.creditLimit)}</dd>
            <dt className="col-6 col-sm-4 fw-normal">{t('dialog.available')}</dt>
            <dd className="col-6 col-sm-8 mb-1 font-tabular fw-semibold">{formatVnd(d.available)}</dd>
            <dt className="col-6 col-sm-4 fw-normal">{t('dialog.requested')}</dt>
            <dd className="col-6 col-sm-8 mb-0 font-tabular">{signed(d.amount)}</dd>
          </dl>
        )}
      </Alert>
    );
  }
  if (problem.kind === 'reused') {
    return (
      <Alert variant="warning" role="alert">
        <p className="mb-1">{problem.message}</p>
        <p className="small mb-0">{t('dialog.reusedHint')}</p>
      </Alert>
    );
  }
  if (problem.kind === 'unknown') {
    return (
      <Alert variant="warning" role="alert" data-testid="unknown-outcome-alert">
        <p className="mb-1">{problem.message}</p>
        <p className="small mb-0">{t('dialog.unknownHint')}</p>
      </Alert>
    );
  }
  return (
    <Alert variant="danger" role="alert">
      {problem.message}
    </Alert>
  );
}
