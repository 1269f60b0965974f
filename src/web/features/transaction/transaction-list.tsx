import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSACTION_LIST, TRANSACTION_METHODS, TRANSACTION_TYPES } from '../../../shared/contracts/transactions';
import { ResourceListPage } from '../../components/resource-pages';
import { FilterChecks, FilterDateRange, FilterSelect } from '../../components/data-table/list-filters';
import { TotalsStrip } from '../../components/totals-strip';
import { useListParams } from '../../components/data-table/list-params';
import { useTransactionColumns } from '../../entities/transaction/columns';
import { FilterCustomer } from '../../entities/customer/customer-picker';
import { NewTransactionDialog } from '../../entities/transaction/new-transaction-dialog';
import '../../entities/transaction/wallet.css';
import { errorMessage } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import { useTransactionTotals } from './api';
import { transactionApi } from '../../entities/transaction/api';

/** /transaction: the whole ledger, filtered by customer, type, method and date, with the totals of what is shown. */
export function TransactionListPage() {
  const { t } = useTranslation(['transaction', 'resource']);
  const columns = useTransactionColumns();
  const [creating, setCreating] = useState(false);
  const params = useListParams(TRANSACTION_LIST);
  const customerFilter = params.filters.customerId;
  const presetCustomer = customerFilter && /^\d+$/.test(customerFilter) ? Number(customerFilter) : undefined;

  return (
    <ResourceListPage
      ns="transaction"
      client={transactionApi}
      exportAs={{ resource: 'transactions', fallbackName: 'giao-dich' }}
      create={{ label: t('list.create'), onClick: () => setCreating(true) }}
      aboveTable={<WalletTotals />}
      tableId="transactions"
      columns={columns}
      filters={
        <>
          <FilterCustomer spec={TRANSACTION_LIST} label={t('fields.customer')} />
          <FilterChecks spec={TRANSACTION_LIST} name="type" label={t('fields.type')} options={TRANSACTION_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
          <FilterSelect spec={TRANSACTION_LIST} name="method" label={t('fields.method')} options={TRANSACTION_METHODS.map((v) => ({ value: v, label: t(`methods.${v}`) }))} />
          <FilterDateRange spec={TRANSACTION_LIST} name="created" label={t('fields.createdAt')} />
        </>
      }
      empty={{ title: t('list.emptyTitle'), text: t('list.emptyText') }}
    >
      {/* Filtered to one customer, the dialog starts on that customer's wallet (it can still be changed). */}
      <NewTransactionDialog show={creating} onHide={() => setCreating(false)} defaultCustomerId={presetCustomer} />
    </ResourceListPage>
  );
}

/**
 * Σ in, out and net of every row the list's filters select (not only this page). On a phone each total is one
 * line (label, then amount), so ten-digit amounts never overflow their tile.
 */
function WalletTotals() {
  const { t } = useTranslation('transaction');
  const fmt = useFormat();
  const params = useListParams(TRANSACTION_LIST);
  const totals = useTransactionTotals(params.exportQuery);
  const d = totals.data;
  const figure = 'wallet-total-value';
  const tiles = [
    { key: 'count', label: t('totals.count'), value: d ? fmt.integer(d.count) : null, className: figure },
    { key: 'in', label: t('totals.in'), value: d ? `+${fmt.vnd(d.totalIn)}` : null, className: `${figure} text-success-emphasis` },
    { key: 'out', label: t('totals.out'), value: d ? `\u2212${fmt.vnd(d.totalOut)}` : null, className: `${figure} text-danger-emphasis` },
    {
      key: 'net',
      label: t('totals.net'),
      value: d ? (d.net < 0 ? `\u2212${fmt.vnd(-d.net)}` : `${d.net > 0 ? '+' : ''}${fmt.vnd(d.net)}`) : null,
      className: d && d.net < 0 ? `${figure} text-danger-emphasis` : figure,
    },
  ];
  const error = totals.isError ? t('totals.error', { message: errorMessage(totals.error) }) : undefined;
  return <TotalsStrip label={t('totals.label')} tiles={tiles} busy={totals.isFetching} error={error} className="wallet-totals mb-3" testIdPrefix="totals-" />;
}
