import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Employee, EmployeeCreate, EmployeeList, EmployeePatch } from '../../../shared/contracts/employees';
import type { ListQueryInput } from '../../../shared/contracts/list-query';
import { getVersioned, ifMatch, versioned, type Versioned } from '../../components/resource-api';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-client';

/** Employees over the shared client, and the stores list their pickers need. */

const BASE = '/api/employees';
export type { Versioned };
export const employeeKeys = queryKeys.Employee;

export function fetchEmployeePage(query: ListQueryInput, signal?: AbortSignal): Promise<EmployeeList> {
  return api.get<EmployeeList>(BASE, query, { signal });
}

export function employeeQuery(id: string | number) {
  return queryOptions({
    queryKey: employeeKeys.detail(id),
    queryFn: ({ signal }) => getVersioned<Employee>(`${BASE}/${id}`, signal),
  });
}

export function useEmployee(id: string | number) {
  return useQuery(employeeQuery(id));
}

export function createEmployee(body: EmployeeCreate): Promise<Employee> {
  return api.post<Employee>(BASE, body);
}

export function patchEmployee(id: number, etag: string, patch: EmployeePatch): Promise<Employee> {
  return api.patch<Employee>(`${BASE}/${id}`, patch, ifMatch(etag));
}

export function deleteEmployee(id: number, etag: string): Promise<void> {
  return api.delete<void>(`${BASE}/${id}`, ifMatch(etag));
}

export function sendResetLink(id: number): Promise<{ message: string }> {
  return api.post<{ message: string }>(`${BASE}/${id}/send-reset-link`);
}

export function useEmployeeCache() {
  const qc = useQueryClient();
  const saved = useCallback(
    (e: Employee) => {
      qc.setQueryData<Versioned<Employee>>(employeeKeys.detail(e.id), versioned(e));
      void qc.invalidateQueries({ queryKey: employeeKeys.lists() });
      void qc.invalidateQueries({ queryKey: employeeKeys.history(e.id) });
    },
    [qc],
  );
  const removed = useCallback(
    (id: number) => {
      qc.removeQueries({ queryKey: employeeKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: employeeKeys.lists() });
    },
    [qc],
  );
  const historyChanged = useCallback((id: number) => void qc.invalidateQueries({ queryKey: employeeKeys.history(id) }), [qc]);
  return { saved, removed, historyChanged };
}
