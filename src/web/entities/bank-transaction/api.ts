import { useQuery } from '@tanstack/react-query';
import {
  BANK_TRANSACTION_LIST,
  type BankIntegrationSettings,
  type BankIntegrationSettingsPatch,
  type BankMatchBody,
  type BankSummary,
  type BankTransaction,
  type BankTransactionList,
} from '../../../shared/contracts/bank-transactions';
import { defineResourceClient } from '../../components/resource-api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';

/** Bank transfers reported by SePay / Casso: GET /api/bank-transactions(/:id); screens under /transaction/bank. */
export const bankTransactionApi = defineResourceClient<{ record: BankTransaction; list: BankTransactionList }>({
  name: 'BankTransaction',
  path: '/api/bank-transactions',
  spec: BANK_TRANSACTION_LIST,
  route: '/transaction/bank',
});

/** Unmatched count (the menu badge) and what transfers brought in a period (dashboards); refreshed every 30 s. */
export function useBankSummary(period: { from?: string; to?: string } = {}, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.BankTransaction.summary(), period],
    queryFn: ({ signal }) => api.get<BankSummary>('/api/bank-transactions/summary', period, { signal }),
    refetchInterval: 30_000,
    enabled,
  });
}

const action = (id: number, version: number, path: string, body: unknown) =>
  api.post<BankTransaction>(bankTransactionApi.url(id, path), body, { headers: { 'if-match': `"${version}"` } });

export const matchBankTransaction = (t: BankTransaction, body: BankMatchBody) => action(t.id, t.version, 'match', body);
export const ignoreBankTransaction = (t: BankTransaction, reason: string) => action(t.id, t.version, 'ignore', { reason });
export const undoBankTransaction = (t: BankTransaction, reason: string) => action(t.id, t.version, 'undo', { reason });

const SETTINGS_URL = '/api/bank-transactions/settings';
export const bankSettingsKey = [...queryKeys.BankTransaction.all, 'settings'] as const;

/** The webhook keys' state (never a key: its last 4 characters and where it comes from), the receiving accounts, the top-up word. */
export function useBankIntegrationSettings() {
  return useQuery({ queryKey: bankSettingsKey, queryFn: ({ signal }) => api.get<BankIntegrationSettings>(SETTINGS_URL, undefined, { signal }) });
}

export const saveBankIntegrationSettings = (patch: BankIntegrationSettingsPatch) => api.put<BankIntegrationSettings>(SETTINGS_URL, patch);
