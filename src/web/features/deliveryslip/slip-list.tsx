import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { DELIVERY_METHODS, DELIVERY_SLIP_LIST, DELIVERY_SLIP_STATUSES } from '../../../shared/contracts/delivery-slips';
import { DataTable } from '../../components/data-table/data-table';
import { FilterChecks, FilterDateRange, FilterSelect } from '../../components/data-table/list-filters';
import { TotalsStrip } from '../../components/totals-strip';
import { useListParams } from '../../components/data-table/list-params';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { useSlipColumns } from '../../entities/delivery-slip/columns';
import { FilterCustomer } from '../../entities/customer/customer-picker';
import { errorMessage } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import { fetchSlipPage, slipKeys } from './api';
import { BulkStatusButtons } from './bulk-status';
import { CodByCarrierSummary, ReconcileButton } from './cod-reconcile';

/** /deliveryslip: every slip, filtered by status, customer, method and dates, with the totals of the filtered set. */
export function DeliverySlipListPage() {
  const { t } = useTranslation(['deliveryslip', 'resource']);
  const navigate = useNavigate();
  const columns = useSlipColumns();
  return (
    <>
      <PageHeader
        actions={
          <>
            <ExportMenu resource="delivery-slips" spec={DELIVERY_SLIP_LIST} fallbackName="phieu-giao" />
            <Link to="/deliveryslip/vote-confirm" className="btn btn-outline-primary">
              <i className="bi bi-upc-scan me-1" aria-hidden="true" />
              {t('list.confirm')}
            </Link>
            <Link to="/deliveryslip/create-delivery-slip" className="btn btn-primary">
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              {t('list.create')}
            </Link>
          </>
        }
      />
      <SlipTotals />
      <CodByCarrierSummary />
      <DataTable
        tableId="delivery-slips"
        spec={DELIVERY_SLIP_LIST}
        columns={columns}
        queryKey={slipKeys.list}
        fetcher={fetchSlipPage}
        getRowId={(r) => String(r.id)}
        label={t('list.label')}
        onOpen={(r) => navigate(`/deliveryslip/${r.id}`)}
        bulkActions={({ rows, clear }) => (
          <>
          <Link to={`/deliveryslip/print-coupons?ids=${rows.map((r) => r.id).join(',')}`} className="btn btn-sm btn-primary" data-testid="slips-print-selected">
            <i className="bi bi-printer me-1" aria-hidden="true" />
            {t('list.printSelected', { count: rows.length })}
          </Link>
          <ReconcileButton rows={rows} clear={clear} />
          <BulkStatusButtons rows={rows} clear={clear} />
          </>
        )}
        searchLabel={t('list.searchLabel')}
        searchPlaceholder={t('list.searchPlaceholder')}
        filters={
          <>
            <FilterChecks spec={DELIVERY_SLIP_LIST} name="status" label={t('fields.status')} options={DELIVERY_SLIP_STATUSES.map((v) => ({ value: v, label: t(`statuses.${v}`) }))} />
            <FilterCustomer spec={DELIVERY_SLIP_LIST} label={t('fields.customer')} />
            <FilterSelect spec={DELIVERY_SLIP_LIST} name="method" label={t('fields.method')} options={DELIVERY_METHODS.map((v) => ({ value: v, label: t(`methods.${v}`) }))} />
            <FilterSelect spec={DELIVERY_SLIP_LIST} name="codOutstanding" label={t('fields.codOutstanding')} options={[{ value: 'true', label: t('fields.codOutstanding') }]} />
            <FilterDateRange spec={DELIVERY_SLIP_LIST} name="created" label={t('fields.createdAt')} />
            <FilterDateRange spec={DELIVERY_SLIP_LIST} name="delivered" label={t('fields.deliveredAt')} />
          </>
        }
        empty={{
          title: t('list.emptyTitle'),
          text: t('list.emptyText'),
          action: (
            <Link to="/deliveryslip/create-delivery-slip" className="btn btn-sm btn-primary">
              {t('list.create')}
            </Link>
          ),
        }}
      />
    </>
  );
}

/** Σ of every slip the filters select (the list response carries them): charges, COD to collect, collected, owed. */
function SlipTotals() {
  const { t } = useTranslation('deliveryslip');
  const fmt = useFormat();
  const params = useListParams(DELIVERY_SLIP_LIST);
  const totals = useQuery({
    queryKey: [...slipKeys.all, 'totals', params.exportQuery],
    queryFn: ({ signal }) => fetchSlipPage({ ...params.exportQuery, page: 1, pageSize: 1 }, signal).then((r) => r.totals),
  });
  const d = totals.data;
  const figure = 'fs-5 font-tabular';
  const tiles = [
    { key: 'count', label: t('totals.count'), value: d ? fmt.integer(d.count) : null, className: figure },
    { key: 'total', label: t('totals.total'), value: d ? fmt.vnd(d.total) : null, className: figure },
    { key: 'toCollect', label: t('totals.toCollect'), value: d ? fmt.vnd(d.amountToCollect) : null, className: figure },
    { key: 'collected', label: t('totals.collected'), value: d ? fmt.vnd(d.collected) : null, className: figure },
    { key: 'codOutstanding', label: t('totals.codOutstanding'), value: d ? fmt.vnd(d.codOutstanding) : null, className: figure },
  ];
  const error = totals.isError ? t('totals.error', { message: errorMessage(totals.error) }) : undefined;
  return <TotalsStrip label={t('totals.label')} tiles={tiles} busy={totals.isFetching} error={error} testIdPrefix="slip-totals-" />;
}
