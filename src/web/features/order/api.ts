import { useQuery } from '@tanstack/react-query';
import type { ExchangeRates } from '../../../shared/contracts/exchange-rates';
import type { Order, OrderCompletionPayment, OrderPackagesAttachInput, OrderPackagesResponse, OrderStatus } from '../../../shared/contracts/orders';
import { ifMatch } from '../../components/resource-api';
import { orderApi } from '../../entities/order/api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';

/** What the order screens have beyond the order resource (entities/order/api.ts): status steps and the rates. */

/**
 * One lifecycle step (a cancel of a paid order says whether to refund the wallet; a completion of an order that
 * still owes carries its payment); If-Match makes a step based on a stale screen fail (412) instead of skipping ahead.
 */
export function changeOrderStatus(
  id: number,
  etag: string,
  status: OrderStatus,
  note: string,
  extra: { refundToWallet?: boolean; payment?: OrderCompletionPayment } = {},
): Promise<Order> {
  const { refundToWallet, payment } = extra;
  return api.post<Order>(
    orderApi.url(id, 'status'),
    { status, note, ...(refundToWallet === undefined ? {} : { refundToWallet }), ...(payment === undefined ? {} : { payment }) },
    ifMatch(etag),
  );
}

/** Puts parcels on the order (scanned numbers and/or picked packages); each one is answered in `results`. */
export function attachOrderPackages(id: number, body: OrderPackagesAttachInput): Promise<OrderPackagesResponse> {
  return api.post<OrderPackagesResponse>(orderApi.url(id, 'packages'), body);
}

/** Takes one parcel off the order (a wrong scan). */
export function detachOrderPackage(id: number, packageId: number): Promise<Order> {
  return api.delete<Order>(orderApi.url(id, 'packages', String(packageId)));
}

/** The rates effective today (Vietnamese time), for the form's preview. */
export function useExchangeRates() {
  return useQuery({
    queryKey: [...queryKeys.Config.all, 'exchange-rates'],
    queryFn: ({ signal }) => api.get<ExchangeRates>('/api/exchange-rates', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}
