import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LABELS_MAX, type PackageLabel } from '../../../shared/contracts/packages';
import { NothingToPrint } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { useFormat } from '../../lib/use-format';
import { useCompany } from '../../layouts/brand';
import { fetchLabels, labelsKey } from './api';
import { Code128, QrCode } from '../../components/barcodes';
import { formatDimensions } from './package-fields';
import '../../components/print-sheet.css';
import './labels.css';
import { LoadFailed } from '../../components/load-failed';
import { Loading } from '../../components/loading';
import { parseIdList } from '../../lib/id-list';

/** `?ids=3,1,2` → [3, 1, 2]: positive integers, first occurrence kept, at most LABELS_MAX. */
export function parseLabelIds(raw: string | null): number[] {
  return parseIdList(raw, LABELS_MAX);
}

/** The 100 × 150 mm page every label prints on; in the DOM only while this screen is, so other pages print as usual. */
const PAGE_RULE = '@page { size: 100mm 150mm; margin: 0; }';

/**
 * /tracking/labels?ids=…: one 100 × 150 mm label per package — the package code as Code 128 and QR, the
 * customer code, weights and the destination hub — previewed on screen and printed in one go (one per page).
 */
export function LabelsPage() {
  const { t } = useTranslation(['tracking', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = useMemo(() => parseLabelIds(params.get('ids')), [params]);
  const key = ids.join(',');
  const query = useQuery({
    queryKey: labelsKey(key),
    queryFn: ({ signal }) => fetchLabels(ids, signal),
    enabled: ids.length > 0,
  });
  const items = query.data?.items ?? [];
  // The office's own name heads each label (the company profile in Settings), as on the slips and the manifest.
  const brand = useCompany().data?.name || t('common:appName');
  const printedAt = useMemo(() => new Date().toISOString(), [key]); // eslint-disable-line react-hooks/exhaustive-deps -- one time per set

  let body;
  if (!ids.length) {
    body = <NothingToPrint title={t('labels.noneTitle')} text={t('labels.noneText')} backTo="/tracking" backLabel={t('labels.toList')} />;
  } else if (query.isPending) {
    body = <Loading />;
  } else if (query.isError) {
    body = (
      <LoadFailed title={t('labels.error')} error={query.error} onRetry={() => void query.refetch()} />
    );
  } else {
    body = (
      <div className="label-sheet print-sheet" data-testid="label-sheet">
        {items.map((l, i) => (
          <LabelCard key={l.id} label={l} index={i + 1} total={items.length} printedAt={printedAt} brand={brand} />
        ))}
      </div>
    );
  }

  return (
    <>
      <style>{PAGE_RULE}</style>
      <PageHeader
        title={t('labels.titleN', { count: ids.length })}
        actions={
          <>
            <Button variant="outline-secondary" onClick={() => navigate(-1)}>
              <i className="bi bi-arrow-left me-1" aria-hidden="true" />
              {t('common:actions.back')}
            </Button>
            <Button variant="primary" onClick={() => window.print()} disabled={!items.length}>
              <i className="bi bi-printer me-1" aria-hidden="true" />
              {t('labels.printN', { count: items.length })}
            </Button>
          </>
        }
      />
      <p className="small text-body-secondary label-hint">
        <i className="bi bi-info-circle me-1" aria-hidden="true" />
        {t('labels.hint')}
      </p>
      {body}
    </>
  );
}

function LabelCard({ label: l, index, total, printedAt, brand }: { label: PackageLabel; index: number; total: number; printedAt: string; brand: string }) {
  const { t, i18n } = useTranslation(['tracking', 'common']);
  const fmt = useFormat();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'vi';
  const dims = formatDimensions(l.lengthMm, l.widthMm, l.heightMm, lang);
  return (
    <article className="pkg-label print-paper" aria-label={t('labels.labelOf', { code: l.code })} data-testid="package-label">
      <header className="pkg-label-head">
        <div className="pkg-label-brand">
          <div className="fw-bold" data-testid="label-brand">{brand}</div>
          <div className="pkg-label-small">{l.originStore ? t('labels.from', { store: l.originStore.code }) : ''}</div>
        </div>
        <div className="pkg-label-dest">
          <div className="pkg-label-dest-code">{l.destinationStore?.code ?? '—'}</div>
          <div className="pkg-label-small">{l.destinationStore?.name ?? t('labels.noDestination')}</div>
        </div>
      </header>
      <section className="pkg-label-customer">
        <div className="pkg-label-caption">{t('labels.customer')}</div>
        <div className="pkg-label-customer-code">{l.customerCode ?? t('labels.unidentified')}</div>
        {l.customerName && <div className="pkg-label-customer-name">{l.customerName}</div>}
      </section>
      <section className="pkg-label-code">
        <Code128 value={l.code} label={t('labels.barcodeOf', { code: l.code })} className="pkg-label-barcode" />
        <div className="pkg-label-code-text">{l.code}</div>
      </section>
      <section className="pkg-label-facts">
        <QrCode value={l.code} label={t('labels.qrOf', { code: l.code })} className="pkg-label-qr" />
        <dl>
          <dt>{t('fields.weight')}</dt>
          <dd>{l.weightG !== null ? fmt.kg(l.weightG) : '—'}</dd>
          <dt>{t('fields.chargeable')}</dt>
          <dd className="fw-bold">{l.chargeableG !== null ? fmt.kg(l.chargeableG) : '—'}</dd>
          <dt>{t('fields.dimensions')}</dt>
          <dd>{dims || '—'}</dd>
        </dl>
      </section>
      <footer className="pkg-label-foot">
        <div className="pkg-label-tracking">
          <span className="pkg-label-caption">{t('fields.trackingNumber')}</span> {l.trackingNumber}
        </div>
        {l.contents && <div className="pkg-label-contents">{l.contents}</div>}
        <div className="pkg-label-meta">
          <span>{fmt.dateTime(printedAt)}</span>
          <span>
            {index}/{total}
          </span>
        </div>
      </footer>
    </article>
  );
}
