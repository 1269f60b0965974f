import { useTranslation } from 'react-i18next';
import { ORDER_KINDS, ORDER_LIST, ORDER_STATUSES } from '../../../shared/contracts/orders';
import { ResourceListPage } from '../../components/resource-pages';
import { FilterChecks, FilterDateRange, FilterSelect } from '../../components/data-table/list-filters';
import { useOrderColumns } from '../../entities/order/columns';
import { FilterCustomer } from '../../entities/customer/customer-picker';
import { orderApi } from '../../entities/order/api';

/** /order: every order, searchable, filtered by status, customer, kind and created date; new orders start here. */
export function OrderListPage() {
  const { t } = useTranslation(['order', 'resource']);
  const columns = useOrderColumns();
  return (
    <ResourceListPage
      ns="order"
      client={orderApi}
      exportAs={{ resource: 'orders', fallbackName: 'don-hang' }}
      create={{ label: t('list.create') }}
      tableId="orders"
      columns={columns}
      filters={
        <>
          <FilterChecks spec={ORDER_LIST} name="status" label={t('fields.status')} options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
          <FilterCustomer spec={ORDER_LIST} label={t('fields.customer')} />
          <FilterSelect spec={ORDER_LIST} name="kind" label={t('fields.kind')} options={ORDER_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
          <FilterDateRange spec={ORDER_LIST} name="created" label={t('fields.createdAt')} />
        </>
      }
      empty={{ title: t('list.emptyTitle'), text: t('list.emptyText') }}
    />
  );
}
