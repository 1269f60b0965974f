import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  CustomerCodeInput,
  DECLARED_CURRENCY_MESSAGE,
  DECLARED_VALUE_MAX,
  Package,
  PACKAGE_LIST,
  PACKAGE_STATUS_LABELS,
  PackageCreate,
  PackageExportQuery,
  PackageList,
  PackageListQuery,
  PackagePatch,
  TrackingNumberInput,
} from '../../../shared/contracts/packages';
import { cmToMm, kgToGrams, PACKAGE_DIMENSION_MAX_MM, PACKAGE_WEIGHT_MAX_G } from '../../../shared/domain/weight';
import { CURRENCY_DECIMALS, isCurrency, type Currency } from '../../../shared/domain/money';
import { formatScaled, parseDecimalInput } from '../../../shared/domain/money-input';
import { customers, mawbs, orders, packages, stores } from '../../db/schema/index';
import { defineResource, recordStamps, withinBounds, type DateRangeFilterSql } from '../../lib/resource/define';
import { checkPackageImport, createPackage, packageWithCustomerFields, removePackage, UNIQUE_FIELDS, updatePackage } from './packages.service';

const destinationStores = alias(stores, 'destination_stores');

/** A decimal cell in a larger unit (kg, cm) → integer grams / millimetres, with the bound checked. */
function scaled(convert: (v: string) => number | null, what: string, unit: string, max: number) {
  return z
    .union([z.string(), z.number()])
    .transform((v, ctx) => {
      const n = convert(String(v));
      if (n === null) {
        ctx.addIssue({ code: 'custom', message: `${what} phải là số (${unit}), ví dụ 1,5` });
        return z.NEVER;
      }
      if (n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message: `${what} phải lớn hơn 0 và không quá ${formatScaled(max, 0, { lang: 'vi' })} ${unit === 'kg' ? 'g' : 'mm'}` });
        return z.NEVER;
      }
      return n;
    })
    .optional();
}

/** A declared value in major units ("45.99", 45.99) → integer minor units of the currency, or null. */
function declaredMinor(v: string | number, currency: Currency): number | null {
  const r = parseDecimalInput(v, { decimals: CURRENCY_DECIMALS[currency], max: DECLARED_VALUE_MAX });
  return r.ok ? r.value : null;
}

/**
 * One spreadsheet row: tracking number, customer code (or suite code), weight in kg and dimensions in cm
 * as a warehouse writes them (decimals with "," or "."), contents. Stored in grams and millimetres.
 */
const PackageImportRow = z
  .object({
    trackingNumber: z
      .string({ error: 'Vui lòng nhập mã vận đơn' })
      .refine((v) => !/^\d(\.\d+)?E\+\d+$/i.test(v.trim()), {
        error: 'Excel đã đổi mã vận đơn thành số và làm tròn mất chữ số: hãy định dạng cột này là Text rồi nhập lại mã',
        abort: true,
      })
      .pipe(TrackingNumberInput),
    customerCode: CustomerCodeInput.optional(),
    weightKg: scaled(kgToGrams, 'Cân nặng', 'kg', PACKAGE_WEIGHT_MAX_G),
    lengthCm: scaled(cmToMm, 'Chiều dài', 'cm', PACKAGE_DIMENSION_MAX_MM),
    widthCm: scaled(cmToMm, 'Chiều rộng', 'cm', PACKAGE_DIMENSION_MAX_MM),
    heightCm: scaled(cmToMm, 'Chiều cao', 'cm', PACKAGE_DIMENSION_MAX_MM),
    contents: z.string().trim().max(500, { error: 'Nội dung hàng dài tối đa 500 ký tự' }).default(''),
    // As the export writes it: the amount in the currency's major units (45.99 USD), the currency in its own column.
    declaredValue: z.union([z.string(), z.number()]).optional(),
    declaredCurrency: z.string().trim().toUpperCase().optional(),
  })
  .superRefine((r, ctx) => {
    if (r.declaredValue !== undefined) {
      const currency = r.declaredCurrency;
      if (!currency) ctx.addIssue({ code: 'custom', path: ['declaredCurrency'], message: 'Chọn loại tiền của giá trị khai báo' });
      else if (!isCurrency(currency)) ctx.addIssue({ code: 'custom', path: ['declaredCurrency'], message: DECLARED_CURRENCY_MESSAGE });
      else if (declaredMinor(r.declaredValue, currency) === null) {
        ctx.addIssue({ code: 'custom', path: ['declaredValue'], message: `Giá trị khai báo phải là số, tối đa ${CURRENCY_DECIMALS[currency]} chữ số thập phân` });
      }
    }
    const given = [r.lengthCm, r.widthCm, r.heightCm].filter((v) => v !== undefined).length;
    if (given > 0 && given < 3) {
      for (const field of ['lengthCm', 'widthCm', 'heightCm'] as const) {
        if (r[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'Nhập đủ dài, rộng và cao (hoặc để trống cả ba)' });
      }
    }
  })
  .transform(
    (r): PackageCreate => ({
      trackingNumber: r.trackingNumber,
      customerId: null,
      customerCode: r.customerCode,
      orderId: null,
      storeId: null,
      destinationStoreId: null,
      weightG: r.weightKg ?? null,
      lengthMm: r.lengthCm ?? null,
      widthMm: r.widthCm ?? null,
      heightMm: r.heightCm ?? null,
      declaredValue: r.declaredValue !== undefined && r.declaredCurrency && isCurrency(r.declaredCurrency) ? declaredMinor(r.declaredValue, r.declaredCurrency) : null,
      declaredCurrency: r.declaredValue !== undefined && r.declaredCurrency && isCurrency(r.declaredCurrency) ? r.declaredCurrency : null,
      contents: r.contents,
      photos: [],
    }),
  );

const iso = (d: Date) => d.toISOString();

/** The package's open slip, else its last one, in the same query as the package (a package is on ≤ 1 open slip). */
const slipRefJson = sql<{ id: number; code: string; open: boolean } | null>`(
  SELECT json_build_object('id', ds.id, 'code', ds.code, 'open', dsp.open)
  FROM delivery_slip_packages dsp JOIN delivery_slips ds ON ds.id = dsp.slip_id
  WHERE dsp.package_id = ${packages.id}
  ORDER BY dsp.open DESC, dsp.id DESC LIMIT 1)`;

/** "Had an event of this code within the range" (read from the events' time index, like the dashboards' flow). */
function hadEvent(code: 'received_abroad' | 'departed' | 'arrived' | 'delivered'): DateRangeFilterSql {
  return { dateRange: (from, to) => sql`${packages.id} IN (SELECT e.package_id FROM tracking_events e WHERE e.code = ${sql.raw(`'${code}'`)} AND ${withinBounds(sql`e.occurred_at`, from, to)})` };
}

export const packagesResource = defineResource({
  name: 'packages',
  label: 'kiện hàng',
  table: packages,
  deletedAt: packages.deletedAt,
  spec: PACKAGE_LIST,
  schemas: {
    item: Package,
    list: PackageList,
    listQuery: PackageListQuery,
    exportQuery: PackageExportQuery,
    create: PackageCreate,
    patch: PackagePatch,
  },
  select: {
    fields: {
      ...packageWithCustomerFields,
      orderId: packages.orderId,
      orderCode: orders.code,
      storeId: packages.storeId,
      storeCode: stores.code,
      storeName: stores.name,
      destinationStoreId: packages.destinationStoreId,
      destinationCode: destinationStores.code,
      destinationName: destinationStores.name,
      mawbId: packages.mawbId,
      mawbAwbNumber: mawbs.awbNumber,
      weightG: packages.weightG,
      lengthMm: packages.lengthMm,
      widthMm: packages.widthMm,
      heightMm: packages.heightMm,
      volumetricG: packages.volumetricG,
      chargeableG: packages.chargeableG,
      declaredValue: packages.declaredValue,
      declaredCurrency: packages.declaredCurrency,
      contents: packages.contents,
      photos: packages.photos,
      status: packages.status,
      statusAt: packages.statusAt,
      unidentified: packages.unidentified,
      slip: slipRefJson,
      ...recordStamps(packages),
    },
    // Left joins: the customer, stores, order and MAWB may be absent, whatever the column types say. Each joins
    // on the other table's primary key, so a page costs one index probe per row and join.
    joins: [
      { table: customers, on: eq(customers.id, packages.customerId) },
      { table: stores, on: eq(stores.id, packages.storeId) },
      { table: destinationStores, on: eq(destinationStores.id, packages.destinationStoreId) },
      { table: orders, on: eq(orders.id, packages.orderId) },
      { table: mawbs, on: eq(mawbs.id, packages.mawbId) },
    ],
    toItem: (r): Package => ({
      id: r.id,
      code: r.code,
      trackingNumber: r.trackingNumber,
      customerId: r.customerId,
      customer: r.customerId != null && r.customerCode != null ? { id: r.customerId, code: r.customerCode, fullName: r.customerName } : null,
      orderId: r.orderId,
      order: r.orderId != null && r.orderCode != null ? { id: r.orderId, code: r.orderCode } : null,
      storeId: r.storeId,
      store: r.storeId != null && r.storeCode != null ? { id: r.storeId, code: r.storeCode, name: r.storeName } : null,
      destinationStoreId: r.destinationStoreId,
      destinationStore:
        r.destinationStoreId != null && r.destinationCode != null ? { id: r.destinationStoreId, code: r.destinationCode, name: r.destinationName } : null,
      mawbId: r.mawbId,
      mawb: r.mawbId != null && r.mawbAwbNumber != null ? { id: r.mawbId, awbNumber: r.mawbAwbNumber } : null,
      weightG: r.weightG,
      lengthMm: r.lengthMm,
      widthMm: r.widthMm,
      heightMm: r.heightMm,
      volumetricG: r.volumetricG,
      chargeableG: r.chargeableG,
      declaredValue: r.declaredValue,
      declaredCurrency: r.declaredCurrency,
      contents: r.contents,
      photos: r.photos,
      status: r.status,
      statusAt: iso(r.statusAt),
      unidentified: r.unidentified,
      slip: r.slip ? { id: Number(r.slip.id), code: r.slip.code, open: r.slip.open } : null,
      version: r.version,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    }),
  },
  sort: {
    code: packages.code,
    trackingNumber: packages.trackingNumber,
    status: packages.status,
    statusAt: packages.statusAt,
    weightG: packages.weightG,
    chargeableG: packages.chargeableG,
    createdAt: packages.createdAt,
  },
  filters: {
    status: packages.status,
    customerId: packages.customerId,
    storeId: packages.storeId,
    destinationStoreId: packages.destinationStoreId,
    mawbId: packages.mawbId,
    orderId: packages.orderId,
    onMawb: sql`(${packages.mawbId} IS NOT NULL)`,
    onOrder: sql`(${packages.orderId} IS NOT NULL)`,
    unidentified: packages.unidentified,
    created: packages.createdAt,
    weightG: packages.weightG,
    statusAt: packages.statusAt,
    onSlip: sql`EXISTS (SELECT 1 FROM delivery_slip_packages dsp WHERE dsp.package_id = ${packages.id} AND dsp.open)`,
    // The dashboards' dimensions, spelled as the dashboards spell them (dashboard.service.ts ROUTE).
    route: sql`coalesce((SELECT m.origin || '→' || m.destination FROM mawbs m WHERE m.id = ${packages.mawbId}), '—')`,
    slipDelivered: {
      dateRange: (from, to) => sql`${packages.id} IN (SELECT dsp.package_id FROM delivery_slip_packages dsp JOIN delivery_slips s ON s.id = dsp.slip_id
        WHERE s.status = 'delivered' AND ${withinBounds(sql`s.delivered_at`, from, to)})`,
    },
    receivedAbroad: sql`(${packages.receivedAbroadAt} IS NOT NULL)`,
    receivedAbroadOn: hadEvent('received_abroad'),
    departedOn: hadEvent('departed'),
    arrivedOn: hadEvent('arrived'),
    deliveredOn: hadEvent('delivered'),
  },
  search: packages.searchText,
  uniqueConstraints: UNIQUE_FIELDS,
  export: {
    fileName: 'Kiện hàng',
    fileNameEn: 'Packages',
    columns: [
      { header: 'Mã kiện', en: 'Package code', width: 12, value: (p) => p.code },
      { header: 'Mã vận đơn', en: 'Tracking number', width: 24, value: (p) => p.trackingNumber },
      { header: 'Mã KH', en: 'Customer code', width: 11, value: (p) => p.customer?.code },
      { header: 'Khách hàng', en: 'Customer', width: 24, value: (p) => p.customer?.fullName },
      { header: 'Kho nhận', en: 'Receiving warehouse', width: 12, value: (p) => p.store?.code },
      { header: 'Kho đích', en: 'Destination hub', width: 12, value: (p) => p.destinationStore?.code },
      { header: 'Trạng thái', en: 'Status', width: 22, type: 'label', value: (p) => PACKAGE_STATUS_LABELS[p.status] },
      { header: 'Cập nhật trạng thái', en: 'Status since', width: 17, type: 'datetime', value: (p) => p.statusAt },
      { header: 'Cân nặng', en: 'Weight', width: 12, type: 'weight-kg', value: (p) => p.weightG },
      { header: 'Dài', en: 'Length', width: 9, type: 'length-cm', value: (p) => p.lengthMm },
      { header: 'Rộng', en: 'Width', width: 9, type: 'length-cm', value: (p) => p.widthMm },
      { header: 'Cao', en: 'Height', width: 9, type: 'length-cm', value: (p) => p.heightMm },
      { header: 'Cân quy đổi', en: 'Volumetric weight', width: 14, type: 'weight-kg', value: (p) => p.volumetricG },
      { header: 'Cân tính cước', en: 'Chargeable weight', width: 15, type: 'weight-kg', value: (p) => p.chargeableG },
      { header: 'Giá trị khai báo', en: 'Declared value', width: 16, type: 'money-with-currency', value: (p) => p.declaredValue, currency: (p) => p.declaredCurrency },
      { header: 'Loại tiền', en: 'Currency', width: 9, value: (p) => p.declaredCurrency },
      { header: 'Nội dung', en: 'Contents', width: 30, value: (p) => p.contents },
      { header: 'Chưa xác định chủ', en: 'Unidentified', width: 10, type: 'bool', value: (p) => p.unidentified || null },
      { header: 'Ngày tạo', en: 'Created', width: 17, type: 'datetime', value: (p) => p.createdAt },
    ],
  },
  import: {
    templateName: 'Mẫu nhập kiện hàng',
    templateNameEn: 'Package import template',
    row: PackageImportRow,
    check: checkPackageImport,
    columns: [
      { field: 'trackingNumber', header: 'Mã vận đơn', en: 'Tracking number', aliases: ['Tracking', 'Tracking number', 'Số tracking', 'Mã tracking', 'Mã bill'], hint: 'Bắt buộc; mã của hãng vận chuyển (UPS, USPS, FedEx, Yamato, Japan Post…)', width: 24 },
      { field: 'customerCode', header: 'Mã khách hàng', en: 'Customer code', aliases: ['Mã KH', 'Mã suite', 'Suite'], hint: 'Mã KH (KH000123) hoặc mã suite; để trống nếu chưa biết', width: 14 },
      { field: 'weightKg', header: 'Cân nặng (kg)', en: 'Weight (kg)', aliases: ['Cân nặng', 'Trọng lượng (kg)', 'Trọng lượng'], hint: 'Số kg, tối đa 3 chữ số thập phân (1,5)', width: 13 },
      { field: 'lengthCm', header: 'Dài (cm)', en: 'Length (cm)', aliases: ['Chiều dài (cm)', 'Chiều dài'], hint: 'Số cm, tối đa 1 chữ số thập phân', width: 10 },
      { field: 'widthCm', header: 'Rộng (cm)', en: 'Width (cm)', aliases: ['Chiều rộng (cm)', 'Chiều rộng'], hint: 'Số cm, tối đa 1 chữ số thập phân', width: 10 },
      { field: 'heightCm', header: 'Cao (cm)', en: 'Height (cm)', aliases: ['Chiều cao (cm)', 'Chiều cao'], hint: 'Số cm, tối đa 1 chữ số thập phân', width: 10 },
      { field: 'declaredValue', header: 'Giá trị khai báo', en: 'Declared value', hint: 'Không bắt buộc; số tiền theo loại tiền (45,99)', width: 16 },
      { field: 'declaredCurrency', header: 'Loại tiền', en: 'Currency', hint: 'USD, JPY, KRW, EUR hoặc VND; bắt buộc khi có giá trị khai báo', width: 10 },
      { field: 'contents', header: 'Nội dung', en: 'Contents', aliases: ['Hàng hóa', 'Mô tả', 'Nội dung hàng'], width: 30 },
    ],
  },
  write: {
    create: createPackage,
    update: updatePackage,
    remove: removePackage,
  },
});
