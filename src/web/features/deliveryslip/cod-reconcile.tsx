import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Card, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { DeliverySlip } from '../../../shared/contracts/delivery-slips';
import { DateInput } from '../../components/form/date-input';
import { useCommand } from '../../components/use-command';
import { PHONE_QUERY, useMediaQuery } from '../../components/use-media-query';
import { fetchCodByCarrier } from '../../entities/delivery-slip/api';
import { useFormat } from '../../lib/use-format';
import { reconcileSlips, slipKeys } from './api';

const codKey = [...slipKeys.all, 'cod-by-carrier'] as const;

/** Today in Vietnam as YYYY-MM-DD (the remittance date the dialog proposes). */
function vietnamToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** What each carrier still owes: the delivered courier slips whose collected COD has not been remitted. */
export function CodByCarrierSummary() {
  const { t } = useTranslation('deliveryslip');
  const fmt = useFormat();
  const owed = useQuery({ queryKey: codKey, queryFn: ({ signal }) => fetchCodByCarrier(signal) });
  // On a phone the carriers fold under their title, so the slips start on the first screen.
  const isPhone = useMediaQuery(PHONE_QUERY);
  if (!owed.data?.items.length) return null;
  const list = (
    <ul className="list-unstyled d-flex flex-wrap gap-3 mb-0" aria-label={t('cod.owedTitle')}>
      {owed.data.items.map((c) => (
        <li key={c.carrierName} data-testid="cod-owed">
          <span className="fw-medium">{c.carrierName || t('cod.noCarrier')}</span>{' '}
          <span className="font-tabular text-danger-emphasis">{fmt.vnd(c.amount)}</span>{' '}
          <span className="small text-body-secondary">{t('cod.slips', { count: c.slips })}</span>
        </li>
      ))}
    </ul>
  );
  if (isPhone) {
    return (
      <Card className="shadow-sm mb-3">
        <Card.Body className="py-2 px-3">
          <details data-testid="cod-owed-fold">
            <summary className="fw-medium">{t('cod.owedTitle')} ({owed.data.items.length})</summary>
            <div className="mt-2">{list}</div>
          </details>
        </Card.Body>
      </Card>
    );
  }
  return (
    <Card className="shadow-sm mb-3">
      <Card.Body className="py-2 px-3">
        <h2 className="h6 mb-2">{t('cod.owedTitle')}</h2>
        {list}
      </Card.Body>
    </Card>
  );
}

/** The list's bulk action: the selected slips whose COD a carrier owes → remittance reference and date → reconciled. */
export function ReconcileButton({ rows, clear }: { rows: DeliverySlip[]; clear(): void }) {
  const { t } = useTranslation('deliveryslip');
  const fmt = useFormat();
  const [show, setShow] = useState(false);
  const [reference, setReference] = useState('');
  const [date, setDate] = useState<string | null>(vietnamToday);
  const owed = rows.filter((r) => r.codOutstanding);
  const sum = owed.reduce((s, r) => s + (r.collectedAmount ?? 0), 0);
  const run = useCommand({
    run: () => reconcileSlips({ slipIds: owed.map((r) => r.id), remittanceReference: reference.trim(), reconciledAt: date ?? '' }),
    showError: 'inline',
    invalidate: [slipKeys.all],
    success: (r) => t('cod.done', { count: r.items.length }),
    onSuccess: () => {
      setShow(false);
      setReference('');
      clear();
    },
  });
  return (
    <>
      <Button size="sm" variant="outline-success" disabled={!owed.length} onClick={() => setShow(true)} data-testid="slips-reconcile">
        <i className="bi bi-cash-coin me-1" aria-hidden="true" />
        {t('cod.reconcile', { count: owed.length })}
      </Button>
      <Modal show={show} onHide={() => setShow(false)} aria-labelledby="reconcile-title">
        <Form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (reference.trim() && date) run.run();
          }}
        >
          <Modal.Header closeButton>
            <Modal.Title id="reconcile-title" as="h2" className="h5">
              {t('cod.dialogTitle')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>{t('cod.dialogText', { count: owed.length, amount: fmt.vnd(sum) })}</p>
            <Form.Group controlId="reconcile-reference" className="mb-3">
              <Form.Label>{t('cod.reference')}</Form.Label>
              <Form.Control value={reference} required maxLength={200} onChange={(e) => setReference(e.target.value)} />
            </Form.Group>
            <Form.Group controlId="reconcile-date">
              <Form.Label>{t('cod.date')}</Form.Label>
              <DateInput id="reconcile-date" value={date} required max={vietnamToday()} onChange={setDate} />
            </Form.Group>
            {run.error && (
              <div className="alert alert-danger mt-3 mb-0" role="alert">
                {run.error}
              </div>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setShow(false)}>
              {t('cod.cancel')}
            </Button>
            <Button type="submit" variant="success" disabled={!reference.trim() || !date || run.busy}>
              {run.busy && <Spinner size="sm" className="me-1" />}
              {t('cod.submit')}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  );
}
