import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PACKAGE_LIST, PACKAGE_STATUSES, type Package } from '../../../shared/contracts/packages';
import { AddToMawbDialog } from '../../entities/mawb/add-to-mawb-dialog';
import { mawbApi } from '../../entities/mawb/api';
import { ResourceListPage } from '../../components/resource-pages';
import { type BulkActionsContext } from '../../components/data-table/data-table';
import { FilterChecks, FilterDateRange, FilterSelect, yesNoOptions } from '../../components/data-table/list-filters';
import { useListParams } from '../../components/data-table/list-params';
import { useFilterControl } from '../../components/data-table/other-filters';
import { ImportDialog, type ImportColumn } from '../../components/import-dialog';
import { useFormat } from '../../lib/use-format';
import { useStores } from '../../entities/store/api';
import { customerRef, searchCustomers } from './api';
import { formatDimensions, PackageStatusBadge, UnidentifiedBadge } from './package-fields';
import { RefPicker } from './ref-picker';
import './tracking.css';
import { packageApi } from '../../entities/package/api';
import { EstimatedFreight } from '../../entities/package/freight';
import { DATE_TIME_COLUMN_SIZE } from '../../components/data-table/cells';
import { codeColumn } from '../../components/data-table/code-column';

const col = createColumnHelper<Package>();

function useColumns(): ColumnDef<Package, any>[] { // eslint-disable-line @typescript-eslint/no-explicit-any
  const { t, i18n } = useTranslation('tracking');
  const fmt = useFormat();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'vi';
  return useMemo(
    () => [
      codeColumn({ header: t('fields.code'), size: 120, path: '/tracking' }),
      col.accessor('trackingNumber', { header: t('fields.trackingNumber'), size: 200, meta: { card: 'title', className: 'font-tabular' } }),
      col.accessor((p) => p.customer, {
        id: 'customer',
        header: t('fields.customer'),
        size: 200,
        meta: { label: t('fields.customer') },
        cell: (c) => {
          const p = c.row.original;
          if (p.unidentified) return <UnidentifiedBadge />;
          return p.customer ? (
            <span title={p.customer.fullName}>
              <span className="font-tabular">{p.customer.code}</span>
              <span className="text-body-secondary"> · {p.customer.fullName}</span>
            </span>
          ) : (
            ''
          );
        },
      }),
      col.accessor((p) => p.store, {
        id: 'store',
        header: t('fields.store'),
        size: 110,
        meta: { label: t('fields.store') },
        cell: (c) => (c.getValue() ? <span title={c.getValue()!.name}>{c.getValue()!.code}</span> : ''),
      }),
      col.accessor('weightG', { header: t('fields.weightKg'), size: 125, meta: { align: 'end', sortDescFirst: true, card: 'hidden' }, cell: (c) => fmt.kg(c.getValue()) }),
      col.accessor('chargeableG', { header: t('fields.chargeableKg'), size: 135, meta: { align: 'end', sortDescFirst: true }, cell: (c) => fmt.kg(c.getValue()) }),
      // Optional: priced by the server for the rows on screen only (one request per page), never sorted on.
      col.display({
        id: 'freight',
        header: t('fields.freight'),
        size: 140,
        meta: { align: 'end', defaultHidden: true, className: 'font-tabular' },
        cell: (c) => <EstimatedFreight id={c.row.original.id} />,
      }),
      col.accessor('status', { header: t('fields.status'), size: 220, meta: { card: 'badge' }, cell: (c) => <PackageStatusBadge status={c.getValue()} /> }),
      col.accessor((p) => p.mawb, {
        id: 'mawb',
        header: t('fields.mawb'),
        size: 130,
        meta: { label: t('fields.mawb'), card: 'hidden' },
        cell: (c) => {
          const m = c.getValue();
          return m ? (
            <Link to={`/mawb/${m.id}`} className="font-tabular text-nowrap">
              {m.awbNumber}
            </Link>
          ) : (
            ''
          );
        },
      }),
      col.accessor('updatedAt', { header: t('fields.updatedAt'), size: DATE_TIME_COLUMN_SIZE, meta: { card: 'hidden' }, cell: (c) => fmt.dateTime(c.getValue()) }),
      col.accessor('statusAt', { header: t('fields.statusAt'), size: DATE_TIME_COLUMN_SIZE, meta: { sortDescFirst: true, defaultHidden: true }, cell: (c) => fmt.dateTime(c.getValue()) }),
      col.accessor((p) => p.destinationStore, {
        id: 'destinationStore',
        header: t('fields.destinationStore'),
        size: 110,
        meta: { label: t('fields.destinationStore'), defaultHidden: true },
        cell: (c) => c.getValue()?.code ?? '',
      }),
      col.accessor((p) => formatDimensions(p.lengthMm, p.widthMm, p.heightMm, lang), {
        id: 'dimensions',
        header: t('fields.dimensions'),
        size: 150,
        meta: { label: t('fields.dimensions'), defaultHidden: true, align: 'end' },
      }),
      col.accessor('contents', { header: t('fields.contents'), size: 200, meta: { defaultHidden: true } }),
      col.accessor('createdAt', { header: t('fields.createdAt'), size: DATE_TIME_COLUMN_SIZE, meta: { sortDescFirst: true, defaultHidden: true }, cell: (c) => fmt.dateTime(c.getValue()) }),
    ],
    [t, fmt, lang],
  );
}

/** The customer filter: one customer, picked by typing part of its code, name or phone. */
function CustomerFilter() {
  const { t } = useTranslation('tracking');
  const params = useListParams(PACKAGE_LIST);
  useFilterControl('customerId');
  const raw = params.filters.customerId;
  const value = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  return (
    <div className={`list-ref-filter${value ? ' filter-active' : ''}`}>
      <RefPicker
        kind="customer"
        size="sm"
        value={value}
        onChange={(id) => params.setFilter('customerId', id ? String(id) : null)}
        search={searchCustomers}
        load={customerRef}
        placeholder={t('list.customerFilter')}
        aria-label={t('fields.customer')}
      />
    </div>
  );
}

/** The MAWB the list is filtered to, by its AWB number (the internal id while it loads or for several). */
function MawbChip({ ids, onClear }: { ids: string; onClear(): void }) {
  const { t } = useTranslation('tracking');
  const single = /^[1-9][0-9]*$/.test(ids) ? ids : '';
  const mawb = useQuery({ ...mawbApi.detailQuery(single || 0), enabled: Boolean(single) });
  const awb = single ? (mawb.data?.record.awbNumber ?? '…') : ids.split(',').length > 1 ? t('list.mawbCount', { count: ids.split(',').length }) : '…';
  return (
    <span className="badge rounded-pill text-bg-primary d-inline-flex align-items-center gap-1 py-2">
      <span className="font-tabular">{t('list.mawbFilter', { awb })}</span>
      <button type="button" className="btn-close btn-close-white btn-sm ms-1" aria-label={t('list.clearMawb')} onClick={onClear} />
    </span>
  );
}

function MawbFilter() {
  const { t } = useTranslation('tracking');
  const params = useListParams(PACKAGE_LIST);
  useFilterControl('mawbId');
  const mawbId = params.filters.mawbId;
  if (mawbId) return <MawbChip ids={String(mawbId)} onClear={() => params.setFilter('mawbId', null)} />;
  return (
    <FilterSelect
      spec={PACKAGE_LIST}
      name="onMawb"
      label={t('fields.mawb')}
      options={yesNoOptions(t('list.onMawb'), t('list.notOnMawb'))}
    />
  );
}

function BulkActions({ rows, clear }: BulkActionsContext<Package>) {
  const { t } = useTranslation('tracking');
  const [toMawb, setToMawb] = useState(false);
  // What may go on a MAWB: received abroad and on none yet (the server refuses anything else, naming it).
  const ready = rows.filter((p) => p.status === 'received_abroad' && p.mawbId === null);
  return (
    <>
      <Button size="sm" variant="outline-primary" onClick={() => setToMawb(true)} disabled={!ready.length} title={t('search.mawbHint')}>
        <i className="bi bi-stack me-1" aria-hidden="true" />
        {t('search.putOnMawb', { count: ready.length })}
      </Button>
      <Link to={`/tracking/labels?ids=${rows.map((r) => r.id).join(',')}`} className="btn btn-sm btn-primary">
        <i className="bi bi-printer me-1" aria-hidden="true" />
        {t('labels.printN', { count: rows.length })}
      </Link>
      {toMawb && (
        <AddToMawbDialog
          packageTrackingNumbers={ready.map((p) => p.trackingNumber)}
          onDone={(res) => {
            setToMawb(false);
            if (res) clear();
          }}
        />
      )}
    </>
  );
}

/** /tracking: every package, filterable by status, customer, store, MAWB and date, with export, import and labels. */
export function PackageListPage() {
  const { t } = useTranslation(['tracking', 'resource']);
  const columns = useColumns();
  const cache = packageApi.useCache();
  const stores = useStores();
  const fmt = useFormat();
  const [importing, setImporting] = useState(false);

  const storeOptions = (stores.data?.items ?? []).map((s) => ({ value: String(s.id), label: `${s.code} · ${s.name}` }));
  const importColumns = useMemo<ImportColumn[]>(
    () => [
      { field: 'trackingNumber', label: t('fields.trackingNumber') },
      { field: 'customerCode', label: t('fields.customerCode') },
      { field: 'weightKg', label: t('fields.weightKg'), value: (d) => (typeof d.weightG === 'number' ? fmt.kg(d.weightG) : d.weightKg) },
      { field: 'lengthCm', label: t('fields.lengthCm'), value: (d) => (typeof d.lengthMm === 'number' ? d.lengthMm / 10 : d.lengthCm) },
      { field: 'widthCm', label: t('fields.widthCm'), value: (d) => (typeof d.widthMm === 'number' ? d.widthMm / 10 : d.widthCm) },
      { field: 'heightCm', label: t('fields.heightCm'), value: (d) => (typeof d.heightMm === 'number' ? d.heightMm / 10 : d.heightCm) },
      { field: 'contents', label: t('fields.contents') },
    ],
    [t, fmt],
  );

  return (
    <ResourceListPage
      ns="tracking"
      client={packageApi}
      exportAs={{ resource: 'packages', fallbackName: 'kien-hang' }}
      headerActions={
        <Button variant="outline-secondary" onClick={() => setImporting(true)} aria-label={t('resource:import.button')}>
          <i className="bi bi-upload" aria-hidden="true" />
          <span className="ms-1 d-none d-sm-inline">{t('resource:import.button')}</span>
        </Button>
      }
      create={{ label: t('list.scan'), icon: 'bi-upc-scan', to: '/tracking/search' }}
      tableId="packages"
      columns={columns}
      filters={
        <>
          <FilterChecks
            spec={PACKAGE_LIST}
            name="status"
            label={t('fields.status')}
            options={PACKAGE_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          />
          <CustomerFilter />
          <FilterSelect spec={PACKAGE_LIST} name="storeId" label={t('fields.store')} options={storeOptions} />
          <MawbFilter />
          <FilterDateRange spec={PACKAGE_LIST} name="created" label={t('fields.createdAt')} className="d-none d-xl-flex" />
        </>
      }
      bulkActions={(ctx) => <BulkActions {...ctx} />}
      empty={{ title: t('list.emptyTitle'), text: t('list.emptyText') }}
    >
      <ImportDialog
        resource="packages"
        show={importing}
        onHide={() => setImporting(false)}
        columns={importColumns}
        templateName="mau-nhap-kien-hang.xlsx"
        onCommitted={() => cache.listsChanged()}
      />
    </ResourceListPage>
  );
}
