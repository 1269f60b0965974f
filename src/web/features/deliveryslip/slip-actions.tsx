import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DELIVERY_FAILURE_REASONS, DELIVERY_SLIP_ERROR_CODES, SlipChargesChangedDetails, type DeliveryFailureReason, type DeliverySlip } from '../../../shared/contracts/delivery-slips';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useCommand } from '../../components/use-command';
import { isApiRequestError } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import { changeSlipStatus, slipKeys, useSlipCache } from './api';

/** The failure form (reason + note), shared by the read view and the hand-over screen. */
export function FailDialog({ slip, etag, show, onHide, onDone }: { slip: DeliverySlip; etag: string | null; show: boolean; onHide: () => void; onDone?: (s: DeliverySlip) => void }) {
  const { t } = useTranslation(['deliveryslip', 'common']);
  const cache = useSlipCache();
  const [reason, setReason] = useState<DeliveryFailureReason>('not_home');
  const [note, setNote] = useState('');
  const fail = useCommand({
    run: () => changeSlipStatus(slip.id, etag, { status: 'failed', reason, note }),
    stale: [slipKeys.detail(slip.id)],
    success: (s) => t('confirm.failedDone', { code: s.code }),
    onSuccess: (s) => {
      cache(s);
      onDone?.(s);
      onHide();
    },
  });
  const busy = fail.busy;
  return (
    <Modal show={show} onHide={onHide} centered>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {t('confirm.failTitle')} · {slip.code}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Group className="mb-3" controlId="fail-reason">
          <Form.Label>{t('confirm.failReason')}</Form.Label>
          <Form.Select value={reason} onChange={(e) => setReason(e.target.value as DeliveryFailureReason)}>
            {DELIVERY_FAILURE_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`reasons.${r}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="fail-note">
          <Form.Label>{t('confirm.note')}</Form.Label>
          <Form.Control as="textarea" rows={2} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide} disabled={busy}>
          {t('common:actions.close')}
        </Button>
        <Button variant="danger" onClick={() => fail.run()} disabled={busy} data-testid="fail-submit">
          {t('confirm.failSubmit')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** The steps the slip may take now (from the server's nextSteps), each one button. */
export function SlipStatusActions({ slip, etag }: { slip: DeliverySlip; etag: string }) {
  const { t } = useTranslation('deliveryslip');
  const cache = useSlipCache();
  const [failing, setFailing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [changed, setChanged] = useState<SlipChargesChangedDetails | null>(null);
  const fmt = useFormat();
  const step = useCommand({
    run: ({ status, acceptNewCharges }: { status: 'ready' | 'out_for_delivery' | 'cancelled'; acceptNewCharges?: boolean }) =>
      changeSlipStatus(slip.id, etag, acceptNewCharges ? { status, acceptNewCharges } : { status }),
    stale: [slipKeys.detail(slip.id)],
    success: (s) => t('detail.done', { code: s.code }),
    onSuccess: (s) => {
      cache(s);
      setChanged(null);
    },
    // Finalising found other charges than the draft saved (and may have printed): show old → new and ask.
    handleError: (e) => {
      const details = isApiRequestError(e) && e.data.code === DELIVERY_SLIP_ERROR_CODES.CHARGES_CHANGED ? SlipChargesChangedDetails.safeParse(e.data.details) : null;
      if (details?.success) setChanged(details.data);
      return details?.success === true;
    },
    onSettled: () => setCancelling(false),
  });
  const busy = step.busy;
  const go = (status: 'ready' | 'out_for_delivery' | 'cancelled', acceptNewCharges?: boolean) => step.run({ status, acceptNewCharges });
  const next = slip.nextSteps;
  return (
    <>
      {next.includes('ready') && (
        <Button variant="primary" disabled={busy} onClick={() => go('ready')} data-testid="slip-to-ready">
          <i className="bi bi-lock me-1" aria-hidden="true" />
          {t('detail.toReady')}
        </Button>
      )}
      {next.includes('out_for_delivery') && (
        <Button variant="primary" disabled={busy} onClick={() => go('out_for_delivery')} data-testid="slip-to-out">
          <i className="bi bi-truck me-1" aria-hidden="true" />
          {t('detail.toOut')}
        </Button>
      )}
      {next.includes('failed') && (
        <Button variant="outline-danger" disabled={busy} onClick={() => setFailing(true)} data-testid="slip-to-failed">
          {t('detail.toFailed')}
        </Button>
      )}
      {next.includes('cancelled') && (
        <Button variant="outline-secondary" disabled={busy} onClick={() => setCancelling(true)} data-testid="slip-to-cancelled">
          {t('detail.toCancelled')}
        </Button>
      )}
      <FailDialog slip={slip} etag={etag} show={failing} onHide={() => setFailing(false)} />
      <ConfirmDialog
        show={changed !== null}
        title={t('detail.chargesChangedTitle')}
        confirmLabel={t('detail.chargesAccept')}
        busy={busy}
        onConfirm={() => go('ready', true)}
        onCancel={() => setChanged(null)}
      >
        <p>{t('detail.chargesChangedAsk', { code: slip.code })}</p>
        {changed && (
          <dl className="detail-list mb-0" data-testid="charges-changed">
            <dt>{t('detail.chargesBefore')}</dt>
            <dd className="font-tabular">{fmt.vnd(changed.before.total)}</dd>
            <dt>{t('detail.chargesAfter')}</dt>
            <dd className="font-tabular fw-semibold">
              {fmt.vnd(changed.after.total)} ({changed.after.total >= changed.before.total ? '+' : '\u2212'}
              {fmt.vnd(Math.abs(changed.after.total - changed.before.total))})
            </dd>
          </dl>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        show={cancelling}
        title={t('detail.toCancelled')}
        confirmLabel={t('detail.toCancelled')}
        variant="danger"
        busy={busy}
        onConfirm={() => go('cancelled')}
        onCancel={() => setCancelling(false)}
      >
        {t('detail.cancelAsk', { code: slip.code })}
      </ConfirmDialog>
    </>
  );
}
