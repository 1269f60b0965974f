import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  DeliverySlip,
  DeliverySlipCreateInput,
  DeliverySlipPatchInput,
  ReadyPackages,
  SlipBulkBodyInput,
  SlipBulkResult,
  SlipBulkStatusBodyInput,
  SlipBulkStatusResult,
  SlipReconcileBodyInput,
  SlipConfirmBodyInput,
  SlipItems,
  SlipQuote,
  SlipStatusBodyInput,
} from '../../../shared/contracts/delivery-slips';
import type { PublicCompany } from '../../../shared/contracts/company';
import { BANK_ACCOUNT_KEY, SLIP_FOOTER_KEY, type BankAccountValue, type SettingList } from '../../../shared/contracts/settings';
import { IDEMPOTENCY_HEADER } from '../../../shared/contracts/idempotency';
import { getVersioned, ifMatch, versioned, type Versioned } from '../../components/resource-api';
import { newIdempotencyKey } from '../../entities/transaction/api';
import { api, buildUrl } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';
import { fetchSlipPage, slipKeys } from '../../entities/delivery-slip/api';

/** Delivery slips over the shared client: list (with totals), one slip, its status steps, the confirmation. */

const BASE = '/api/delivery-slips';
export type { Versioned };
export { fetchSlipPage, slipKeys };

function slipQuery(id: string | number) {
  return queryOptions({ queryKey: slipKeys.detail(id), queryFn: ({ signal }) => getVersioned<DeliverySlip>(`${BASE}/${id}`, signal) });
}

/** While a printed slip waits for its money, it is read again every 3 s: a bank transfer may pay it meanwhile. */
export function useSlip(id: string | number) {
  return useQuery({
    ...slipQuery(id),
    refetchInterval: (q) => {
      const s = q.state.data?.record;
      return s && (s.status === 'ready' || s.status === 'out_for_delivery') && s.paidByTransfer < s.amountToCollect ? 3000 : false;
    },
  });
}

export function fetchSlipByCode(code: string, signal?: AbortSignal): Promise<DeliverySlip> {
  return api.get<DeliverySlip>(`${BASE}/by-code/${encodeURIComponent(code)}`, undefined, { signal });
}

/** A status step, based on the version the screen shows (a stale one is a 412). */
export function changeSlipStatus(id: number, etag: string | null, body: SlipStatusBodyInput): Promise<DeliverySlip> {
  return api.post<DeliverySlip>(`${BASE}/${id}/status`, body, etag ? ifMatch(etag) : undefined);
}

/** One step on many slips; the server answers each slip's outcome (done, refused and why, repriced). */
export function bulkSlipStatus(body: SlipBulkStatusBodyInput): Promise<SlipBulkStatusResult> {
  return api.post<SlipBulkStatusResult>(`${BASE}/bulk-status`, body);
}

/** The hand-over; `key` is made once per attempt on the screen, so a retry of the same attempt is not posted twice. */
export function confirmSlip(id: number, key: string, body: SlipConfirmBodyInput): Promise<DeliverySlip> {
  return api.post<DeliverySlip>(`${BASE}/${id}/confirm`, body, { headers: { [IDEMPOTENCY_HEADER]: key } });
}

export { newIdempotencyKey };

/** Puts a slip the server answered into the cache and refreshes the lists (and wallets, and packages). */
export function useSlipCache() {
  const qc = useQueryClient();
  return useCallback(
    (row: DeliverySlip) => {
      qc.setQueryData<Versioned<DeliverySlip>>(slipKeys.detail(row.id), versioned(row));
      void qc.invalidateQueries({ queryKey: slipKeys.lists() });
      void qc.invalidateQueries({ queryKey: slipKeys.history(row.id) });
      void qc.invalidateQueries({ queryKey: queryKeys.Transaction.all });
      void qc.invalidateQueries({ queryKey: queryKeys.Customer.all });
      // A slip moves its packages (on a slip, delivered, back at the hub): their lists and records change with it.
      void qc.invalidateQueries({ queryKey: queryKeys.Tracking.all });
    },
    [qc],
  );
}

// ---- create / edit -------------------------------------------------------------------------------------

/** The charges a create body would give now (the server's one rule); `slipId`: an edit of that slip. */
export function quoteSlip(body: DeliverySlipCreateInput, slipId?: number, signal?: AbortSignal): Promise<SlipQuote> {
  return api.post<SlipQuote>(buildUrl(`${BASE}/quote`, { slipId }), body, { signal });
}

/** The customer's ready packages not on an open slip, per hub, each with its freight. */
function fetchReadyPackages(customerId: number, signal?: AbortSignal): Promise<ReadyPackages> {
  return api.get<ReadyPackages>(`${BASE}/ready-packages`, { customerId }, { signal });
}

/** The create screen's one read of a customer's ready packages and owing orders (shared by its pickers). */
export function useReadyPackages(customerId: number) {
  return useQuery({ queryKey: [...slipKeys.all, 'ready', customerId], queryFn: ({ signal }) => fetchReadyPackages(customerId, signal) });
}

export function createSlip(body: DeliverySlipCreateInput): Promise<DeliverySlip> {
  return api.post<DeliverySlip>(BASE, body);
}

/** A save based on the version the form was opened on: someone else's save in between is a 412. */
export function patchSlip(id: number, etag: string, body: DeliverySlipPatchInput): Promise<DeliverySlip> {
  return api.patch<DeliverySlip>(`${BASE}/${id}`, body, ifMatch(etag));
}

/** One draft per customer at the hub: `preview: true` computes them, `false` makes them all or none. */
export function bulkSlips(body: SlipBulkBodyInput): Promise<SlipBulkResult> {
  return api.post<SlipBulkResult>(`${BASE}/bulk`, body);
}

/** The carrier remitted the COD of these delivered courier slips: all are marked, or none. */
export function reconcileSlips(body: SlipReconcileBodyInput): Promise<SlipItems> {
  return api.post<SlipItems>(`${BASE}/reconcile`, body);
}

// ---- printing ------------------------------------------------------------------------------------------

export function fetchSlipsByIds(ids: number[], signal?: AbortSignal): Promise<DeliverySlip[]> {
  return Promise.all(ids.map((id) => api.get<DeliverySlip>(`${BASE}/${id}`, undefined, { signal })));
}

/** Records one print (count and time) of each slip. */
export function recordSlipPrints(ids: number[]): Promise<SlipItems> {
  return api.post<SlipItems>(`${BASE}/print`, { ids });
}

export interface SlipPrintSettings {
  company: PublicCompany;
  bank: BankAccountValue | null;
  footer: string;
}

/** What the printed slip shows besides the slip: company header and logo, the transfer account, the footer text. */
export function useSlipPrintSettings() {
  return useQuery({
    queryKey: [...queryKeys.Setting.all, 'slip-print'],
    queryFn: async ({ signal }): Promise<SlipPrintSettings> => {
      const [company, settings] = await Promise.all([
        api.get<PublicCompany>('/api/public/company', undefined, { signal }),
        api.get<SettingList>('/api/settings', { kind: 'bank_account,delivery', status: 'current', pageSize: 50 }, { signal }),
      ]);
      const find = (kind: string, key: string) => settings.items.find((r) => r.kind === kind && r.key === key)?.value;
      const footer = find('delivery', SLIP_FOOTER_KEY);
      return { company, bank: (find('bank_account', BANK_ACCOUNT_KEY) as BankAccountValue | undefined) ?? null, footer: typeof footer === 'string' ? footer : '' };
    },
    staleTime: 60_000,
  });
}
