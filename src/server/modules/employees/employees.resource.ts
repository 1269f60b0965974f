import { eq, sql } from 'drizzle-orm';
import {
  Employee,
  EMPLOYEE_LIST,
  EMPLOYEE_STATUS_LABELS,
  EmployeeCreate,
  EmployeeExportQuery,
  EmployeeList,
  EmployeeListQuery,
  EmployeePatch,
} from '../../../shared/contracts/employees';
import { employees, stores, users } from '../../db/schema/index';
import { defineResource, recordStamps } from '../../lib/resource/define';
import { createEmployee, removeEmployee, updateEmployee } from './employees.service';

export const employeesResource = defineResource({
  name: 'employees',
  label: 'nhân viên',
  table: employees,
  deletedAt: employees.deletedAt,
  spec: EMPLOYEE_LIST,
  schemas: {
    item: Employee,
    list: EmployeeList,
    listQuery: EmployeeListQuery,
    exportQuery: EmployeeExportQuery,
    create: EmployeeCreate,
    patch: EmployeePatch,
  },
  select: {
    fields: {
      id: employees.id,
      code: employees.code,
      fullName: employees.fullName,
      phone: employees.phone,
      email: employees.email,
      storeId: employees.storeId,
      position: employees.position,
      status: employees.status,
      ...recordStamps(employees),
      storeCode: stores.code,
      storeName: stores.name,
      userId: users.id,
      userEmail: users.email,
      userRole: users.role,
      userEnabled: users.enabled,
      userLastLoginAt: users.lastLoginAt,
    },
    // Left joins: the store and the account may be absent, whatever the column types say.
    joins: [
      { table: stores, on: eq(employees.storeId, stores.id) },
      { table: users, on: eq(users.employeeId, employees.id) },
    ],
    toItem: (r): Employee => ({
      id: r.id,
      code: r.code,
      fullName: r.fullName,
      phone: r.phone,
      email: r.email,
      storeId: r.storeId,
      store: r.storeId != null && r.storeCode != null ? { id: r.storeId, code: r.storeCode, name: r.storeName } : null,
      position: r.position,
      status: r.status,
      account:
        r.userId != null
          ? {
              userId: r.userId,
              email: r.userEmail,
              role: r.userRole,
              enabled: r.userEnabled,
              lastLoginAt: r.userLastLoginAt ? r.userLastLoginAt.toISOString() : null,
            }
          : null,
      version: r.version,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }),
  },
  sort: {
    code: employees.code,
    fullName: employees.fullName,
    phone: employees.phone,
    email: employees.email,
    position: employees.position,
    status: employees.status,
    createdAt: employees.createdAt,
  },
  filters: {
    code: employees.code,
    status: employees.status,
    storeId: employees.storeId,
    position: employees.position,
    role: users.role,
    hasAccount: sql`(${users.id} IS NOT NULL)`,
    created: employees.createdAt,
  },
  search: employees.searchText,
  uniqueConstraints: {
    users_email_uq: { path: 'account.email', message: 'Email đăng nhập này đã được dùng cho một tài khoản khác' },
    employees_code_uq: { path: 'code', message: 'Mã nhân viên vừa cấp bị trùng, vui lòng thử lại' },
  },
  export: {
    fileName: 'Nhân viên',
    fileNameEn: 'Employees',
    columns: [
      { header: 'Mã NV', en: 'Employee code', width: 9, value: (e) => e.code },
      { header: 'Họ tên', en: 'Full name', width: 26, value: (e) => e.fullName },
      { header: 'Điện thoại', en: 'Phone', width: 14, value: (e) => e.phone },
      { header: 'Email', en: 'Email', width: 28, value: (e) => e.email },
      { header: 'Kho', en: 'Warehouse', width: 24, value: (e) => e.store?.name },
      { header: 'Chức vụ', en: 'Position', width: 20, value: (e) => e.position },
      { header: 'Trạng thái', en: 'Status', width: 14, type: 'label', value: (e) => EMPLOYEE_STATUS_LABELS[e.status] },
      { header: 'Tài khoản', en: 'Account', width: 28, value: (e) => e.account?.email },
      { header: 'Vai trò', en: 'Role', width: 9, value: (e) => e.account?.role },
      { header: 'Tài khoản bật', en: 'Account enabled', width: 13, type: 'bool', value: (e) => (e.account ? e.account.enabled : null) },
      { header: 'Ngày tạo', en: 'Created', width: 17, type: 'datetime', value: (e) => e.createdAt },
    ],
  },
  write: {
    create: createEmployee,
    update: updateEmployee,
    remove: removeEmployee,
  },
});
