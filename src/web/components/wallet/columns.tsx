import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '../../../shared/contracts/orders';
import { PACKAGE_STATUS_LABELS, type Package } from '../../../shared/contracts/packages';
import { TRANSACTION_REFERENCE_KINDS, type Transaction } from '../../../shared/contracts/transactions';
import { useFormat } from '../../lib/use-format';
import { StatusBadge } from '../status-badge';
import { BalanceAmount, OrderKindBadge, OrderStatusBadge, SignedAmount, TransactionMethodText, TransactionTypeBadge } from './badges';

/**
 * The DataTable columns of orders, wallet rows and packages, shared by their own lists and the customer page's
 * tabs (which leave the customer column out). Column ids are the ListSpec's sortable names where they sort.
 */

type Columns<T> = ColumnDef<T, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- TanStack's own column type

const orderCol = createColumnHelper<Order>();
const txCol = createColumnHelper<Transaction>();
const pkgCol = createColumnHelper<Package>();

function CustomerCell({ id, code, name }: { id: number; code: string; name: string }) {
  return (
    <Link to={`/customer/${id}`} className="text-reset text-decoration-none" title={`${code} · ${name}`}>
      <span className="font-tabular text-body-secondary me-1">{code}</span>
      {name}
    </Link>
  );
}

export function useOrderColumns({ withCustomer = true }: { withCustomer?: boolean } = {}): Columns<Order> {
  const { t } = useTranslation('order');
  const fmt = useFormat();
  return useMemo(() => {
    const cols: Columns<Order> = [
      orderCol.accessor('code', {
        header: t('fields.code'),
        size: 130,
        meta: { hideable: false, className: 'font-tabular', card: withCustomer ? undefined : 'title' },
        cell: (c) => (
          <Link to={`/order/${c.row.original.id}`} className="fw-medium">
            {c.getValue()}
          </Link>
        ),
      }),
      orderCol.accessor('createdAt', {
        header: t('fields.createdAt'),
        size: 140,
        meta: { sortDescFirst: true, card: 'hidden' },
        cell: (c) => fmt.dateTime(c.getValue()),
      }),
    ];
    if (withCustomer) {
      cols.push(
        orderCol.accessor('customerName', {
          id: 'customer',
          header: t('fields.customer'),
          size: 220,
          meta: { card: 'title' },
          cell: (c) => <CustomerCell id={c.row.original.customerId} code={c.row.original.customerCode} name={c.getValue()} />,
        }),
      );
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
        size: 140,
        meta: { sortDescFirst: true, defaultHidden: true, card: 'hidden' },
        cell: (c) => fmt.dateTime(c.getValue()),
      }),
    );
    return cols;
  }, [t, fmt, withCustomer]);
}

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
      txCol.accessor('code', {
        header: t('fields.code'),
        size: 130,
        meta: { hideable: false, className: 'font-tabular', card: withCustomer ? undefined : 'title' },
        cell: (c) => (
          <Link to={`/transaction/${c.row.original.id}`} className="fw-medium">
            {c.getValue()}
          </Link>
        ),
      }),
      txCol.accessor('createdAt', {
        header: t('fields.createdAt'),
        size: 140,
        meta: { sortDescFirst: true },
        cell: (c) => fmt.dateTime(c.getValue()),
      }),
    ];
    if (withCustomer) {
      cols.push(
        txCol.accessor('customerName', {
          id: 'customer',
          header: t('fields.customer'),
          size: 220,
          meta: { card: 'title' },
          cell: (c) => <CustomerCell id={c.row.original.customerId} code={c.row.original.customerCode} name={c.getValue()} />,
        }),
      );
    }
    cols.push(
      txCol.accessor('type', { header: t('fields.type'), size: 140, meta: { card: 'badge' }, cell: (c) => <TransactionTypeBadge type={c.getValue()} /> }),
      txCol.accessor('amount', {
        header: t('fields.amount'),
        size: 140,
        meta: { align: 'end', sortDescFirst: true },
        cell: (c) => <SignedAmount amount={c.getValue()} />,
      }),
      txCol.accessor('balanceAfter', {
        header: t('fields.balanceAfter'),
        size: 140,
        meta: { align: 'end' },
        cell: (c) => <BalanceAmount amount={c.getValue()} />,
      }),
      txCol.accessor('method', { header: t('fields.method'), size: 140, cell: (c) => <TransactionMethodText method={c.getValue()} /> }),
      txCol.accessor('referenceCode', {
        id: 'referenceDoc',
        header: t('fields.referenceDoc'),
        size: 130,
        meta: { label: t('fields.referenceDoc') },
        cell: (c) => <ReferenceDoc row={c.row.original} />,
      }),
      txCol.accessor('reference', { header: t('fields.reference'), size: 150, meta: { card: 'hidden' } }),
      txCol.accessor('note', { header: t('fields.note'), size: 220, meta: { defaultHidden: true, card: 'hidden' } }),
      txCol.accessor('actorName', { header: t('fields.actor'), size: 160, meta: { defaultHidden: true, card: 'hidden' }, cell: (c) => c.getValue() ?? '' }),
    );
    return cols;
  }, [t, fmt, withCustomer]);
}

/** The package statuses' colours, for the order's and the customer's package tabs. */
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

export function usePackageColumns(): Columns<Package> {
  // The tracking section's labels when its namespace is there; the contract's Vietnamese ones otherwise.
  const { t } = useTranslation(['order', 'tracking']);
  const fmt = useFormat();
  return useMemo(
    () => [
      pkgCol.accessor('code', {
        header: t('order:packages.code'),
        size: 130,
        meta: { hideable: false, className: 'font-tabular' },
        cell: (c) => (
          <Link to={`/tracking/${c.row.original.id}`} className="fw-medium">
            {c.getValue()}
          </Link>
        ),
      }),
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
      pkgCol.accessor('statusAt', {
        header: t('order:packages.updated'),
        size: 140,
        meta: { sortDescFirst: true, card: 'hidden' },
        cell: (c) => fmt.dateTime(c.getValue()),
      }),
    ],
    [t, fmt],
  );
}
