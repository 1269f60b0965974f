import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PACKAGE_STATUS_LABELS, type Package } from '../../../shared/contracts/packages';
import { useFormat } from '../../lib/use-format';
import { StatusBadge } from '../../components/status-badge';
import type { Columns } from '../../components/data-table/data-table';
import { DATE_TIME_COLUMN_SIZE } from '../../components/data-table/cells';
import { codeColumn } from '../../components/data-table/code-column';
import { EstimatedFreight } from './freight';

const pkgCol = createColumnHelper<Package>();

const PACKAGE_TONES: Partial<Record<Package['status'], Parameters<typeof StatusBadge>[0]['tone']>> = {
  expected: 'secondary',
  delivered: 'success',
  customs_hold: 'warning',
  on_hold: 'warning',
  damaged: 'danger',
  lost: 'danger',
  returned: 'danger',
  ready: 'info',
};

/** Package columns for the customer and order pages' tabs. */
export function usePackageColumns(): Columns<Package> {
  // The tracking section's labels when its namespace is there; the contract's Vietnamese ones otherwise.
  const { t } = useTranslation(['order', 'tracking']);
  const fmt = useFormat();
  return useMemo(
    () => [
      codeColumn({ header: t('order:packages.code'), size: 130, path: '/tracking' }),
      pkgCol.accessor('trackingNumber', { header: t('order:packages.trackingNumber'), size: 190, meta: { card: 'title', className: 'font-tabular' } }),
      pkgCol.accessor('status', {
        header: t('order:packages.status'),
        size: 190,
        meta: { card: 'badge' },
        cell: (c) => {
          const status: Package['status'] = c.getValue();
          return (
            <StatusBadge tone={PACKAGE_TONES[status] ?? 'primary'}>
              {t(`tracking:statuses.${status}`, { defaultValue: PACKAGE_STATUS_LABELS[status] })}
            </StatusBadge>
          );
        },
      }),
      pkgCol.accessor('weightG', { header: t('order:packages.weight'), size: 110, meta: { align: 'end' }, cell: (c) => fmt.kg(c.getValue()) }),
      pkgCol.accessor('chargeableG', { header: t('order:packages.chargeable'), size: 110, meta: { align: 'end' }, cell: (c) => fmt.kg(c.getValue()) }),
      // Priced by the server's one freight quote for the rows on screen (one request per page).
      pkgCol.display({
        id: 'freight',
        header: t('order:packages.freight'),
        size: 130,
        meta: { align: 'end', className: 'font-tabular' },
        cell: (c) => <EstimatedFreight id={c.row.original.id} />,
      }),
      pkgCol.accessor('statusAt', {
        header: t('order:packages.updated'),
        size: DATE_TIME_COLUMN_SIZE,
        meta: { sortDescFirst: true, card: 'hidden' },
        cell: (c) => fmt.dateTime(c.getValue()),
      }),
    ],
    [t, fmt],
  );
}
