import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button, Card, Collapse } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ListQueryInput } from '../../../shared/contracts/list-query';
import { ORDER_PACKAGE_ERROR_CODES, type Order, type OrderPackageResult, type OrderPackagesAttachInput, type OrderPackagesResponse } from '../../../shared/contracts/orders';
import { PACKAGE_LIST, type Package } from '../../../shared/contracts/packages';
import { FINAL_ORDER_STATUSES } from '../../../shared/domain/order-lifecycle';
import { DataTable, type BulkActionsContext } from '../../components/data-table/data-table';
import { ScanBox, type ScanFeedback } from '../../components/scan-box';
import { useCommand } from '../../components/use-command';
import { orderApi } from '../../entities/order/api';
import { packageApi } from '../../entities/package/api';
import { usePackageColumns } from '../../entities/package/columns';
import { errorMessage, isApiRequestError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';
import { attachOrderPackages, detachOrderPackage } from './api';

/** The log keeps the latest answers only: a scanning session may be long. */
const LOG_MAX = 30;

interface LogEntry {
  key: number;
  result: OrderPackageResult;
}

/**
 * The order's parcels tab: the parcels on the order (one list engine), and, while the order is open, a scan box
 * (numbers typed, pasted or scanned, sent together) and the customer's parcels on no order to pick from. The
 * server answers each number; the answers are listed beside the box. A wrong parcel is taken off from the list.
 */
export function OrderPackages({ o }: { o: Order }) {
  const { t } = useTranslation('order');
  const navigate = useNavigate();
  const columns = usePackageColumns();
  const open = !FINAL_ORDER_STATUSES.includes(o.status);
  const refresh = useRefresh();
  return (
    <>
      {open && <AttachPanel o={o} />}
      <DataTable
        tableId="order-packages"
        urlPrefix="p_"
        spec={PACKAGE_LIST}
        columns={columns}
        queryKey={(q: ListQueryInput) => queryKeys.Tracking.list({ ...q, orderId: o.id })}
        fetcher={(q, signal) => packageApi.fetchPage({ ...q, orderId: String(o.id) }, signal)}
        getRowId={(p) => String(p.id)}
        label={t('detail.tabs.packages')}
        onOpen={(p) => navigate(`/tracking/${p.id}`)}
        bulkActions={open ? (ctx: BulkActionsContext<Package>) => <DetachButton o={o} {...ctx} onDone={refresh} /> : undefined}
        empty={{ title: t('detail.noPackages'), text: open ? t('parcels.emptyText') : undefined }}
      />
    </>
  );
}

/** After parcels moved on or off: the order (its status may have followed them) and every package list. */
function useRefresh() {
  const qc = useQueryClient();
  const cache = orderApi.useCache();
  return (order?: Order) => {
    if (order) cache.saved(order);
    void qc.invalidateQueries({ queryKey: queryKeys.Tracking.all });
  };
}

function DetachButton({ o, rows, clear, onDone }: BulkActionsContext<Package> & { o: Order; onDone(order?: Order): void }) {
  const { t } = useTranslation('order');
  const detach = useCommand({
    run: async (packages: Package[]) => {
      let last: Order | undefined;
      for (const p of packages) last = await detachOrderPackage(o.id, p.id);
      return last;
    },
    pending: t('parcels.detaching'),
    success: (_last, packages) => t('parcels.detached', { count: packages.length, code: o.code }),
    onSuccess: (last) => {
      clear();
      onDone(last);
    },
    // The toast has shown the server's reason; the list is refreshed to show what did change.
    onError: () => onDone(),
  });
  const busy = detach.busy;
  const run = () => detach.run(rows);
  return (
    <Button size="sm" variant="outline-danger" disabled={busy} onClick={() => run()} data-testid="order-packages-detach">
      <i className="bi bi-link-45deg me-1" aria-hidden="true" />
      {t('parcels.detach', { count: rows.length })}
    </Button>
  );
}

function AttachPanel({ o }: { o: Order }) {
  const { t } = useTranslation('order');
  const refresh = useRefresh();
  const [log, setLog] = useState<LogEntry[]>([]);
  const [feedback, setFeedback] = useState<ScanFeedback>(null);
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const queued = useRef<string[]>([]);
  const keySeq = useRef(0);

  const describe = (r: OrderPackageResult) => {
    const code = r.packageCode ?? r.number;
    return t(`parcels.outcomes.${r.outcome}`, { code, number: r.number, customer: r.customerCode ?? '—', orderCustomer: o.customerCode, order: r.orderCode ?? '—' });
  };

  const send = async (body: OrderPackagesAttachInput) => {
    setBusy(true);
    try {
      let results: OrderPackageResult[];
      try {
        const res = await attachOrderPackages(o.id, body);
        results = res.results;
        refresh(res.order);
      } catch (e) {
        const details = isApiRequestError(e) && e.data.code === ORDER_PACKAGE_ERROR_CODES.REFUSED ? (e.data.details as Pick<OrderPackagesResponse, 'results'>) : null;
        if (!details) {
          setFeedback({ kind: 'danger', text: errorMessage(e) });
          return;
        }
        results = details.results;
      }
      setLog((prev) => [...results.map((result) => ({ key: ++keySeq.current, result })).reverse(), ...prev].slice(0, LOG_MAX));
      const attached = results.filter((r) => r.outcome === 'attached').length;
      const refused = results.filter((r) => r.outcome !== 'attached' && r.outcome !== 'already').length;
      setFeedback(
        refused
          ? attached
            ? { kind: 'warning', text: t('parcels.summaryRefused', { attached, refused }) }
            : { kind: 'danger', text: t('parcels.summaryNone') }
          : { kind: 'success', text: t('parcels.summary', { count: attached }) },
      );
    } finally {
      setBusy(false);
    }
  };

  // A paste or a gun's burst gives several codes at once: they go to the server together.
  const onScan = (code: string) => {
    queued.current.push(code);
    if (queued.current.length > 1) return;
    setTimeout(() => {
      const numbers = queued.current;
      queued.current = [];
      void send({ numbers });
    }, 0);
  };

  return (
    <Card className="shadow-sm mb-3" data-testid="order-attach">
      <Card.Body>
        <div className="row g-3">
          <div className="col-lg-6">
            <ScanBox
              id={`order-${o.id}-scan`}
              label={t('parcels.scanLabel')}
              placeholder={t('parcels.scanPlaceholder')}
              help={t('parcels.scanHelp')}
              onScan={onScan}
              feedback={feedback}
              busy={busy}
            />
            <Button variant="link" size="sm" className="px-0 mt-1" aria-expanded={picking} aria-controls={`order-${o.id}-pick`} onClick={() => setPicking((v) => !v)} data-testid="order-attach-search">
              <i className={`bi ${picking ? 'bi-chevron-up' : 'bi-search'} me-1`} aria-hidden="true" />
              {t('parcels.searchToggle', { customer: o.customerCode })}
            </Button>
          </div>
          <div className="col-lg-6">
            <h3 className="h6 small text-body-secondary mb-2">{t('parcels.logTitle')}</h3>
            {log.length ? (
              <ul className="list-unstyled small mb-0 order-attach-log" data-testid="order-attach-log">
                {log.map(({ key, result }) => (
                  <li key={key} className="d-flex gap-2 py-1 border-bottom" data-outcome={result.outcome}>
                    <i className={`bi ${OUTCOME_ICONS[result.outcome]} flex-shrink-0`} aria-hidden="true" />
                    <span className="font-tabular text-nowrap fw-medium">{result.trackingNumber ?? result.number}</span>
                    <span className="text-body-secondary">{describe(result)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="small text-body-secondary mb-0">{t('parcels.logEmpty')}</p>
            )}
          </div>
        </div>
        <Collapse in={picking} mountOnEnter>
          <div id={`order-${o.id}-pick`}>
            <div className="pt-3">
              <PickPackages o={o} onPick={(ids) => send({ packageIds: ids })} />
            </div>
          </div>
        </Collapse>
      </Card.Body>
    </Card>
  );
}

const OUTCOME_ICONS: Record<OrderPackageResult['outcome'], string> = {
  attached: 'bi-check-circle text-success',
  already: 'bi-check2 text-body-secondary',
  not_found: 'bi-question-circle text-danger',
  other_customer: 'bi-person-x text-danger',
  other_order: 'bi-exclamation-triangle text-danger',
};

/** The customer's parcels on no order, searchable with the list engine; the selected ones go on the order. */
function PickPackages({ o, onPick }: { o: Order; onPick(ids: number[]): Promise<void> }) {
  const { t } = useTranslation('order');
  const columns = usePackageColumns();
  const filter = { customerId: String(o.customerId), onOrder: 'false' };
  return (
    <DataTable
      tableId="order-pick-packages"
      urlPrefix="k_"
      spec={PACKAGE_LIST}
      columns={columns}
      queryKey={(q: ListQueryInput) => queryKeys.Tracking.list({ ...q, ...filter })}
      fetcher={(q, signal) => packageApi.fetchPage({ ...q, ...filter }, signal)}
      getRowId={(p) => String(p.id)}
      label={t('parcels.searchTitle', { customer: o.customerCode })}
      searchLabel={t('parcels.searchLabel')}
      bulkActions={({ rows, clear }: BulkActionsContext<Package>) => (
        <Button
          size="sm"
          variant="primary"
          onClick={() => {
            void onPick(rows.map((r) => r.id)).then(clear);
          }}
          data-testid="order-pick-attach"
        >
          <i className="bi bi-link me-1" aria-hidden="true" />
          {t('parcels.attachSelected', { count: rows.length })}
        </Button>
      )}
      empty={{ title: t('parcels.searchEmpty', { customer: o.customerCode }) }}
    />
  );
}
