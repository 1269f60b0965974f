import { useState } from 'react';
import { Button, Modal, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DeliverySlip, SlipBulkStatusBody, SlipBulkStatusBodyInput, SlipBulkStatusResult } from '../../../shared/contracts/delivery-slips';
import type { BulkActionsContext } from '../../components/data-table/data-table';
import { useCommand } from '../../components/use-command';
import { queryKeys } from '../../lib/query-client';
import { useFormat } from '../../lib/use-format';
import { bulkSlipStatus, slipKeys } from './api';

type Step = SlipBulkStatusBody['status'];

/** Which selected slips a step applies to: finalise drafts, send ready courier slips out, cancel anything open. */
const APPLIES: Record<Step, (s: DeliverySlip) => boolean> = {
  ready: (s) => s.status === 'draft',
  out_for_delivery: (s) => s.nextSteps.includes('out_for_delivery'),
  cancelled: (s) => s.nextSteps.includes('cancelled'),
};
const ICONS: Record<Step, string> = { ready: 'bi-check2-square', out_for_delivery: 'bi-truck', cancelled: 'bi-x-circle' };

/**
 * The slip list's bulk steps: finalise, out for delivery, cancel the selected slips in one action. The server takes
 * each slip on its own and reports it; the report lists what was done, what was refused and why, and the slips whose
 * charges changed since they were saved (old → new), which the clerk may then finalise at the new charges.
 */
export function BulkStatusButtons({ rows, clear, matching }: BulkActionsContext<DeliverySlip>) {
  const { t } = useTranslation('deliveryslip');
  const [asked, setAsked] = useState<Step | null>(null);
  const [report, setReport] = useState<SlipBulkStatusResult | null>(null);
  const run = useCommand({
    run: (body: SlipBulkStatusBodyInput) => bulkSlipStatus(body),
    showError: 'inline',
    // The steps move the slips' packages too (out for delivery, back on the shelf).
    invalidate: [slipKeys.all, queryKeys.Tracking.all],
    onSuccess: (r) => setReport(r),
  });
  const close = () => {
    // The selection is kept while something is left to look at; cleared here, not on success (the dialog lives in
    // the selection's toolbar, so clearing it there would take the report away before it is read).
    if (report && report.counts.refused === 0 && report.counts.chargesChanged === 0) clear();
    setAsked(null);
    setReport(null);
    run.reset();
  };
  // Every slip matching the list's filter: the server takes the filter and reports each slip, those the step does
  // not apply to as refused; the count is the filter's.
  const targets = asked ? rows.filter(APPLIES[asked]) : [];
  const targetCount = matching ? matching.total : targets.length;
  const firstBody = (status: Step): SlipBulkStatusBodyInput => (matching ? { filter: matching.query, status } : { ids: targets.map((s) => s.id), status });
  const changed = report?.items.filter((i) => i.outcome === 'charges_changed') ?? [];
  return (
    <>
      {(Object.keys(APPLIES) as Step[]).map((step) => {
        const n = matching ? matching.total : rows.filter(APPLIES[step]).length;
        return (
          <Button key={step} size="sm" variant={step === 'cancelled' ? 'outline-danger' : 'outline-primary'} disabled={!n} onClick={() => setAsked(step)} data-testid={`slips-bulk-${step}`}>
            <i className={`bi ${ICONS[step]} me-1`} aria-hidden="true" />
            {t(`bulkStatus.action.${step}`, { count: n })}
          </Button>
        );
      })}
      <Modal show={asked !== null} onHide={close} size={report ? 'lg' : undefined} scrollable aria-labelledby="bulk-status-title">
        <Modal.Header closeButton>
          <Modal.Title id="bulk-status-title" as="h2" className="h5">
            {asked && t(`bulkStatus.title.${asked}`)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {report ? (
            <BulkReport report={report} />
          ) : (
            <>
              <p className="mb-0">{asked && t(`bulkStatus.confirm.${asked}`, { count: targetCount })}</p>
              {matching && <p className="mb-0 mt-2 small text-body-secondary" data-testid="slips-bulk-matching-note">{t('bulkStatus.matchingNote', { count: matching.total })}</p>}
            </>
          )}
          {run.error && (
            <div className="alert alert-danger mt-3 mb-0" role="alert">
              {run.error}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close}>
            {report ? t('bulkStatus.close') : t('cod.cancel')}
          </Button>
          {!report && asked && (
            <Button variant={asked === 'cancelled' ? 'danger' : 'primary'} disabled={!targetCount || run.busy} onClick={() => run.run(firstBody(asked))} data-testid="slips-bulk-run">
              {run.busy && <Spinner size="sm" className="me-1" />}
              {t(`bulkStatus.action.${asked}`, { count: targetCount })}
            </Button>
          )}
          {report && asked === 'ready' && changed.length > 0 && (
            <Button variant="warning" disabled={run.busy} onClick={() => run.run({ ids: changed.map((i) => i.id), status: 'ready', acceptNewCharges: true })} data-testid="slips-bulk-accept">
              {run.busy && <Spinner size="sm" className="me-1" />}
              {t('bulkStatus.accept', { count: changed.length })}
            </Button>
          )}
        </Modal.Footer>
      </Modal>
    </>
  );
}

function BulkReport({ report }: { report: SlipBulkStatusResult }) {
  const { t } = useTranslation('deliveryslip');
  const fmt = useFormat();
  const { done, refused, chargesChanged } = report.counts;
  return (
    <>
      <p data-testid="slips-bulk-summary">{t('bulkStatus.summary', { done, refused, changed: chargesChanged })}</p>
      <Table size="sm" responsive className="mb-0 align-middle" data-testid="slips-bulk-report">
        <thead>
          <tr>
            <th scope="col">{t('fields.code')}</th>
            <th scope="col">{t('bulkStatus.outcome')}</th>
            <th scope="col" className="text-end">
              {t('fields.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.items.map((i) => (
            <tr key={i.id} data-testid={`slips-bulk-row-${i.id}`}>
              <td className="font-tabular text-nowrap">{i.code ? <Link to={`/deliveryslip/${i.id}`}>{i.code}</Link> : `#${i.id}`}</td>
              <td>
                <span className={i.outcome === 'done' ? 'text-success' : i.outcome === 'charges_changed' ? 'text-warning-emphasis' : 'text-danger'}>{t(`bulkStatus.outcomes.${i.outcome}`)}</span>
                {i.message && <div className="small text-body-secondary">{i.message}</div>}
              </td>
              <td className="text-end font-tabular text-nowrap">
                {i.totalBefore !== null && i.totalAfter !== null && i.totalAfter !== i.totalBefore
                  ? `${fmt.vnd(i.totalBefore)} → ${fmt.vnd(i.totalAfter)}`
                  : i.totalBefore !== null
                    ? fmt.vnd(i.totalBefore)
                    : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
