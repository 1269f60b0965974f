import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ChangePasswordBody, ChangePasswordResponse, MePatch, MeResponse } from '../../../shared/contracts/auth';
import type { Customer, CustomerCreate, CustomerList, CustomerPatch } from '../../../shared/contracts/customers';
import type { ListQueryInput } from '../../../shared/contracts/list-query';
import { getVersioned, ifMatch, versioned, type Versioned } from '../../components/resource-api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';
import { getRefreshToken, saveTokens, updateStoredUser } from '../../lib/session';

/** Customers over the shared client: GET/POST /api/customers, GET/PATCH/DELETE /api/customers/:id. */

const BASE = '/api/customers';
export type { Versioned };
export const customerKeys = queryKeys.Customer;

export function fetchCustomerPage(query: ListQueryInput, signal?: AbortSignal): Promise<CustomerList> {
  return api.get<CustomerList>(BASE, query, { signal });
}

export function customerQuery(id: string | number) {
  return queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => getVersioned<Customer>(`${BASE}/${id}`, signal),
  });
}

export function useCustomer(id: string | number) {
  return useQuery(customerQuery(id));
}

export function createCustomer(body: CustomerCreate): Promise<Customer> {
  return api.post<Customer>(BASE, body);
}

export function patchCustomer(id: number, etag: string, patch: CustomerPatch): Promise<Customer> {
  return api.patch<Customer>(`${BASE}/${id}`, patch, ifMatch(etag));
}

export function deleteCustomer(id: number, etag: string): Promise<void> {
  return api.delete<void>(`${BASE}/${id}`, ifMatch(etag));
}

/** Keeps the cache right after a write: the saved record is fresh; lists and History are not. */
export function useCustomerCache() {
  const qc = useQueryClient();
  const saved = useCallback(
    (c: Customer) => {
      qc.setQueryData<Versioned<Customer>>(customerKeys.detail(c.id), versioned(c));
      void qc.invalidateQueries({ queryKey: customerKeys.lists() });
      void qc.invalidateQueries({ queryKey: customerKeys.history(c.id) });
    },
    [qc],
  );
  const removed = useCallback(
    (id: number) => {
      qc.removeQueries({ queryKey: customerKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: customerKeys.lists() });
    },
    [qc],
  );
  const listsChanged = useCallback(() => void qc.invalidateQueries({ queryKey: customerKeys.lists() }), [qc]);
  return { saved, removed, listsChanged };
}

// ---- the signed-in user's own profile (/customer/infor-user)

export const meKey = queryKeys.Users.me();

export function useMe() {
  return useQuery({ queryKey: meKey, queryFn: ({ signal }) => api.get<MeResponse>('/api/auth/me', undefined, { signal }) });
}

export function patchMe(body: MePatch): Promise<MeResponse> {
  return api.patch<MeResponse>('/api/auth/me', body);
}

/**
 * Changes the signed-in user's password. Every other session is revoked; this one stays signed in because its
 * refresh token goes along, and the answer's fresh tokens replace the ones the change invalidated.
 */
export async function changePassword(body: Omit<ChangePasswordBody, 'refreshToken'>): Promise<ChangePasswordResponse> {
  const res = await api.post<ChangePasswordResponse>('/api/auth/change-password', { ...body, refreshToken: getRefreshToken() });
  saveTokens(res.token, res.refreshToken);
  return res;
}

/**
 * Puts the edited profile into the stored user (user_infor), so the topbar shows the new name at once.
 * Belongs in lib/session.ts (asked for in the report); kept here, on its public pieces, until it is there.
 */
export function syncStoredUser(me: MeResponse): void {
  updateStoredUser(me);
}
