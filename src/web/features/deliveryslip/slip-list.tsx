import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'react-bootstrap';
import type { ListQueryInput } from '../../../shared/contracts/list-query';
import { DELIVERY_METHODS, DELIVERY_SLIP_LIST, DELIVERY_SLIP_STATUSES } from '../../../shared/contracts/delivery-slips';
import { DataTable } from '../../components/data-table/data-table';
import { FilterChecks, FilterDateRange, FilterSelect } from '../../components/data-table/list-filters';
import { TotalsStrip } from '../../components/totals-strip';
import { useCommand } from '../../components/use-command';
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
import { PRINT_SLIPS_MAX } from './print-limits';

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
        bulkActions={(ctx) => (
          <>
            {ctx.matching ? (
              <PrintMatchingButton query={ctx.matching.query} total={ctx.matching.total} />
            ) : (
              <Link to={`/deliveryslip/print-coupons?ids=${ctx.rows.map((r) => r.id).join(',')}`} className="btn btn-sm btn-primary" data-testid="slips-print-selected">
                <i className="bi bi-printer me-1" aria-hidden="true" />
                {t('list.printSelected', { count: ctx.rows.length })}
              </Link>
            )}
            {/* Reconciling names each slip's COD on screen: the rows ticked, never a filter's unseen slips. */}
            {!ctx.matching && <ReconcileButton rows={ctx.rows} clear={ctx.clear} />}
            <BulkStatusButtons {...ctx} />
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

/**
 * Print every slip matching the list's filter: their ids, in list order, from the list itself (one page of up to a
 * print run), then the print screen as for ticked slips. More than a print run holds is refused before asking.
 */
function PrintMatchingButton({ query, total }: { query: ListQueryInput; total: number }) {
  const { t } = useTranslation('deliveryslip');
  const navigate = useNavigate();
  const tooMany = total > PRINT_SLIPS_MAX;
  const open = useCommand({
    run: () => fetchSlipPage({ ...query, page: 1, pageSize: PRINT_SLIPS_MAX }),
    showError: 'inline',
    onSuccess: (page) => navigate(`/deliveryslip/print-coupons?ids=${page.items.map((s) => s.id).join(',')}`),
  });
  const { busy, error } = open;
  return (
    <>
      <Button size="sm" variant="primary" disabled={tooMany || busy} onClick={() => open.run()} data-testid="slips-print-selected" title={tooMany ? t('list.printTooMany', { max: PRINT_SLIPS_MAX }) : undefined}>
        <i className="bi bi-printer me-1" aria-hidden="true" />
        {t('list.printSelected', { count: total })}
      </Button>
      {tooMany && <span className="small">{t('list.printTooMany', { max: PRINT_SLIPS_MAX })}</span>}
      {error && (
        <span className="small text-danger" role="alert">
          {error}
        </span>
      )}
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
