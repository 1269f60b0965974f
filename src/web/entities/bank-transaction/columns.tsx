import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BankTransaction } from '../../../shared/contracts/bank-transactions';
import type { BankState } from '../../../shared/domain/bank-transfer';
import { DATE_TIME_COLUMN_SIZE } from '../../components/data-table/cells';
import type { Columns } from '../../components/data-table/data-table';
import { StatusBadge } from '../../components/status-badge';
import { useFormat } from '../../lib/use-format';

const col = createColumnHelper<BankTransaction>();

const STATE_TONES: Record<BankState, 'success' | 'warning' | 'secondary' | 'danger'> = { matched: 'success', unmatched: 'warning', ignored: 'secondary', reversed: 'danger' };

export function BankStateBadge({ state }: { state: BankState }) {
  const { t } = useTranslation('transaction');
  return <StatusBadge tone={STATE_TONES[state]}>{t(`bank.states.${state}`)}</StatusBadge>;
}

/** What the transfer paid: the slip, the order or the customer's wallet, each a link. */
export function BankMatchTarget({ row }: { row: BankTransaction }) {
  const { t } = useTranslation('transaction');
  if (row.slipId && row.slipCode) return <Link to={`/deliveryslip/${row.slipId}`} className="font-tabular">{row.slipCode}</Link>;
  if (row.orderId && row.orderCode) return <Link to={`/order/${row.orderId}`} className="font-tabular">{row.orderCode}</Link>;
  if (row.customerId && row.customerCode) return <Link to={`/customer/${row.customerId}`} className="font-tabular">{row.customerCode}</Link>;
  return row.reason ? <span className="text-body-secondary small">{t(`bank.reasons.${row.reason}`)}</span> : null;
}

/** The columns of incoming transfers (the /transaction/bank screen and a customer's tab). */
export function useBankTransactionColumns(): Columns<BankTransaction> {
  const { t } = useTranslation('transaction');
  const fmt = useFormat();
  return useMemo(
    () => [
      col.accessor('createdAt', { header: t('bank.fields.receivedAt'), size: DATE_TIME_COLUMN_SIZE, meta: { sortDescFirst: true }, cell: (c) => fmt.dateTime(c.getValue()) }),
      col.accessor('amount', {
        header: t('bank.fields.amount'),
        size: 130,
        meta: { align: 'end', sortDescFirst: true },
        cell: (c) => (
          <span className={`font-tabular ${c.row.original.direction === 'out' ? 'text-danger-emphasis' : 'text-success-emphasis'}`}>
            {c.row.original.direction === 'out' ? '\u2212' : '+'}
            {fmt.vnd(c.getValue())}
          </span>
        ),
      }),
      col.accessor('state', { header: t('bank.fields.state'), size: 130, enableSorting: false, meta: { card: 'badge' }, cell: (c) => <BankStateBadge state={c.getValue()} /> }),
      col.accessor('memo', { header: t('bank.fields.memo'), size: 320, enableSorting: false, meta: { card: 'title' }, cell: (c) => <span className="text-break">{c.getValue()}</span> }),
      col.display({ id: 'target', header: t('bank.fields.target'), size: 150, meta: { label: t('bank.fields.target') }, cell: (c) => <BankMatchTarget row={c.row.original} /> }),
      col.accessor('accountNumber', { header: t('bank.fields.account'), size: 140, enableSorting: false, cell: (c) => <span className="font-tabular">{c.getValue()}</span> }),
      col.accessor('provider', { header: t('bank.fields.provider'), size: 90, enableSorting: false, cell: (c) => (c.getValue() === 'sepay' ? 'SePay' : 'Casso') }),
    ],
    [t, fmt],
  );
}
