import { DATE_TIME_COLUMN_SIZE } from '../../components/data-table/cells';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliverySlip } from '../../../shared/contracts/delivery-slips';
import type { Columns } from '../../components/data-table/data-table';
import { useFormat } from '../../lib/use-format';
import { customerColumn } from '../customer/customer-cell';
import { codeColumn } from '../../components/data-table/code-column';
import { SlipStatusBadge } from './badges';

const col = createColumnHelper<DeliverySlip>();

/** The slip list's columns; `withCustomer: false` on a customer's own page. */
export function useSlipColumns({ withCustomer = true }: { withCustomer?: boolean } = {}): Columns<DeliverySlip> {
  const { t } = useTranslation('deliveryslip');
  const fmt = useFormat();
  return useMemo(
    () => [
      codeColumn<DeliverySlip>({ header: t('fields.code'), size: 140, path: '/deliveryslip' }),
      ...(withCustomer ? [customerColumn<DeliverySlip>(t('fields.customer'))] : []),
      col.accessor('status', { header: t('fields.status'), size: 150, meta: { card: 'badge' }, cell: (c) => <SlipStatusBadge status={c.getValue()} /> }),
      col.accessor('method', { header: t('fields.method'), size: 150, cell: (c) => t(`methods.${c.getValue()}`) }),
      col.accessor('storeName', { id: 'store', header: t('fields.store'), size: 150 }),
      col.accessor('packageCount', { header: t('fields.packages'), size: 90, meta: { align: 'end' }, cell: (c) => fmt.integer(c.getValue()) }),
      col.accessor('total', { header: t('fields.total'), size: 130, meta: { align: 'end', sortDescFirst: true }, cell: (c) => fmt.vnd(c.getValue()) }),
      col.accessor('amountToCollect', { header: t('fields.amountToCollect'), size: 140, meta: { align: 'end', sortDescFirst: true }, cell: (c) => fmt.vnd(c.getValue()) }),
      col.accessor('collectedAmount', {
        header: t('fields.collected'),
        size: 130,
        meta: { align: 'end' },
        cell: (c) => (c.getValue() == null ? <span className="text-body-tertiary">—</span> : fmt.vnd(c.getValue()!)),
      }),
      col.accessor('receiverName', { id: 'receiver', header: t('fields.receiver'), size: 180, meta: { defaultHidden: true, card: 'hidden' } }),
      col.accessor('createdAt', { header: t('fields.createdAt'), size: DATE_TIME_COLUMN_SIZE, meta: { sortDescFirst: true }, cell: (c) => fmt.dateTime(c.getValue()) }),
      col.accessor('deliveredAt', { header: t('fields.deliveredAt'), size: DATE_TIME_COLUMN_SIZE, meta: { sortDescFirst: true, defaultHidden: true }, cell: (c) => (c.getValue() ? fmt.dateTime(c.getValue()!) : '') }),
    ],
    [t, fmt, withCustomer],
  );
}
