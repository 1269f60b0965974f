import type { ListQueryInput } from '../../../shared/contracts/list-query';
import type { OrderList } from '../../../shared/contracts/orders';
import { api } from '../../lib/api-client';

export function fetchOrderPage(query: ListQueryInput, signal?: AbortSignal): Promise<OrderList> {
  return api.get<OrderList>('/api/orders', query, { signal });
}
