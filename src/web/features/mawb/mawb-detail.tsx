import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Button, Card, Col, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { defineListSpec, type ListQueryInput, type ListResponse } from '../../../shared/contracts/list-query';
import type { Mawb, MawbPackage, MawbStatus } from '../../../shared/contracts/mawbs';
import { PACKAGE_STATUSES } from '../../../shared/contracts/packages';
import {
  allowedNextStatuses,
  MAWB_DELETABLE_STATUSES,
  MAWB_EDITABLE_PACKAGES_STATUSES,
  MAWB_FINAL_STATUSES,
  MAWB_NEEDS_PACKAGES_FROM,
  MAWB_STATUS_EFFECTS,
  MAWB_TRANSFER_EFFECT,
  type PackageEffect,
} from '../../../shared/domain/mawb-lifecycle';
import { eventLabelKey } from '../../../shared/domain/package-status';
import { foldVietnamese } from '../../../shared/text';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { localPage } from '../../components/data-table/list-params';
import { DetailHeader } from '../../components/detail-header';
import { EmptyState } from '../../components/empty-state';
import { HISTORY_DEFAULT_IGNORE, historyTab } from '../../components/history-tab';
import { RecordPage } from '../../components/record-page';
import { StatusSteps } from '../../components/status-steps';
import { UrlTabs } from '../../components/url-tabs';
import { useCommand } from '../../components/use-command';
import { toastPromise } from '../../lib/toast';
import { useFormat } from '../../lib/use-format';
import { changeMawbStatus, removePackage, useMawbCache, useMawbPackages } from './api';
import { airportText, HISTORY_EXTRA_IGNORE, MAWB_STATUS_LOOK, MawbStatusBadge, PackageStatusText, useMawbFields } from './mawb-fields';
import { initialStepValues, StepFields, stepBody, stepProblems, type StepValues } from './mawb-step-fields';
import { MawbTimeline } from './mawb-timeline';
import { ScanPanel } from './scan-panel';
import './mawb.css';
import { TableScroll } from '../../components/table-scroll';
import { type Versioned } from '../../components/resource-api';
import { mawbApi, mawbPackagesKey } from '../../entities/mawb/api';
import { LoadFailed } from '../../components/load-failed';
import { codeColumn } from '../../components/data-table/code-column';

const HISTORY_IGNORE = [...HISTORY_DEFAULT_IGNORE, ...HISTORY_EXTRA_IGNORE];

/** /mawb/:id: the waybill, its flights, the packages on it (scan to add), its next steps, timeline and History. */
export function MawbDetailPage() {
  const { id = '' } = useParams();
  const query = mawbApi.useOne(id);
  return (
    <RecordPage query={query} backTo="/mawb">
      {(data) => <MawbDetail loaded={data} />}
    </RecordPage>
  );
}

function MawbDetail({ loaded }: { loaded: Versioned<Mawb> }) {
  const { t } = useTranslation(['mawb', 'common']);
  const cache = useMawbCache();
  const fields = useMawbFields();
  const m = loaded.record;
  const editable = !MAWB_FINAL_STATUSES.includes(m.status);
  const deletable = MAWB_DELETABLE_STATUSES.includes(m.status) && (m.status !== 'draft' || m.pieces === 0);

  return (
    <>
      <DetailHeader
        title={
          <span className="font-tabular" data-testid="mawb-number">
            {m.awbNumber}
          </span>
        }
        badges={<MawbStatusBadge status={m.status} />}
        actions={
          <Link to={`/mawb/${m.id}/manifest`} className="btn btn-outline-primary">
            <i className="bi bi-printer me-1" aria-hidden="true" />
            {t('detail.manifest')}
          </Link>
        }
        editTo={editable ? `/mawb/edit/${m.id}` : undefined}
        remove={
          deletable
            ? {
                iconOnly: true,
                remove: () => mawbApi.remove(m.id, loaded.etag),
                pending: t('detail.deleting'),
                success: t('detail.deleted', { awb: m.awbNumber }),
                onDeleted: () => cache.removed(m.id),
                listPath: '/mawb',
                title: t('detail.deleteTitle', { awb: m.awbNumber }),
                text: t('detail.deleteText'),
              }
            : undefined
        }
      />
      <Row className="g-3 mb-3">
        <Col xl={8}>
          <Summary m={m} />
        </Col>
        <Col xl={4}>
          <StatusActions loaded={loaded} />
        </Col>
      </Row>
      <UrlTabs
        id="mawb-tabs"
        tabs={[
          { key: 'packages', title: t('detail.tabs.packages', { count: m.pieces }), content: <Packages m={m} /> },
          { key: 'legs', title: t('detail.tabs.legs', { count: m.flightLegs.length }), content: <Legs m={m} /> },
          {
            key: 'timeline',
            title: t('detail.tabs.timeline'),
            content: (
              <Card className="shadow-sm">
                <Card.Body>
                  <MawbTimeline mawbId={m.id} />
                </Card.Body>
              </Card>
            ),
          },
          historyTab(t('detail.tabs.history'), { entity: 'mawbs', entityId: m.id, queryKey: mawbApi.keys.history(m.id), fields, ignore: HISTORY_IGNORE }),
        ]}
      />
    </>
  );
}

function Summary({ m }: { m: Mawb }) {
  const { t } = useTranslation('mawb');
  const fmt = useFormat();
  const none = <span className="text-body-tertiary">—</span>;
  const time = (v: string | null) => (v ? <span className="font-tabular">{fmt.dateTime(v)}</span> : none);
  return (
    <Card className="shadow-sm h-100">
      <Card.Body>
        <div className="mawb-route mb-3" aria-label={t('detail.routeLabel', { from: airportText(m.origin), to: airportText(m.destination) })}>
          <div className="mawb-route-end">
            <div className="mawb-route-code">{m.origin}</div>
            <div className="small text-body-secondary">{airportText(m.origin).replace(/^\w{3} – /, '')}</div>
          </div>
          <div className="mawb-route-line" aria-hidden="true">
            <i className="bi bi-airplane" />
          </div>
          <div className="mawb-route-end text-end">
            <div className="mawb-route-code">{m.destination}</div>
            <div className="small text-body-secondary">{airportText(m.destination).replace(/^\w{3} – /, '')}</div>
          </div>
        </div>
        <Row className="g-3">
          <Col md={7}>
            <dl className="detail-list">
              <dt>{t('fields.airline')}</dt>
              <dd>
                <span className="badge iata-code me-1">{m.airlineCode}</span>
                {m.airlineName} <span className="text-body-secondary font-tabular">({m.airlinePrefix})</span>
              </dd>
              <dt>{t('fields.flights')}</dt>
              <dd className="font-tabular">{m.flights || none}</dd>
              <dt>{t('fields.etd')}</dt>
              <dd>{time(m.etd)}</dd>
              <dt>{t('fields.eta')}</dt>
              <dd>{time(m.eta)}</dd>
              {(m.atd || m.ata) && (
                <>
                  <dt>{t('fields.atd')}</dt>
                  <dd>{time(m.atd)}</dd>
                  <dt>{t('fields.ata')}</dt>
                  <dd>{time(m.ata)}</dd>
                </>
              )}
              {m.note && (
                <>
                  <dt>{t('fields.note')}</dt>
                  <dd style={{ whiteSpace: 'pre-wrap' }}>{m.note}</dd>
                </>
              )}
            </dl>
          </Col>
          <Col md={5}>
            <div className="d-grid gap-2 mawb-tiles">
              <Tile label={t('fields.pieces')} value={fmt.integer(m.pieces)} testId="mawb-pieces" />
              <Tile label={t('fields.grossWeight')} value={fmt.kg(m.grossWeightG)} testId="mawb-gross" />
              <Tile label={t('fields.chargeableWeight')} hint={t('fields.chargeableWeightHint')} value={fmt.kg(m.chargeableWeightG)} strong testId="mawb-chargeable" />
              <Tile
                label={t('fields.airlineChargeableWeight')}
                hint={t('fields.airlineVolumetric', { weight: fmt.kg(m.volumetricWeightG) })}
                value={fmt.kg(m.airlineChargeableWeightG)}
                testId="mawb-airline-chargeable"
              />
            </div>
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}

function Tile({ label, hint, value, strong, testId }: { label: string; hint?: string; value: string; strong?: boolean; testId: string }) {
  return (
    <div className={`rounded border px-3 py-2 d-flex align-items-baseline justify-content-between gap-2${strong ? ' border-primary-subtle bg-primary-subtle' : ''}`}>
      <span className="small text-body-secondary">
        {label}
        {hint && (
          <span className="d-block" style={{ fontSize: '0.75rem' }} data-testid={`${testId}-hint`}>
            {hint}
          </span>
        )}
      </span>
      <span className={`font-tabular ${strong ? 'fs-5 fw-semibold text-primary-emphasis' : 'fs-6 fw-medium'}`} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** The next steps as buttons; a refusal (409: not allowed from where it really is now, or no package yet) is shown here. */
function StatusActions({ loaded }: { loaded: Versioned<Mawb> }) {
  const { t } = useTranslation(['mawb', 'tracking', 'common']);
  const fmt = useFormat();
  const cache = useMawbCache();
  const m = loaded.record;
  const next = allowedNextStatuses(m.status);
  const [step, setStep] = useState<StepValues>(initialStepValues);

  return (
    <StatusSteps<MawbStatus>
      next={next}
      label={(to) => t(`moves.${to}`)}
      icon={(to) => MAWB_STATUS_LOOK[to].icon}
      variant={(to, i) => (to === 'cancelled' ? 'outline-danger' : i === 0 ? 'primary' : 'outline-primary')}
      testId={(to) => `move-${to}`}
      submit={async (to, note) => {
        const saved = await toastPromise(changeMawbStatus(m.id, loaded.etag, to, note, stepBody(m, to, step)), {
          pending: t('detail.moving'),
          success: (r: Mawb) => t('detail.moved', { awb: r.awbNumber, status: t(`statuses.${r.status}`) }),
        });
        cache.saved(saved);
      }}
      onStale={() => cache.refresh(m.id)}
      noteMaxLength={1000}
      texts={{
        title: t('detail.nextSteps'),
        final: t('detail.final'),
        note: t('detail.moveNote'),
        confirmTitle: (to) => t('detail.moveTitle', { action: t(`moves.${to}`), awb: m.awbNumber }),
        confirmText: (to) => t('detail.moveText', { from: t(`statuses.${m.status}`), to: t(`statuses.${to}`) }),
      }}
      hint={
        next.includes(MAWB_NEEDS_PACKAGES_FROM) &&
        m.pieces === 0 && (
          <p className="small text-body-secondary mt-2 mb-0">
            <i className="bi bi-info-circle me-1" aria-hidden="true" />
            {t('detail.needsPackages')}
          </p>
        )
      }
      onOpen={() => setStep(initialStepValues())}
      canConfirm={(to) => stepProblems(m, to, step).length === 0}
      confirmExtra={(to) => {
        const effect = MAWB_STATUS_EFFECTS[to];
        const label = (e: PackageEffect) => (eventLabelKey(e) === e.code ? t(`tracking:statuses.${e.code}`, { defaultValue: e.code }) : t(`tracking:steps.${eventLabelKey(e)}`));
        return (
          <>
            <StepFields m={m} to={to} values={step} onChange={setStep} />
            {effect && m.pieces > 0 && (
            <p className="small" data-testid="move-effect">
              <i className="bi bi-box-seam me-1" aria-hidden="true" />
              {to === 'received_at_hub'
                ? // A parcel bound for another hub is not ready here: it goes on to its own hub (the server's rule, landsAtHub).
                  t('detail.moveEffectHub', { airport: m.destination, status: label(effect), iata: effect.iataCode, transfer: label(MAWB_TRANSFER_EFFECT), transferIata: MAWB_TRANSFER_EFFECT.iataCode })
                : t('detail.moveEffect', { count: m.pieces, status: label(effect), iata: effect.iataCode ?? '—' })}
            </p>
            )}
          </>
        );
      }}
    >
      <Stepper status={m.status} />
      <p className="small text-body-secondary mt-2 mb-0" data-testid="status-since">
        {t('detail.statusSince', { status: t(`statuses.${m.status}`), at: fmt.dateTime(m.statusAt) })}
      </p>
    </StatusSteps>
  );
}

/** Where the MAWB is on its way, at a glance: the steps done, the current one, the ones to come. */
function Stepper({ status }: { status: MawbStatus }) {
  const { t } = useTranslation('mawb');
  const flow: MawbStatus[] = ['draft', 'booked', 'manifested', 'departed', 'arrived', 'in_customs', 'cleared', 'received_at_hub', 'closed'];
  if (status === 'cancelled') return null;
  const at = flow.indexOf(status);
  return (
    <ol className="mawb-stepper list-unstyled mt-3 mb-0" aria-label={t('detail.progress')}>
      {flow.map((s, i) => (
        <li key={s} className={i < at ? 'is-done' : i === at ? 'is-current' : undefined} aria-current={i === at ? 'step' : undefined} title={t(`statuses.${s}`)}>
          <span className="visually-hidden">{t(`statuses.${s}`)}</span>
        </li>
      ))}
    </ol>
  );
}

function Legs({ m }: { m: Mawb }) {
  const { t } = useTranslation('mawb');
  const fmt = useFormat();
  if (!m.flightLegs.length) {
    return (
      <EmptyState
        icon="bi-airplane"
        title={t('detail.noLegs')}
        action={
          !MAWB_FINAL_STATUSES.includes(m.status) && (
            <Link to={`/mawb/edit/${m.id}`} className="btn btn-sm btn-outline-primary">
              {t('form.addLeg')}
            </Link>
          )
        }
      />
    );
  }
  const time = (v: string | null) => (v ? fmt.dateTime(v) : '—');
  return (
    <Card className="shadow-sm">
      <TableScroll>
        <Table className="mb-0 align-middle font-tabular" size="sm" data-testid="legs-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('fields.flightNo')}</th>
              <th scope="col">{t('fields.legFrom')}</th>
              <th scope="col">{t('fields.legTo')}</th>
              <th scope="col">{t('fields.etd')}</th>
              <th scope="col">{t('fields.eta')}</th>
              <th scope="col">{t('fields.atd')}</th>
              <th scope="col">{t('fields.ata')}</th>
            </tr>
          </thead>
          <tbody>
            {m.flightLegs.map((l, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td className="fw-semibold">{l.flightNo}</td>
                <td title={airportText(l.from)}>{l.from}</td>
                <td title={airportText(l.to)}>{l.to}</td>
                <td>{time(l.etd)}</td>
                <td>{time(l.eta)}</td>
                <td>{time(l.atd)}</td>
                <td>{time(l.ata)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </Card>
  );
}

// ---- packages -------------------------------------------------------------------------------------------

/** The packages table pages, sorts and searches on the client: a MAWB's whole list arrives in one answer. */
export const PACKAGES_SPEC = defineListSpec({
  sortable: ['code', 'trackingNumber', 'customerCode', 'weightG', 'chargeableG', 'status'],
  defaultSort: '',
  filters: {},
  search: true,
});
const PACKAGES_PREFIX = 'p_';
type SortField = (typeof PACKAGES_SPEC.sortable)[number];

/** One page of the MAWB's packages as the table's URL asks: searched, sorted, sliced. */
export function packagesPage(items: MawbPackage[], query: ListQueryInput): ListResponse<MawbPackage> {
  const q = typeof query.q === 'string' ? foldVietnamese(query.q).trim() : '';
  const words = q ? q.split(/\s+/) : [];
  const rows = words.length
    ? items.filter((p) => {
        const text = foldVietnamese([p.code, p.trackingNumber, p.customerCode, p.customerName, p.contents].filter(Boolean).join(' '));
        return words.every((w) => text.includes(w));
      })
    : items;
  return localPage(rows, query, (p, f: SortField) => (f === 'status' ? PACKAGE_STATUSES.indexOf(p.status) : (p[f] ?? '')));
}

const pkgCol = createColumnHelper<MawbPackage>();

function usePackageColumns(canRemove: boolean, onRemove: (p: MawbPackage) => void): ColumnDef<MawbPackage, any>[] { // eslint-disable-line @typescript-eslint/no-explicit-any
  const { t } = useTranslation('mawb');
  const fmt = useFormat();
  return useMemo(() => {
    const cols: ColumnDef<MawbPackage, any>[] = [ // eslint-disable-line @typescript-eslint/no-explicit-any
      codeColumn({ header: t('packages.code'), size: 120, path: '/tracking' }),
      pkgCol.accessor('trackingNumber', { header: t('packages.trackingNumber'), size: 200, meta: { className: 'font-tabular', card: 'title' } }),
      pkgCol.accessor('customerCode', {
        header: t('packages.customer'),
        size: 220,
        cell: (c) => {
          const p = c.row.original;
          if (!p.customerCode) return <span className="text-body-tertiary">{t('packages.noCustomer')}</span>;
          return (
            <span className="text-truncate" title={p.customerName ?? undefined}>
              {p.customerId ? (
                <Link to={`/customer/${p.customerId}`} className="font-tabular">
                  {p.customerCode}
                </Link>
              ) : (
                <span className="font-tabular">{p.customerCode}</span>
              )}
              {p.customerName && <span className="text-body-secondary"> · {p.customerName}</span>}
            </span>
          );
        },
      }),
      pkgCol.accessor('weightG', { header: t('packages.weight'), size: 100, meta: { align: 'end', sortDescFirst: true }, cell: (c) => fmt.kg(c.getValue()) }),
      pkgCol.accessor('chargeableG', { header: t('packages.chargeable'), size: 110, meta: { align: 'end', sortDescFirst: true }, cell: (c) => fmt.kg(c.getValue()) }),
      pkgCol.accessor('status', { header: t('packages.status'), size: 190, meta: { card: 'badge' }, cell: (c) => <PackageStatusText status={c.getValue()} /> }),
      pkgCol.accessor('contents', { header: t('packages.contents'), size: 200, meta: { defaultHidden: true }, cell: (c) => c.getValue() }),
    ];
    if (canRemove) {
      cols.push(
        pkgCol.display({
          id: 'remove',
          header: () => <span className="visually-hidden">{t('packages.remove')}</span>,
          size: 60,
          enableResizing: false,
          meta: { label: t('packages.remove'), hideable: false, align: 'end' },
          cell: (c) => (
            <Button
              size="sm"
              variant="outline-danger"
              className="py-0"
              onClick={(e) => {
                e.stopPropagation();
                onRemove(c.row.original);
              }}
              aria-label={t('packages.removeOne', { code: c.row.original.code })}
              title={t('packages.removeOne', { code: c.row.original.code })}
            >
              <i className="bi bi-x-lg" aria-hidden="true" />
            </Button>
          ),
        }),
      );
    }
    return cols;
  }, [t, fmt, canRemove, onRemove]);
}

function Packages({ m }: { m: Mawb }) {
  const { t } = useTranslation(['mawb', 'common']);
  const navigate = useNavigate();
  const cache = useMawbCache();
  const query = useMawbPackages(m.id);
  const canEdit = MAWB_EDITABLE_PACKAGES_STATUSES.includes(m.status);
  const [removing, setRemoving] = useState<MawbPackage | null>(null);
  const remove = useCommand({
    run: (p: MawbPackage) => removePackage(m.id, p.id),
    pending: t('packages.removing'),
    success: (_saved, p) => t('packages.removed', { code: p.code, awb: m.awbNumber }),
    onSuccess: (saved) => cache.saved(saved),
    onStale: () => cache.refresh(m.id),
    onSettled: () => setRemoving(null),
  });
  const busy = remove.busy;
  const onRemove = useMemo(() => (p: MawbPackage) => setRemoving(p), []);
  const columns = usePackageColumns(canEdit, onRemove);
  const items = query.data?.items;

  const confirmRemove = () => {
    if (removing) remove.run(removing);
  };

  let table;
  if (query.isError) {
    table = (
      <LoadFailed title={t('packages.error')} error={query.error} onRetry={() => void query.refetch()} />
    );
  } else {
    table = (
      <DataTable
        tableId="mawb-packages"
        urlPrefix={PACKAGES_PREFIX}
        spec={PACKAGES_SPEC}
        columns={columns}
        // The page follows the loaded list: a scan that adds a package refreshes it.
        queryKey={(q) => [...mawbPackagesKey(m.id), 'page', query.dataUpdatedAt, q]}
        fetcher={async (q) => (items ? packagesPage(items, q) : new Promise<never>(() => {}))}
        getRowId={(p) => String(p.id)}
        label={t('packages.label', { awb: m.awbNumber })}
        onOpen={(p) => navigate(`/tracking/${p.id}`)}
        searchLabel={t('packages.searchLabel')}
        searchPlaceholder={t('packages.searchPlaceholder')}
        empty={{ title: t('packages.empty'), text: canEdit ? t('packages.emptyText') : undefined }}
      />
    );
  }

  return (
    <>
      {canEdit ? (
        <ScanPanel mawb={m} onSaved={(res) => cache.saved(res.mawb)} />
      ) : (
        <p className="small text-body-secondary">
          <i className="bi bi-lock me-1" aria-hidden="true" />
          {t('packages.locked', { status: t(`statuses.${m.status}`) })}
        </p>
      )}
      {table}
      <ConfirmDialog
        show={removing !== null}
        title={removing ? t('packages.removeTitle', { code: removing.code }) : ''}
        confirmLabel={t('packages.remove')}
        variant="danger"
        busy={busy}
        onConfirm={() => confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        {t('packages.removeText', { awb: m.awbNumber })}
      </ConfirmDialog>
    </>
  );
}
