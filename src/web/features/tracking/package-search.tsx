import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { defineListSpec, filter, type ListQueryInput, type ListResponse } from '../../../shared/contracts/list-query';
import { LABELS_MAX, PACKAGE_STATUSES, SCAN_MAX_NUMBERS, type PackageSearchHit } from '../../../shared/contracts/packages';
import { RECEIVABLE_STATUSES } from '../../../shared/domain/package-status';
import { parseScannedNumbers } from '../../../shared/domain/scan';
import { AddToMawbDialog } from '../../entities/mawb/add-to-mawb-dialog';
import { DataTable, type BulkActionsContext } from '../../components/data-table/data-table';
import { FilterChecks } from '../../components/data-table/list-filters';
import { localPage } from '../../components/data-table/list-params';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { toast } from '../../lib/toast';
import { useFormat } from '../../lib/use-format';
import { queryKeys } from '../../lib/query-client';
import { searchQuery } from './api';
import { useEventNote } from './event-note';
import { PackageStatusBadge, UnidentifiedBadge } from './package-fields';
import { ReceiveBatchDialog } from './receive-batch';
import { QuickReceiveDialog } from './receive-form';
import './tracking.css';
import { LoadFailed } from '../../components/load-failed';
import { DATE_TIME_COLUMN_SIZE } from '../../components/data-table/cells';
import { codeColumn } from '../../components/data-table/code-column';
// The scan box's pause: this long without another key means the gun has finished (one timing rule for scans).
import { SCAN_PAUSE_MS } from '../../components/scan-box';

/** What was scanned survives a visit to a package and back, on this tab only. */
const TEXT_STORAGE_KEY = 'cargo.tracking.scanText';
/** Longer text stays out of the URL (the tab keeps it); a short scan is shareable as a link. */
const URL_TEXT_MAX = 2000;
/** Query-string prefix of the results table, beside `q`. */
const RESULTS_PREFIX = 'r';

/** The results table: found packages in the order scanned, sortable and filterable by status on the client. */
const RESULTS_SPEC = defineListSpec({
  sortable: ['code', 'trackingNumber', 'status', 'statusAt'],
  defaultSort: '',
  filters: { status: filter.list(PACKAGE_STATUSES) },
  search: false,
});

type Sortable = (typeof RESULTS_SPEC.sortable)[number];

/** One page of the found packages as the table's URL asks: filtered by status, sorted, sliced. */
export function resultsPage(found: PackageSearchHit[], query: ListQueryInput): ListResponse<PackageSearchHit> {
  const statuses = typeof query.status === 'string' && query.status ? new Set(query.status.split(',')) : null;
  const rows = statuses ? found.filter((p) => statuses.has(p.status)) : found;
  return localPage(rows, query, (p, field: Sortable) => (field === 'status' ? PACKAGE_STATUSES.indexOf(p.status) : p[field]));
}

function initialText(q: string): string {
  if (q) return q;
  try {
    return sessionStorage.getItem(TEXT_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

const col = createColumnHelper<PackageSearchHit>();

function useColumns(): ColumnDef<PackageSearchHit, any>[] { // eslint-disable-line @typescript-eslint/no-explicit-any
  const { t } = useTranslation('tracking');
  const fmt = useFormat();
  const noteOf = useEventNote();
  return useMemo(
    () => [
      col.accessor('matched', { header: t('search.matched'), size: 200, meta: { className: 'font-tabular', card: 'title' } }),
      codeColumn({ header: t('fields.code'), size: 120, path: '/tracking', hideable: true }),
      col.accessor('trackingNumber', { header: t('fields.trackingNumber'), size: 200, meta: { className: 'font-tabular', defaultHidden: true } }),
      col.accessor('status', { header: t('fields.status'), size: 220, meta: { card: 'badge' }, cell: (c) => <PackageStatusBadge status={c.getValue()} /> }),
      col.accessor((p) => p.latestEvent, {
        id: 'latestEvent',
        header: t('search.lastEvent'),
        size: 300,
        meta: { label: t('search.lastEvent') },
        cell: (c) => {
          const e = c.getValue();
          if (!e) return '';
          return (
            <span className="d-inline-flex align-items-center gap-1 text-truncate" title={[e.location, noteOf(e).text].filter(Boolean).join(' · ')}>
              {e.iataCode && <span className="badge iata-code">{e.iataCode}</span>}
              <span className="font-tabular">{fmt.dateTime(e.occurredAt)}</span>
              {e.location && <span className="text-body-secondary text-truncate">· {e.location}</span>}
            </span>
          );
        },
      }),
      col.accessor((p) => p.customer, {
        id: 'customer',
        header: t('fields.customer'),
        size: 200,
        meta: { label: t('fields.customer') },
        cell: (c) =>
          c.row.original.unidentified ? (
            <UnidentifiedBadge />
          ) : c.getValue() ? (
            <span title={c.getValue()!.fullName}>
              <span className="font-tabular">{c.getValue()!.code}</span>
              <span className="text-body-secondary"> · {c.getValue()!.fullName}</span>
            </span>
          ) : (
            ''
          ),
      }),
      col.accessor((p) => p.store?.code ?? '', { id: 'store', header: t('fields.store'), size: 100, meta: { label: t('fields.store'), card: 'hidden' } }),
      col.accessor('chargeableG', { header: t('fields.chargeableKg'), size: 120, meta: { align: 'end' }, cell: (c) => fmt.kg(c.getValue()) }),
      col.accessor('statusAt', { header: t('fields.statusAt'), size: DATE_TIME_COLUMN_SIZE, meta: { defaultHidden: true }, cell: (c) => fmt.dateTime(c.getValue()) }),
    ],
    [t, fmt, noteOf],
  );
}

/** What may go on a MAWB: received abroad and on none yet (the server refuses anything else, naming it). */
const onMawbReady = (p: PackageSearchHit) => p.status === 'received_abroad' && p.mawbId === null;

/** The actions on a set of found packages: receive the expected ones, put the received ones on a MAWB, print labels. */
function FoundActions({
  rows,
  onReceive,
  onMawb,
  size,
}: {
  rows: PackageSearchHit[];
  onReceive(rows: PackageSearchHit[]): void;
  onMawb(rows: PackageSearchHit[]): void;
  size?: 'sm';
}) {
  const { t } = useTranslation('tracking');
  const receivable = rows.filter((p) => RECEIVABLE_STATUSES.includes(p.status));
  const ready = rows.filter(onMawbReady);
  const labelIds = rows.slice(0, LABELS_MAX).map((p) => p.id);
  return (
    <>
      <Button size={size} variant="primary" onClick={() => onReceive(rows)} disabled={!receivable.length} data-testid="receive-found">
        <i className="bi bi-box-arrow-in-down me-1" aria-hidden="true" />
        {t('search.receive', { count: receivable.length })}
      </Button>
      <Button size={size} variant="outline-primary" onClick={() => onMawb(ready)} disabled={!ready.length} title={t('search.mawbHint')} data-testid="mawb-found">
        <i className="bi bi-stack me-1" aria-hidden="true" />
        {t('search.putOnMawb', { count: ready.length })}
      </Button>
      <Link to={`/tracking/labels?ids=${labelIds.join(',')}`} className={`btn btn-outline-primary${size ? ` btn-${size}` : ''}`}>
        <i className="bi bi-printer me-1" aria-hidden="true" />
        {t('labels.printN', { count: labelIds.length })}
      </Link>
    </>
  );
}

function NotFoundList({ numbers, onReceive }: { numbers: string[]; onReceive(n: string): void }) {
  const { t } = useTranslation('tracking');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(numbers.join('\n'));
      toast.success(t('search.copied', { count: numbers.length }));
    } catch {
      toast.error(t('search.copyFailed'));
    }
  };
  return (
    <Card className="border-danger-subtle not-found-card mb-3" as="section" aria-labelledby="not-found-title" data-testid="not-found">
      <Card.Header className="bg-danger-subtle text-danger-emphasis d-flex align-items-center gap-2">
        <i className="bi bi-exclamation-triangle-fill" aria-hidden="true" />
        <h2 id="not-found-title" className="h6 mb-0">
          {t('search.notFoundTitle', { count: numbers.length })}
        </h2>
        <Button size="sm" variant="outline-danger" className="ms-auto" onClick={() => void copy()}>
          <i className="bi bi-clipboard me-1" aria-hidden="true" />
          {t('search.copy')}
        </Button>
      </Card.Header>
      <Card.Body className="py-2">
        <p className="small text-body-secondary mb-2">{t('search.notFoundHint')}</p>
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
          {numbers.map((n) => (
            <li key={n} className="not-found-item d-inline-flex align-items-center" data-testid="not-found-number">
              <span className="font-monospace px-2">{n}</span>
              <Button size="sm" variant="link" className="py-0 px-2 border-start rounded-0" onClick={() => onReceive(n)} aria-label={t('search.receiveUnknown', { number: n })}>
                {t('search.receiveOne')}
              </Button>
            </li>
          ))}
        </ul>
      </Card.Body>
    </Card>
  );
}

/**
 * /tracking/search: the scanner desk. Numbers are pasted or scanned into one big box (a barcode gun types fast and
 * may or may not end with Enter): the count updates at once, the lookup runs after the scan box's pause (SCAN_PAUSE_MS) since the last keystroke or on
 * Enter. Found packages show with their status and last event; unknown numbers are listed apart, in red.
 */
export function PackageSearchPage() {
  const { t } = useTranslation(['tracking', 'common']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(() => initialText(q));
  const [submitted, setSubmitted] = useState(text);
  const [seenQ, setSeenQ] = useState(q);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const boxId = useId();
  const [receiving, setReceiving] = useState<{ rows: PackageSearchHit[] } | null>(null);
  const [toMawb, setToMawb] = useState<PackageSearchHit[] | null>(null);
  // The quick desk keeps its number while it closes; each opening starts a fresh form.
  const [quick, setQuick] = useState({ open: false, number: '', opened: 0 });
  const openQuick = (number: string) => setQuick((q) => ({ open: true, number, opened: q.opened + 1 }));

  // The topbar search sent new text while this screen is open: it replaces the box. A `q` this screen wrote
  // itself (below) is not news, even while the router is still applying it.
  const writtenQ = useRef(q);
  if (q !== seenQ) {
    setSeenQ(q);
    if (q && q !== writtenQ.current && q !== submitted) {
      setText(q);
      setSubmitted(q);
    }
  }

  useEffect(() => {
    if (text === submitted) return;
    const timer = setTimeout(() => setSubmitted(text), SCAN_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, submitted]);

  // What was searched is kept for this tab, and in the URL when it is short enough to share.
  useEffect(() => {
    try {
      sessionStorage.setItem(TEXT_STORAGE_KEY, submitted);
    } catch {}
    const wanted = submitted.trim() && submitted.length <= URL_TEXT_MAX ? submitted : '';
    writtenQ.current = wanted;
    if ((params.get('q') ?? '') === wanted) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (wanted) next.set('q', wanted);
        else next.delete('q');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [submitted]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new search moves the URL

  const typed = useMemo(() => parseScannedNumbers(text), [text]);
  const searched = useMemo(() => parseScannedNumbers(submitted), [submitted]);
  const numbers = searched.ok ? searched.numbers : [];
  const query = useQuery({ ...searchQuery(numbers), enabled: numbers.length > 0, placeholderData: keepPreviousData });
  const data = numbers.length ? query.data : undefined;
  const waiting = text !== submitted || (query.isFetching && numbers.length > 0);
  const columns = useColumns();

  const clear = () => {
    setText('');
    setSubmitted('');
    boxRef.current?.focus();
  };

  const receivable = (rows: PackageSearchHit[]) => rows.filter((p) => RECEIVABLE_STATUSES.includes(p.status));
  const closeDialogs = () => {
    setReceiving(null);
    setToMawb(null);
    setQuick((q) => ({ ...q, open: false }));
    setTimeout(() => boxRef.current?.focus(), 0);
  };

  let results: ReactNode;
  if (!numbers.length) {
    results = !typed.ok ? null : (
      <EmptyState icon="bi-upc-scan" title={t('search.emptyTitle')} text={t('search.emptyText', { max: SCAN_MAX_NUMBERS })} />
    );
  } else if (query.isError && !data) {
    results = (
      <LoadFailed title={t('search.error')} error={query.error} onRetry={() => void query.refetch()} />
    );
  } else if (!data) {
    results = (
      <div className="d-flex align-items-center justify-content-center gap-2 py-5 text-body-secondary" role="status">
        <Spinner size="sm" aria-hidden="true" /> {t('search.searching')}
      </div>
    );
  } else {
    results = (
      <>
        {data.notFound.length > 0 && <NotFoundList numbers={data.notFound} onReceive={openQuick} />}
        {data.found.length > 0 ? (
          <>
            <div className="d-flex flex-wrap align-items-center gap-2 mb-2" role="toolbar" aria-label={t('search.foundActions')}>
              <h2 className="h6 mb-0 me-2">{t('search.foundTitle', { count: data.found.length })}</h2>
              <FoundActions rows={data.found} onReceive={(rows) => setReceiving({ rows })} onMawb={setToMawb} />
            </div>
            <DataTable
              tableId="package-search"
              spec={RESULTS_SPEC}
              urlPrefix={RESULTS_PREFIX}
              columns={columns}
              queryKey={(qp) => [...queryKeys.Tracking.search(numbers.join('\n')), 'page', query.dataUpdatedAt, qp]}
              fetcher={async (qp) => resultsPage(data.found, qp)}
              getRowId={(p) => String(p.id)}
              label={t('search.resultsLabel')}
              onOpen={(p) => navigate(`/tracking/${p.id}`)}
              filters={
                <FilterChecks
                  spec={RESULTS_SPEC}
                  urlPrefix={RESULTS_PREFIX}
                  name="status"
                  label={t('fields.status')}
                  options={PACKAGE_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
                />
              }
              bulkActions={({ rows }: BulkActionsContext<PackageSearchHit>) => <FoundActions size="sm" rows={rows} onReceive={(r) => setReceiving({ rows: r })} onMawb={setToMawb} />}
            />
          </>
        ) : (
          <EmptyState icon="bi-search" title={t('search.noneFound')} text={t('search.noneFoundText')} />
        )}
      </>
    );
  }

  const count = typed.ok ? typed.numbers.length : typed.count;
  return (
    <>
      <PageHeader
        actions={
          <Button variant="primary" onClick={() => openQuick('')}>
            <i className="bi bi-upc-scan me-1" aria-hidden="true" />
            {t('receive.quickTitle')}
          </Button>
        }
      />
      <Card className="shadow-sm mb-3">
        <Card.Body>
          <label htmlFor={boxId} className="form-label fw-medium">
            {t('search.boxLabel')}
          </label>
          <textarea
            ref={boxRef}
            id={boxId}
            className={`form-control scan-box font-monospace${typed.ok ? '' : ' is-invalid'}`}
            rows={7}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              // Enter (a person, or a gun set to send it) searches at once; the newline it types separates numbers.
              if (e.key === 'Enter') setSubmitted(e.currentTarget.value);
            }}
            placeholder={t('search.boxPlaceholder')}
            spellCheck={false}
            autoComplete="off"
            autoCapitalize="characters"
            autoFocus
            aria-describedby={`${boxId}-count`}
            aria-invalid={!typed.ok}
          />
          <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
            <div id={`${boxId}-count`} className="scan-count d-flex flex-wrap align-items-center gap-2" aria-live="polite">
              <span className={`badge rounded-pill ${typed.ok ? 'text-bg-primary' : 'text-bg-danger'} fs-6 font-tabular`} data-testid="scan-count">
                {t('search.count', { count })}
              </span>
              {!typed.ok && <span className="text-danger-emphasis small">{t('search.tooMany', { max: SCAN_MAX_NUMBERS, count: typed.count })}</span>}
              {data && !waiting && (
                <>
                  <span className="badge rounded-pill text-bg-success fs-6 font-tabular" data-testid="found-count">
                    {t('search.found', { count: data.found.length })}
                  </span>
                  <span className={`badge rounded-pill fs-6 font-tabular ${data.notFound.length ? 'text-bg-danger' : 'text-bg-secondary'}`} data-testid="not-found-count">
                    {t('search.notFound', { count: data.notFound.length })}
                  </span>
                </>
              )}
              {waiting && typed.ok && count > 0 && (
                <span className="small text-body-secondary">
                  <Spinner size="sm" className="me-1" aria-hidden="true" />
                  {t('search.searching')}
                </span>
              )}
            </div>
            <div className="ms-auto d-flex gap-2">
              <Button variant="outline-secondary" onClick={clear} disabled={!text}>
                <i className="bi bi-x-lg me-1" aria-hidden="true" />
                {t('search.clear')}
              </Button>
              <Button variant="primary" onClick={() => setSubmitted(text)} disabled={!typed.ok || count === 0}>
                <i className="bi bi-search me-1" aria-hidden="true" />
                {t('common:actions.search')}
              </Button>
            </div>
          </div>
        </Card.Body>
      </Card>
      {results}
      {receiving && (
        <ReceiveBatchDialog
          show
          packages={receivable(receiving.rows)}
          skipped={receiving.rows.length - receivable(receiving.rows).length}
          onHide={closeDialogs}
        />
      )}
      {toMawb && <AddToMawbDialog packageTrackingNumbers={toMawb.map((p) => p.trackingNumber)} onDone={closeDialogs} />}
      <QuickReceiveDialog key={quick.opened} show={quick.open} initialNumber={quick.number} onHide={closeDialogs} />
    </>
  );
}
