import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  Customer,
  CUSTOMER_GROUP_LABELS,
  CUSTOMER_LIST,
  CUSTOMER_STATUS_LABELS,
  CustomerCreate,
  CustomerExportQuery,
  CustomerList,
  CustomerListQuery,
  CustomerPatch,
} from '../../../shared/contracts/customers';
import { localizeMessage } from '../../../shared/i18n/localize';
import { foldVietnamese } from '../../../shared/text';
import { customers } from '../../db/schema/index';
import { defineResource, recordStamps } from '../../lib/resource/define';
import { checkCustomerImport, createCustomer, removeCustomer, UNIQUE_FIELDS, updateCustomer } from './customers.service';

/** A label in either language ("Khách sỉ", "Wholesale", as the exports write it) or a key ("wholesale") → the key. */
function labelOrKey(labels: Record<string, string>) {
  return (v: unknown) => {
    if (typeof v !== 'string') return v;
    const f = foldVietnamese(v);
    for (const [key, label] of Object.entries(labels)) {
      if (f === foldVietnamese(label) || f === foldVietnamese(localizeMessage(label, 'en')) || f === key) return key;
    }
    return v;
  };
}

const shape = CustomerCreate.shape;

/** One spreadsheet row: the create contract with a single "Địa chỉ" column as the default address. */
const CustomerImportRow = z
  .object({
    fullName: shape.fullName,
    phone: shape.phone,
    email: shape.email,
    province: shape.province,
    address: z.string().trim().max(300, { error: 'Địa chỉ dài tối đa 300 ký tự' }).optional(),
    group: z.preprocess(labelOrKey(CUSTOMER_GROUP_LABELS), shape.group),
    suiteCode: shape.suiteCode,
    status: z.preprocess(labelOrKey(CUSTOMER_STATUS_LABELS), shape.status),
    creditLimit: shape.creditLimit,
    note: shape.note,
  })
  .transform(({ address, ...rest }): CustomerCreate => ({
    ...rest,
    // An imported customer gets notifications as a new one does on the form: both channels, in Vietnamese.
    notifyZns: true,
    notifyEmail: true,
    language: 'vi',
    addresses: address
      ? [{ label: 'Mặc định', receiver: rest.fullName, phone: rest.phone, address, province: rest.province, isDefault: true }]
      : [],
  }));

const defaultAddress = (c: Customer) => c.addresses.find((a) => a.isDefault) ?? c.addresses[0];

export const customersResource = defineResource({
  name: 'customers',
  label: 'khách hàng',
  table: customers,
  deletedAt: customers.deletedAt,
  spec: CUSTOMER_LIST,
  schemas: {
    item: Customer,
    list: CustomerList,
    listQuery: CustomerListQuery,
    exportQuery: CustomerExportQuery,
    create: CustomerCreate,
    patch: CustomerPatch,
  },
  select: {
    fields: {
      id: customers.id,
      code: customers.code,
      fullName: customers.fullName,
      phone: customers.phone,
      email: customers.email,
      addresses: customers.addresses,
      province: customers.province,
      group: customers.group,
      suiteCode: customers.suiteCode,
      note: customers.note,
      status: customers.status,
      creditLimit: customers.creditLimit,
      balance: customers.balance,
      notifyZns: customers.notifyZns,
      notifyEmail: customers.notifyEmail,
      language: customers.language,
      ...recordStamps(customers),
    },
    toItem: (r): Customer => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }),
  },
  sort: {
    code: customers.code,
    fullName: customers.fullName,
    phone: customers.phone,
    province: customers.province,
    group: customers.group,
    status: customers.status,
    createdAt: customers.createdAt,
    balance: customers.balance,
  },
  filters: {
    code: customers.code,
    phone: customers.phone,
    province: customers.province,
    group: customers.group,
    status: customers.status,
    balance: customers.balance,
    created: customers.createdAt,
    // The last time the balance crossed from ≥ 0 to < 0 (balance_after − amount is the balance before the row),
    // else the customer's creation: the receivables' age on the business dashboard, computed the same way.
    debtSince: sql`coalesce((SELECT max(t.created_at) FROM transactions t
      WHERE t.customer_id = ${customers.id} AND t.balance_after < 0 AND t.balance_after - t.amount >= 0), ${customers.createdAt})`,
  },
  search: customers.searchText,
  uniqueConstraints: UNIQUE_FIELDS,
  export: {
    fileName: 'Khách hàng',
    fileNameEn: 'Customers',
    columns: [
      { header: 'Mã KH', en: 'Customer code', width: 11, value: (c) => c.code },
      { header: 'Họ tên', en: 'Full name', width: 26, value: (c) => c.fullName },
      { header: 'Điện thoại', en: 'Phone', width: 14, value: (c) => c.phone },
      { header: 'Email', en: 'Email', width: 28, value: (c) => c.email },
      { header: 'Tỉnh/Thành', en: 'Province', width: 18, value: (c) => c.province },
      { header: 'Địa chỉ', en: 'Address', width: 40, value: (c) => defaultAddress(c)?.address },
      { header: 'Nhóm', en: 'Group', width: 11, type: 'label', value: (c) => CUSTOMER_GROUP_LABELS[c.group] },
      { header: 'Mã suite', en: 'Suite code', width: 12, value: (c) => c.suiteCode },
      { header: 'Trạng thái', en: 'Status', width: 16, type: 'label', value: (c) => CUSTOMER_STATUS_LABELS[c.status] },
      { header: 'Hạn mức công nợ', en: 'Credit limit', width: 18, type: 'money', value: (c) => c.creditLimit },
      { header: 'Số dư', en: 'Balance', width: 14, type: 'money', value: (c) => c.balance },
      { header: 'Ghi chú', en: 'Note', width: 30, value: (c) => c.note },
      { header: 'Ngày tạo', en: 'Created', width: 17, type: 'datetime', value: (c) => c.createdAt },
    ],
  },
  import: {
    templateName: 'Mẫu nhập khách hàng',
    templateNameEn: 'Customer import template',
    row: CustomerImportRow,
    check: checkCustomerImport,
    columns: [
      { field: 'fullName', header: 'Họ tên', en: 'Full name', aliases: ['Tên khách hàng', 'Họ và tên'], hint: 'Bắt buộc', width: 26 },
      { field: 'phone', header: 'Điện thoại', en: 'Phone', aliases: ['Số điện thoại', 'SĐT', 'SDT'], type: 'phone', hint: 'Bắt buộc. VD: 0912 345 678 hoặc +84 912 345 678', width: 16 },
      { field: 'email', header: 'Email', en: 'Email', aliases: ['E-mail'], hint: 'Không bắt buộc; không trùng khách hàng khác', width: 28 },
      { field: 'province', header: 'Tỉnh/Thành', en: 'Province', aliases: ['Tỉnh', 'Tỉnh thành', 'Tỉnh/Thành phố'], width: 18 },
      { field: 'address', header: 'Địa chỉ', en: 'Address', hint: 'Thành địa chỉ giao hàng mặc định', width: 40 },
      { field: 'group', header: 'Nhóm', en: 'Group', aliases: ['Nhóm khách hàng'], hint: 'Khách lẻ, Khách sỉ hoặc VIP (mặc định Khách lẻ)', width: 12 },
      { field: 'suiteCode', header: 'Mã suite', en: 'Suite code', aliases: ['Suite'], hint: 'Không bắt buộc; chữ in hoa, số, dấu gạch ngang', width: 12 },
      { field: 'status', header: 'Trạng thái', en: 'Status', hint: 'Đang hoạt động hoặc Ngừng hoạt động', width: 16 },
      { field: 'creditLimit', header: 'Hạn mức công nợ', en: 'Credit limit', aliases: ['Hạn mức'], type: 'int', hint: 'Số nguyên, đồng', width: 16 },
      { field: 'note', header: 'Ghi chú', en: 'Note', width: 30 },
    ],
  },
  write: {
    create: createCustomer,
    update: updateCustomer,
    remove: removeCustomer,
  },
});
