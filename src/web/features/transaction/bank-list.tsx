import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BANK_TRANSACTION_LIST, type BankTransaction } from '../../../shared/contracts/bank-transactions';
import type { DeliverySlipList } from '../../../shared/contracts/delivery-slips';
import type { OrderList } from '../../../shared/contracts/orders';
import { BANK_MATCH_KINDS, BANK_PROVIDERS, BANK_STATES, TRANSFER_PAYABLE_SLIP_STATUSES, type BankMatchKind } from '../../../shared/domain/bank-transfer';
import { FINAL_ORDER_STATUSES, ORDER_STATUSES } from '../../../shared/domain/order-lifecycle';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useCommand } from '../../components/use-command';
import { FilterAmountRange, FilterChecks, FilterDateRange, FilterSelect } from '../../components/data-table/list-filters';
import { ResourceListPage } from '../../components/resource-pages';
import { bankTransactionApi, ignoreBankTransaction, matchBankTransaction, undoBankTransaction, useBankIntegrationSettings, useBankSummary } from '../../entities/bank-transaction/api';
import { BankMatchTarget, BankStateBadge, useBankTransactionColumns } from '../../entities/bank-transaction/columns';
import { CustomerPicker } from '../../entities/customer/customer-picker';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';
import { useDebounced } from '../../lib/use-debounced';
import { useFormat } from '../../lib/use-format';

/**
 * /transaction/bank (Admin): transfers SePay and Casso reported, with their memo and what they paid. A row opens a
 * dialog: an unmatched (or ignored) one is matched by hand to a customer, a slip or an order, or ignored with a
 * reason; a matched one can be undone with a reason (reversing rows; nothing is deleted).
 */
export function BankTransactionListPage() {
  const { t } = useTranslation(['transaction', 'resource']);
  const columns = useBankTransactionColumns();
  const [open, setOpen] = useState<BankTransaction | null>(null);
  const summary = useBankSummary();
  const accounts = useBankIntegrationSettings().data?.accounts ?? [];
  return (
    <ResourceListPage
      ns="transaction"
      client={bankTransactionApi}
      label={t('bank.list.label')}
      searchLabel={t('bank.list.searchLabel')}
      searchPlaceholder={t('bank.list.searchPlaceholder')}
      exportAs={{ resource: 'bank-transactions', fallbackName: 'chuyen-khoan' }}
      aboveTable={
        summary.data ? (
          <p className="mb-3" data-testid="bank-unmatched">
            {t('bank.list.unmatched', { count: summary.data.unmatchedCount })}
          </p>
        ) : null
      }
      tableId="bank-transactions"
      columns={columns}
      onOpen={(row) => setOpen(row)}
      filters={
        <>
          <FilterChecks spec={BANK_TRANSACTION_LIST} name="state" label={t('bank.fields.state')} options={BANK_STATES.map((v) => ({ value: v, label: t(`bank.states.${v}`) }))} />
          <FilterSelect spec={BANK_TRANSACTION_LIST} name="provider" label={t('bank.fields.provider')} options={BANK_PROVIDERS.map((v) => ({ value: v, label: v === 'sepay' ? 'SePay' : 'Casso' }))} />
          <FilterSelect spec={BANK_TRANSACTION_LIST} name="accountNumber" label={t('bank.fields.account')} options={accounts.map((a) => ({ value: a.accountNumber, label: `${a.accountNumber} · ${a.bankName}` }))} />
          <FilterAmountRange spec={BANK_TRANSACTION_LIST} name="amount" label={t('bank.fields.amount')} />
          <FilterDateRange spec={BANK_TRANSACTION_LIST} name="created" label={t('bank.fields.receivedAt')} />
        </>
      }
      empty={{ title: t('bank.list.emptyTitle'), text: t('bank.list.emptyText') }}
    >
      {open && <BankTransactionDialog row={open} onClose={() => setOpen(null)} />}
    </ResourceListPage>
  );
}

type Mode = 'match' | 'ignore' | 'undo';

/** A slip or an order a transfer may pay, as the dialog lists it. */
interface Payable {
  id: number;
  code: string;
  customerCode: string;
  customerName: string;
  customerPhone: string;
  /** What it still asks for: a slip's amount to collect less what transfers paid, an order's due. */
  due: number;
}

const PICK_LIMIT = 6;

/**
 * Slips or orders a transfer can pay (slips ready or out for delivery, orders not final), found by the lists' own
 * search (`q`: the document's code, and its customer's code, name and phone, without marks), each with what it still
 * asks for.
 */
function usePayableSearch(kind: 'slip' | 'order', text: string) {
  const q = useDebounced(text.trim(), 250);
  return useQuery({
    queryKey: [...queryKeys.BankTransaction.all, 'payable', kind, q],
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<Payable[]> => {
      if (kind === 'slip') {
        const page = await api.get<DeliverySlipList>('/api/delivery-slips', { q, status: TRANSFER_PAYABLE_SLIP_STATUSES.join(','), pageSize: PICK_LIMIT }, { signal });
        return page.items.map((s) => ({ id: s.id, code: s.code, customerCode: s.customerCode, customerName: s.customerName, customerPhone: s.customerPhone, due: Math.max(0, s.amountToCollect - s.paidByTransfer) }));
      }
      const page = await api.get<OrderList>('/api/orders', { q, status: ORDER_STATUSES.filter((st) => !FINAL_ORDER_STATUSES.includes(st)).join(','), pageSize: PICK_LIMIT }, { signal });
      return page.items.map((o) => ({ id: o.id, code: o.code, customerCode: o.customerCode, customerName: o.customerName, customerPhone: o.customerPhone, due: o.due }));
    },
  });
}

/** Search box and the slips / orders it finds, one to choose (radio buttons: plain keyboard use). */
function PayablePicker({ kind, value, onChange }: { kind: 'slip' | 'order'; value: number | null; onChange(id: number | null): void }) {
  const { t } = useTranslation('transaction');
  const fmt = useFormat();
  const id = useId();
  const [text, setText] = useState('');
  const found = usePayableSearch(kind, text);
  const items = text.trim() ? (found.data ?? []) : [];
  return (
    <Form.Group>
      <Form.Label htmlFor={`${id}-q`}>{t(`bank.dialog.code.${kind}`)}</Form.Label>
      <Form.Control
        id={`${id}-q`}
        type="search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(null);
        }}
        autoComplete="off"
        placeholder={t('bank.dialog.searchPlaceholder')}
        aria-describedby={`${id}-help`}
      />
      <Form.Text id={`${id}-help`}>{t('bank.dialog.searchHelp')}</Form.Text>
      {text.trim() !== '' && (
        <fieldset className="mt-2 bank-payables" aria-label={t('bank.dialog.results')} data-testid="bank-payables">
          {found.isPending && !found.data ? (
            <p className="small text-body-secondary mb-0">{t('bank.dialog.searching')}</p>
          ) : items.length === 0 ? (
            <p className="small text-body-secondary mb-0">{t('bank.dialog.notFound')}</p>
          ) : (
            items.map((p) => (
              <Form.Check
                key={p.id}
                type="radio"
                id={`${id}-${p.id}`}
                name={`${id}-pick`}
                className="py-1 border-bottom"
                checked={value === p.id}
                disabled={p.due === 0}
                onChange={() => onChange(p.id)}
                label={
                  <span className="d-flex flex-wrap column-gap-2">
                    <span className="font-tabular fw-semibold">{p.code}</span>
                    <span className="text-break">
                      {p.customerCode} · {p.customerName} · {p.customerPhone}
                    </span>
                    <span className="font-tabular ms-auto">{p.due > 0 ? t('bank.dialog.due', { amount: fmt.vnd(p.due) }) : t('bank.dialog.nothingDue')}</span>
                  </span>
                }
              />
            ))
          )}
        </fieldset>
      )}
    </Form.Group>
  );
}

function BankTransactionDialog({ row, onClose }: { row: BankTransaction; onClose(): void }) {
  const { t } = useTranslation('transaction');
  const fmt = useFormat();
  const matchable = row.direction === 'in' && (row.state === 'unmatched' || (row.state === 'ignored' && row.reason !== 'duplicate'));
  const [mode, setMode] = useState<Mode>(row.state === 'matched' ? 'undo' : 'match');
  const [kind, setKind] = useState<BankMatchKind>('customer');
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [documentId, setDocumentId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const act = useCommand({
    run: (): Promise<BankTransaction> => {
      if (mode === 'match') {
        const id = kind === 'customer' ? customerId : documentId;
        if (!id) return Promise.reject(new Error(t('bank.dialog.notFound')));
        return matchBankTransaction(row, { kind, id });
      }
      return mode === 'ignore' ? ignoreBankTransaction(row, reason) : undoBankTransaction(row, reason);
    },
    pending: t('bank.dialog.saving'),
    success: t('bank.dialog.saved'),
    showError: 'inline',
    invalidate: [queryKeys.BankTransaction.all, queryKeys.Transaction.all, queryKeys.Customer.all, queryKeys.DeliverySlip.all],
    onSuccess: () => onClose(),
  });
  const { busy, error } = act;
  const run = () => act.run();

  const canAct = mode === 'match' ? matchable : mode === 'ignore' ? row.state === 'unmatched' : row.state === 'matched';
  const filled = mode === 'match' ? (kind === 'customer' ? customerId !== null : documentId !== null) : reason.trim().length >= 3;
  return (
    <ConfirmDialog
      show
      title={t('bank.dialog.title', { amount: fmt.vnd(row.amount) })}
      confirmLabel={t(`bank.dialog.${mode}`)}
      variant={mode === 'undo' ? 'danger' : 'primary'}
      busy={busy}
      confirmDisabled={!canAct || !filled}
      onConfirm={() => run()}
      onCancel={onClose}
    >
      <dl className="row small mb-3">
        <dt className="col-4">{t('bank.fields.memo')}</dt>
        <dd className="col-8 text-break" data-testid="bank-memo">{row.memo || '—'}</dd>
        <dt className="col-4">{t('bank.fields.state')}</dt>
        <dd className="col-8"><BankStateBadge state={row.state} /> <BankMatchTarget row={row} /></dd>
        <dt className="col-4">{t('bank.fields.counterAccount')}</dt>
        <dd className="col-8">{row.counterAccount || '—'}</dd>
        <dt className="col-4">{t('bank.fields.receivedAt')}</dt>
        <dd className="col-8">{fmt.dateTime(row.occurredAt ?? row.createdAt)}</dd>
      </dl>
      {(matchable || row.state === 'unmatched') && (
        <Form.Group className="mb-3">
          {(['match', 'ignore'] as const).map((m) => (
            <Form.Check key={m} inline type="radio" id={`bank-mode-${m}`} name="bank-mode" label={t(`bank.dialog.${m}`)} checked={mode === m} disabled={m === 'ignore' && row.state !== 'unmatched'} onChange={() => setMode(m)} />
          ))}
        </Form.Group>
      )}
      {mode === 'match' && matchable && (
        <>
          <Form.Group className="mb-2">
            <Form.Label htmlFor="bank-kind">{t('bank.dialog.kind')}</Form.Label>
            <Form.Select
              id="bank-kind"
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as BankMatchKind);
                setDocumentId(null);
              }}
            >
              {BANK_MATCH_KINDS.map((k) => (
                <option key={k} value={k}>{t(`bank.kinds.${k}`)}</option>
              ))}
            </Form.Select>
          </Form.Group>
          {kind === 'customer' ? (
            <CustomerPicker value={customerId} onChange={(c) => setCustomerId(c?.id ?? null)} label={t('bank.kinds.customer')} />
          ) : (
            <PayablePicker key={kind} kind={kind} value={documentId} onChange={setDocumentId} />
          )}
        </>
      )}
      {(mode === 'ignore' || (mode === 'undo' && row.state === 'matched')) && (
        <Form.Group>
          <Form.Label htmlFor="bank-reason">{t('bank.dialog.reason')}</Form.Label>
          <Form.Control id="bank-reason" as="textarea" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
        </Form.Group>
      )}
      {!canAct && <p className="text-body-secondary small mt-2 mb-0">{t('bank.dialog.nothingToDo')}</p>}
      {error && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
