import type { ListQueryInput } from '../../../shared/contracts/list-query';
import type { CodByCarrier, CustomerFeedbackList, DeliverySlipList } from '../../../shared/contracts/delivery-slips';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';

/** The slip reads other screens need (the customer page, the slip list): the list, a customer's feedback, COD owed. */

const BASE = '/api/delivery-slips';
export const slipKeys = queryKeys.DeliverySlip;

export function fetchSlipPage(query: ListQueryInput, signal?: AbortSignal): Promise<DeliverySlipList> {
  return api.get<DeliverySlipList>(BASE, query, { signal });
}

export function fetchCustomerFeedback(customerId: number, signal?: AbortSignal): Promise<CustomerFeedbackList> {
  return api.get<CustomerFeedbackList>(`${BASE}/feedback`, { customerId }, { signal });
}

export function fetchCodByCarrier(signal?: AbortSignal): Promise<CodByCarrier> {
  return api.get<CodByCarrier>(`${BASE}/cod-by-carrier`, undefined, { signal });
}
