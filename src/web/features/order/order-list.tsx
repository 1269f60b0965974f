import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ORDER_KINDS, ORDER_LIST, ORDER_STATUSES } from '../../../shared/contracts/orders';
import { DataTable } from '../../components/data-table/data-table';
import { FilterChecks, FilterDateRange, FilterSelect } from '../../components/data-table/list-filters';
import { ExportMenu } from '../../components/export-menu';
import { useOrderColumns } from '../../entities/order/columns';
import { FilterCustomer } from '../../entities/customer/customer-picker';
import { PageHeader } from '../../components/page-header';
import { orderApi } from '../../entities/order/api';

/** /order: every order, searchable, filtered by status, customer, kind and created date; new orders start here. */
export function OrderListPage() {
  const { t } = useTranslation(['order', 'resource']);
  const navigate = useNavigate();
  const columns = useOrderColumns();
  const createLink = (
    <Link to="/order/create" className="btn btn-primary">
      <i className="bi bi-plus-lg me-1" aria-hidden="true" />
      {t('list.create')}
    </Link>
  );
  return (
    <>
      <PageHeader
        actions={
          <>
            <ExportMenu resource="orders" spec={ORDER_LIST} fallbackName="don-hang" />
            {createLink}
          </>
        }
      />
      <DataTable
        tableId="orders"
        spec={ORDER_LIST}
        columns={columns}
        queryKey={orderApi.keys.list}
        fetcher={orderApi.fetchPage}
        getRowId={(o) => String(o.id)}
        label={t('list.label')}
        onOpen={(o) => navigate(`/order/${o.id}`)}
        searchLabel={t('list.searchLabel')}
        searchPlaceholder={t('list.searchPlaceholder')}
        filters={
          <>
            <FilterChecks spec={ORDER_LIST} name="status" label={t('fields.status')} options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
            <FilterCustomer spec={ORDER_LIST} label={t('fields.customer')} />
            <FilterSelect spec={ORDER_LIST} name="kind" label={t('fields.kind')} options={ORDER_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
            <FilterDateRange spec={ORDER_LIST} name="created" label={t('fields.createdAt')} />
          </>
        }
        empty={{
          title: t('list.emptyTitle'),
          text: t('list.emptyText'),
          action: (
            <Link to="/order/create" className="btn btn-sm btn-primary">
              {t('list.create')}
            </Link>
          ),
        }}
      />
    </>
  );
}
