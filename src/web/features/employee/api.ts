import { EMPLOYEE_LIST, type Employee, type EmployeeCreate, type EmployeeList, type EmployeePatch } from '../../../shared/contracts/employees';
import { defineResourceClient } from '../../components/resource-api';
import { api } from '../../lib/api-client';

/** Employees: /api/employees(/:id); screens under /employee. */
export const employeeApi = defineResourceClient<{ record: Employee; list: EmployeeList; create: EmployeeCreate; patch: EmployeePatch }>({
  name: 'Employee',
  path: '/api/employees',
  spec: EMPLOYEE_LIST,
  route: '/employee',
});

export function sendResetLink(id: number): Promise<{ message: string }> {
  return api.post<{ message: string }>(employeeApi.url(id, 'send-reset-link'));
}
