import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Alert, Button, ButtonGroup, Card, Spinner, ToggleButton } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DeliverySlip } from '../../../shared/contracts/delivery-slips';
import { buildVietQrPayload } from '../../../shared/domain/vietqr';
import { slipPaymentCode } from '../../../shared/domain/delivery-slip-lifecycle';
import { Code128, QrCode } from '../../components/barcodes';
import { NothingToPrint } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import { fetchSlipByCode, fetchSlipsByIds, recordSlipPrints, slipKeys, useSlipPrintSettings, type SlipPrintSettings } from './api';
import { ScanBox, type ScanFeedback } from '../../components/scan-box';
import '../../components/print-sheet.css';
import './print-coupons.css';
import { Loading } from '../../components/loading';
import { parseIdList } from '../../lib/id-list';
import { PRINT_SLIPS_MAX } from './print-limits';

export { PRINT_SLIPS_MAX };

/** `?ids=3,1,2` → [3, 1, 2]: positive integers, first occurrence kept, at most PRINT_SLIPS_MAX. */
export function parseSlipIds(raw: string | null): number[] {
  return parseIdList(raw, PRINT_SLIPS_MAX);
}

export type PrintFormat = 'a5' | 'thermal';

/** The page each slip prints on; in the DOM only while this screen is, so other pages print as usual. */
const PAGE_RULES: Record<PrintFormat, string> = {
  a5: '@page { size: A5 portrait; margin: 8mm; }',
  thermal: '@page { size: 80mm 297mm; margin: 3mm; }',
};

/**
 * /deliveryslip/print-coupons?ids=…(&format=thermal): the chosen slips (from the list's selection, or scanned here)
 * as printed delivery slips — A5, or 80 mm thermal paper — one per page: company header and logo, the slip code as
 * Code 128 and QR, customer and receiver, packages, charges, wallet credit, the amount to collect with a VietQR
 * code for paying it by bank transfer, signature boxes and the footer text from the settings. Printing records
 * one print (count and time) on each slip before the browser's print dialog opens.
 */
export function PrintCouponsPage() {
  const { t } = useTranslation(['deliveryslip', 'common']);
  const [params, setParams] = useSearchParams();
  const ids = useMemo(() => parseSlipIds(params.get('ids')), [params]);
  const format: PrintFormat = params.get('format') === 'thermal' ? 'thermal' : 'a5';
  const qc = useQueryClient();
  const slips = useQuery({ queryKey: [...slipKeys.all, 'print', ids.join(',')], queryFn: ({ signal }) => fetchSlipsByIds(ids, signal), enabled: ids.length > 0 });
  const settings = useSlipPrintSettings();
  const [feedback, setFeedback] = useState<ScanFeedback>(null);
  const [printing, setPrinting] = useState(false);
  const [printError, setPrintError] = useState<string | null>(null);

  const setIds = (next: number[]) => {
    const p = new URLSearchParams(params);
    if (next.length) p.set('ids', next.join(','));
    else p.delete('ids');
    setParams(p, { replace: true });
  };
  const setFormat = (f: PrintFormat) => {
    const p = new URLSearchParams(params);
    if (f === 'thermal') p.set('format', 'thermal');
    else p.delete('format');
    setParams(p, { replace: true });
  };

  const add = async (code: string) => {
    try {
      const s = await fetchSlipByCode(code);
      if (ids.includes(s.id)) setFeedback({ kind: 'warning', text: t('print.already', { code: s.code }) });
      else {
        setIds([...ids, s.id]);
        setFeedback({ kind: 'success', text: t('print.added', { code: s.code }) });
      }
    } catch (e) {
      setFeedback({ kind: 'danger', text: errorMessage(e) });
    }
  };

  const print = async () => {
    setPrinting(true);
    setPrintError(null);
    try {
      await recordSlipPrints(ids);
      void qc.invalidateQueries({ queryKey: slipKeys.all });
      window.print();
    } catch (e) {
      setPrintError(errorMessage(e));
    } finally {
      setPrinting(false);
    }
  };

  let body;
  if (!ids.length) {
    body = <NothingToPrint title={t('print.noneTitle')} text={t('print.noneText')} backTo="/deliveryslip" backLabel={t('print.toList')} />;
  } else if (slips.isPending || settings.isPending) {
    body = <Loading />;
  } else if (slips.isError || settings.isError) {
    body = <LoadFailed error={slips.error ?? settings.error} onRetry={() => void (slips.isError ? slips.refetch() : settings.refetch())} />;
  } else {
    body = (
      <div className={`slip-sheets print-sheet slip-format-${format}`} data-testid="slip-sheets">
        {slips.data.map((s) => (
          <PrintedSlip key={s.id} slip={s} settings={settings.data} onRemove={() => setIds(ids.filter((x) => x !== s.id))} />
        ))}
      </div>
    );
  }

  return (
    <>
      <style>{PAGE_RULES[format]}</style>
      <PageHeader
        title={t('print.title', { count: ids.length })}
        actions={
          <>
            <ButtonGroup aria-label={t('print.format')}>
              {(['a5', 'thermal'] as const).map((f) => (
                <ToggleButton key={f} id={`print-format-${f}`} type="radio" name="print-format" value={f} variant="outline-secondary" checked={format === f} onChange={() => setFormat(f)}>
                  {t(`print.formats.${f}`)}
                </ToggleButton>
              ))}
            </ButtonGroup>
            <Button variant="primary" onClick={() => void print()} disabled={!slips.data?.length || printing} data-testid="print-slips">
              {printing ? <Spinner size="sm" className="me-1" aria-hidden="true" /> : <i className="bi bi-printer me-1" aria-hidden="true" />}
              {t('print.printN', { count: slips.data?.length ?? 0 })}
            </Button>
          </>
        }
      />
      <Card className="shadow-sm mb-3 slip-print-controls">
        <Card.Body>
          <ScanBox id="print-scan" label={t('print.scanLabel')} placeholder={t('confirm.scanPlaceholder')} onScan={(c) => void add(c)} feedback={feedback} />
          {printError && (
            <Alert variant="danger" className="small mt-2 mb-0">
              {printError}
            </Alert>
          )}
        </Card.Body>
      </Card>
      {body}
    </>
  );
}

/** The VietQR payload of a slip's amount to collect, or why there is none. */
export function slipTransferQr(slip: DeliverySlip, bank: SlipPrintSettings['bank']): { payload: string; memo: string } | { reason: 'nothing_due' | 'no_bank' | 'invalid' } {
  // What transfers already paid (a SePay / Casso transfer matched to the slip) is not asked for again.
  const due = slip.amountToCollect - (slip.paidByTransfer ?? 0);
  if (due <= 0) return { reason: 'nothing_due' };
  if (!bank) return { reason: 'no_bank' };
  const memo = slipPaymentCode(slip.code);
  const r = buildVietQrPayload({ bin: bank.bin, accountNumber: bank.accountNumber, amount: due, note: memo });
  return r.ok ? { payload: r.payload, memo } : { reason: 'invalid' };
}

export function PrintedSlip({ slip: s, settings, onRemove }: { slip: DeliverySlip; settings: SlipPrintSettings; onRemove?(): void }) {
  const { t } = useTranslation(['deliveryslip', 'common']);
  const fmt = useFormat();
  const c = settings.company;
  const transfer = slipTransferQr(s, settings.bank);
  const line = (label: string, value: string, cls = '') => (
    <tr className={cls}>
      <th scope="row">{label}</th>
      <td>{value}</td>
    </tr>
  );
  return (
    <article className={`slip-print print-paper${s.status === 'draft' ? ' slip-print-draft' : ''}`} aria-label={t('print.slipOf', { code: s.code })} data-testid="printed-slip">
      {s.status === 'draft' && (
        // A draft's money is recomputed when it is finalised: its print says so, on paper as on screen.
        <div className="slip-print-draft-mark" data-testid="draft-mark" role="note" aria-label={t('print.draftNote')}>
          <span aria-hidden="true">{t('print.draftMark')}</span>
        </div>
      )}
      {onRemove && (
        <button type="button" className="btn btn-sm btn-outline-secondary slip-print-remove" onClick={onRemove} aria-label={t('print.remove', { code: s.code })}>
          <i className="bi bi-x-lg" aria-hidden="true" />
        </button>
      )}
      <header className="slip-print-head">
        <div className="slip-print-company">
          {c.logoUrl && <img src={c.logoUrl} alt="" className="slip-print-logo" />}
          <div>
            <div className="slip-print-company-name">{c.name || t('common:appName')}</div>
            {c.address && <div>{c.address}</div>}
            {(c.phone || c.hotline) && <div>{[c.phone, c.hotline].filter(Boolean).join(' · ')}</div>}
          </div>
        </div>
        <QrCode value={s.code} label={t('print.qrOf', { code: s.code })} className="slip-print-code-qr" testId="slip-qr" />
      </header>
      {/* Title and barcode side by side on A5 (stacked on 80 mm): the room goes to the packages and the footer. */}
      <div className="slip-print-ident">
        <div className="slip-print-ident-text">
          <h2 className="slip-print-title">
            {t('print.heading')}
            {s.status === 'draft' && <span className="slip-print-draft-title"> · {t('print.draftMark')}</span>}
          </h2>
          {s.status === 'draft' && <p className="slip-print-draft-note">{t('print.draftNote')}</p>}
        </div>
        <div className="slip-print-barcode">
          <Code128 value={s.code} label={t('print.barcodeOf', { code: s.code })} className="slip-print-barcode-svg" testId="slip-barcode" />
          <div className="slip-print-code">{s.code}</div>
        </div>
      </div>
      <section className="slip-print-parties">
        <div>
          <div className="slip-print-caption">{t('fields.customer')}</div>
          <div className="fw-bold">
            {s.customerCode} · {s.customerName}
          </div>
          <div>{s.customerPhone}</div>
        </div>
        <div>
          <div className="slip-print-caption">{t('fields.receiver')}</div>
          <div className="fw-bold">
            {s.receiverName} · {s.receiverPhone}
          </div>
          <div>{[s.receiverAddress, s.receiverProvince].filter(Boolean).join(', ')}</div>
          <div>
            {t(`methods.${s.method}`)} · {s.storeName}
            {s.carrierName ? ` · ${s.carrierName}${s.carrierTrackingNumber ? ` ${s.carrierTrackingNumber}` : ''}` : ''}
          </div>
        </div>
      </section>
      <table className="slip-print-packages">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('fields.trackingNumber')}</th>
            <th className="num">{t('fields.weight')}</th>
            <th className="num">{t('fields.chargeable')}</th>
            <th className="num">{t('fields.freight')}</th>
          </tr>
        </thead>
        <tbody>
          {s.packages.map((p, i) => (
            <tr key={p.packageId}>
              <td>{i + 1}</td>
              <td className="mono">{p.trackingNumber}</td>
              <td className="num">{fmt.kg(p.weightG)}</td>
              <td className="num" data-testid="print-billed" title={p.pricing ? fmt.basis(p.pricing) : undefined}>
                {p.pricing ? fmt.billed(p.pricing) : fmt.kg(p.chargeableG)}
              </td>
              <td className="num">{fmt.vnd(p.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="slip-print-money">
        <table className="slip-print-charges">
          <tbody>
            {line(t('fields.packagesSubtotal'), fmt.vnd(s.packagesSubtotal))}
            {s.domesticFee > 0 && line(t('fields.domesticFee'), fmt.vnd(s.domesticFee))}
            {s.surchargesTotal > 0 && line(t('fields.surcharges'), fmt.vnd(s.surchargesTotal))}
            {s.discountAmount > 0 && line(s.discountReason ? `${t('fields.discount')} (${s.discountReason})` : t('fields.discount'), `\u2212${fmt.vnd(s.discountAmount)}`)}
            {line(t('fields.total'), fmt.vnd(s.total), 'strong')}
            {s.orders.map((o) => line(t('fields.orderLine', { code: o.code }), fmt.vnd(o.amount)))}
            {line(t('fields.walletCredit'), s.walletCredit > 0 ? `\u2212${fmt.vnd(s.walletCredit)}` : fmt.vnd(0))}
            {line(t('fields.amountToCollect'), fmt.vnd(s.amountToCollect), 'cod')}
            {(s.paidByTransfer ?? 0) > 0 && line(t('fields.paidByTransfer'), `\u2212${fmt.vnd(s.paidByTransfer)}`)}
            {(s.paidByTransfer ?? 0) > 0 && line(t('fields.leftToCollect'), fmt.vnd(Math.max(0, s.amountToCollect - s.paidByTransfer)), 'cod')}
          </tbody>
        </table>
        <div className="slip-print-transfer">
          {'payload' in transfer ? (
            <>
              <QrCode value={transfer.payload} label={t('print.vietqrOf', { amount: fmt.vnd(Math.max(0, s.amountToCollect - (s.paidByTransfer ?? 0))) })} className="slip-print-vietqr" testId="slip-vietqr" />
              <div className="slip-print-caption">{t('print.vietqr')}</div>
              {/* Typed by hand when the bank app cannot scan: the code the bank webhooks match the transfer by. */}
              <div className="slip-print-memo" data-testid="slip-transfer-memo">
                {t('print.transferNote')} <strong className="mono">{transfer.memo}</strong>
              </div>
              {settings.bank && (
                <div className="slip-print-bank">
                  {settings.bank.bankName} · {settings.bank.accountNumber}
                  <br />
                  {settings.bank.accountName}
                </div>
              )}
            </>
          ) : (
            <div className="slip-print-caption" data-testid="slip-vietqr-none">
              {t(`print.noQr.${transfer.reason}`)}
            </div>
          )}
        </div>
      </section>
      {/* Signatures, the footer text and the print line are one block that never splits: on a slip longer than its
          page they all come on its last page, under the last package and the money. */}
      <div className="slip-print-end">
        <section className="slip-print-signatures">
          {(['signReceiver', 'signStaff'] as const).map((k) => (
            <div key={k} className="slip-print-sign">
              <div className="slip-print-caption">{t(`print.${k}`)}</div>
              <div className="slip-print-sign-space" />
              <div className="slip-print-sign-hint">{t('print.signHint')}</div>
            </div>
          ))}
        </section>
        <footer className="slip-print-footer">
          {settings.footer && <div className="slip-print-footer-text">{settings.footer}</div>}
          <div className="slip-print-printed">{t('print.printedAt', { at: fmt.dateTime(new Date().toISOString()), count: s.printCount + 1 })}</div>
        </footer>
      </div>
    </article>
  );
}
