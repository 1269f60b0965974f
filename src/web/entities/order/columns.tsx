import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../shared/contracts/orders';
import { useFormat } from '../../lib/use-format';
import { OrderKindBadge, OrderStatusBadge } from './badges';
import { customerColumn } from '../customer/customer-cell';
import type { Columns } from '../../components/data-table/data-table';
import { DATE_TIME_COLUMN_SIZE } from '../../components/data-table/cells';
import { codeColumn } from '../../components/data-table/code-column';

const orderCol = createColumnHelper<Order>();

/** Order columns for the order list and the customer page's tab (without the customer column there). */
export function useOrderColumns({ withCustomer = true }: { withCustomer?: boolean } = {}): Columns<Order> {
  const { t } = useTranslation('order');
  const fmt = useFormat();
  return useMemo(() => {
    const cols: Columns<Order> = [
      codeColumn({ header: t('fields.code'), size: 130, path: '/order', card: withCustomer ? undefined : 'title' }),
      orderCol.accessor('createdAt', {
        header: t('fields.createdAt'),
        size: DATE_TIME_COLUMN_SIZE,
        meta: { sortDescFirst: true, card: 'hidden' },
        cell: (c) => fmt.dateTime(c.getValue()),
      }),
    ];
    if (withCustomer) {
      cols.push(customerColumn(t('fields.customer')));
    }
    cols.push(
      orderCol.accessor('kind', { header: t('fields.kind'), size: 120, cell: (c) => <OrderKindBadge kind={c.getValue()} /> }),
      orderCol.accessor('status', { header: t('fields.status'), size: 190, meta: { card: 'badge' }, cell: (c) => <OrderStatusBadge status={c.getValue()} /> }),
      orderCol.accessor((o) => o.items.length, {
        id: 'itemCount',
        header: t('fields.itemCount'),
        size: 80,
        meta: { align: 'end', defaultHidden: true, card: 'hidden', label: t('fields.itemCount') },
        cell: (c) => fmt.integer(c.getValue()),
      }),
      orderCol.accessor('currency', { header: t('fields.currency'), size: 90, meta: { defaultHidden: true, card: 'hidden' } }),
      orderCol.accessor('total', {
        header: t('fields.total'),
        size: 140,
        meta: { align: 'end', sortDescFirst: true },
        cell: (c) => <span className="font-tabular">{fmt.vnd(c.getValue())}</span>,
      }),
      orderCol.accessor('due', {
        header: t('fields.due'),
        size: 140,
        meta: { align: 'end' },
        cell: (c) => <span className={`font-tabular${c.getValue() > 0 ? ' text-warning-emphasis' : ''}`}>{fmt.vnd(c.getValue())}</span>,
      }),
      orderCol.accessor('updatedAt', {
        header: t('fields.updatedAt'),
        size: DATE_TIME_COLUMN_SIZE,
        meta: { sortDescFirst: true, defaultHidden: true, card: 'hidden' },
        cell: (c) => fmt.dateTime(c.getValue()),
      }),
    );
    return cols;
  }, [t, fmt, withCustomer]);
}
