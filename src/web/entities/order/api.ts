import { ORDER_LIST, type Order, type OrderCreateInput, type OrderList, type OrderPatchInput } from '../../../shared/contracts/orders';
import { defineResourceClient } from '../../components/resource-api';

/** Orders: /api/orders(/:id); screens under /order. */
export const orderApi = defineResourceClient<{ record: Order; list: OrderList; create: OrderCreateInput; patch: OrderPatchInput }>({
  name: 'Order',
  path: '/api/orders',
  spec: ORDER_LIST,
  route: '/order',
});
