import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRANSACTION_REFERENCE_KINDS, type Transaction } from '../../../shared/contracts/transactions';
import { useFormat } from '../../lib/use-format';
import type { Columns } from '../../components/data-table/data-table';
import { BalanceAmount, SignedAmount, TransactionMethodText, TransactionNote, TransactionTypeBadge } from './badges';
import { DATE_TIME_COLUMN_SIZE } from '../../components/data-table/cells';
import { customerColumn } from '../customer/customer-cell';
import { codeColumn } from '../../components/data-table/code-column';

/**
 * The DataTable columns of wallet rows, shared by the transaction list and the customer and order pages' tabs
 * (which leave the customer column out). Column ids are the ListSpec's sortable names where they sort.
 */

const txCol = createColumnHelper<Transaction>();

/** Where a wallet row points: the referred record (a link when its kind has a page), or nothing. */
export function ReferenceDoc({ row }: { row: Pick<Transaction, 'referenceType' | 'referenceId' | 'referenceCode'> }) {
  const { t } = useTranslation('transaction');
  if (!row.referenceType || row.referenceId === null) return null;
  const label = row.referenceCode ?? `#${row.referenceId}`;
  const path = TRANSACTION_REFERENCE_KINDS[row.referenceType].detailPath;
  if (path) {
    return (
      <Link to={path(row.referenceId)} className="font-tabular" title={t(`referenceTypes.${row.referenceType}`)}>
        {label}
      </Link>
    );
  }
  return (
    <span className="font-tabular" title={t(`referenceTypes.${row.referenceType}`)}>
      {label}
    </span>
  );
}

export function useTransactionColumns({ withCustomer = true }: { withCustomer?: boolean } = {}): Columns<Transaction> {
  const { t } = useTranslation('transaction');
  const fmt = useFormat();
  return useMemo(() => {
    const cols: Columns<Transaction> = [
      codeColumn({ header: t('fields.code'), size: 130, path: '/transaction', card: withCustomer ? undefined : 'title' }),
      txCol.accessor('createdAt', {
        header: t('fields.createdAt'),
        size: DATE_TIME_COLUMN_SIZE,
        meta: { sortDescFirst: true },
        cell: (c) => fmt.dateTime(c.getValue()),
      }),
    ];
    if (withCustomer) {
      cols.push(customerColumn(t('fields.customer')));
    }
    cols.push(
      // Wide enough for the longest label whole ("Cash on delivery", "From the wallet") in either language.
      txCol.accessor('type', { header: t('fields.type'), size: 155, meta: { card: 'badge' }, cell: (c) => <TransactionTypeBadge type={c.getValue()} /> }),
      txCol.accessor('amount', {
        header: t('fields.amount'),
        size: 130,
        meta: { align: 'end', sortDescFirst: true },
        cell: (c) => <SignedAmount amount={c.getValue()} />,
      }),
      txCol.accessor('balanceAfter', {
        header: t('fields.balanceAfter'),
        size: 130,
        meta: { align: 'end' },
        cell: (c) => <BalanceAmount amount={c.getValue()} />,
      }),
      txCol.accessor('method', { header: t('fields.method'), size: 150, cell: (c) => <TransactionMethodText method={c.getValue()} /> }),
      txCol.accessor('referenceCode', {
        id: 'referenceDoc',
        header: t('fields.referenceDoc'),
        // An order or slip code is read whole (PG2611-00244 was cut).
        size: 140,
        meta: { label: t('fields.referenceDoc') },
        cell: (c) => <ReferenceDoc row={c.row.original} />,
      }),
      // The bank reference is there to search by, and one click away in the column chooser: the list fits 1280 px.
      txCol.accessor('reference', { header: t('fields.reference'), size: 150, meta: { defaultHidden: true, card: 'hidden' } }),
      txCol.accessor('note', { header: t('fields.note'), size: 220, meta: { defaultHidden: true, card: 'hidden' }, cell: (c) => <TransactionNote row={c.row.original} /> }),
      txCol.accessor('actorName', { header: t('fields.actor'), size: 160, meta: { defaultHidden: true, card: 'hidden' }, cell: (c) => c.getValue() ?? '' }),
    );
    return cols;
  }, [t, fmt, withCustomer]);
}

/** The package statuses' colours, for the order's and the customer's package tabs. */
