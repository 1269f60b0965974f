import { CUSTOMER_LIST, type Customer, type CustomerCreate, type CustomerList, type CustomerPatch } from '../../../shared/contracts/customers';
import { defineResourceClient } from '../../components/resource-api';

/** Customers: GET/POST /api/customers, GET/PATCH/DELETE /api/customers/:id; screens under /customer. */
export const customerApi = defineResourceClient<{ record: Customer; list: CustomerList; create: CustomerCreate; patch: CustomerPatch }>({
  name: 'Customer',
  path: '/api/customers',
  spec: CUSTOMER_LIST,
  route: '/customer',
});

/** The customer pickers' own cache entries (the customer screens keep the versioned record under Customer.detail). */
export const customerPickKeys = {
  all: ['Customer', 'pick'] as const,
  one: (id: number) => ['Customer', 'pick', String(id)] as const,
  search: (q: string) => ['Customer', 'pick', 'search', q] as const,
};
