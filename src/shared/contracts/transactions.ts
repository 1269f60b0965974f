import { z } from 'zod';
import {
  LINKABLE_REFERENCE_TYPES,
  TRANSACTION_AMOUNT_MAX,
  TRANSACTION_METHODS,
  TRANSACTION_REFERENCE_KINDS,
  TRANSACTION_REFERENCE_TYPES,
  TRANSACTION_TYPES,
  hasMethod,
  validInputAmount,
  type TransactionReferenceType,
} from '../domain/ledger';
import { TRANSACTION_NOTE_CODES } from '../domain/transaction-notes';
import { IDEMPOTENCY_ERROR_CODES, IDEMPOTENCY_HEADER } from './idempotency';
import { defineListSpec, filter, listedResourceSchemas, type ListQuery } from './list-query';
import { RecordStamps } from './resource';

export { TRANSACTION_METHODS, TRANSACTION_TYPES };
export type { TransactionMethod, TransactionType } from '../domain/ledger';

/**
 * The customer wallet ledger: `/api/transactions`. Append-only (shared/domain/ledger.ts has the rules).
 *
 * - `GET /api/transactions` (list; filters customerId, type, method, orderId, amount range, created date
 *   range), `GET /api/transactions/export`, `GET /api/transactions/:id` (ETag).
 * - `GET /api/transactions/totals` takes the very same query string as the list (paging and sort are
 *   ignored) and answers `{ count, totalIn, totalOut, net }` of the whole filtered set.
 * - `POST /api/transactions` `{ customerId, type, amount, method, referenceType?, referenceId?, reference?,
 *   note? }` with an `Idempotency-Key` header (1–255 visible ASCII characters, unique per user; a UUID is
 *   ideal) → 201 with the row: `amount` SIGNED by type and `balanceAfter`.
 *     · `amount` is a positive integer đồng; only an adjustment may be negative (never 0).
 *     · missing key → 400 (code IDEMPOTENCY_KEY_REQUIRED); the same key with the same body → the first
 *       answer again, status and body, with header `Idempotent-Replayed: true`; the same key with another
 *       body → 422 (IDEMPOTENCY_KEY_REUSED). Answers that were decided (201, 404, 409) are kept; a
 *       validation error (400) is not, so a corrected body may reuse the key.
 *     · a movement out of the wallet that would take the balance below −creditLimit → 409
 *       (CREDIT_LIMIT_EXCEEDED) naming balance and limit; `details` = CreditLimitDetails.
 *     · `referenceType` + `referenceId` link the row to a record of the same customer, among the kinds
 *       TRANSACTION_REFERENCE_KINDS marks linkable (an order); delivery slips post their rows themselves.
 * - `PATCH /api/transactions/:id` (If-Match) changes only `note` and `reference`. There is no DELETE:
 *   an amount is corrected by a new adjustment.
 * - The customer's `balance` (`/api/customers/:id`) is always the sum of their rows.
 */

/** Vietnamese labels, used by exports and server messages (the web translates with i18n). */
export const TRANSACTION_TYPE_LABELS: Record<(typeof TRANSACTION_TYPES)[number], string> = {
  deposit: 'Nạp tiền',
  payment: 'Thanh toán',
  refund: 'Hoàn tiền',
  adjustment: 'Điều chỉnh',
  cod: 'Thu hộ (COD)',
  collection: 'Thu tiền phiếu giao',
};
export const TRANSACTION_METHOD_LABELS: Record<(typeof TRANSACTION_METHODS)[number], string> = { cash: 'Tiền mặt', bank_transfer: 'Chuyển khoản' };

export { IDEMPOTENCY_HEADER,   };

export const TRANSACTION_ERROR_CODES = {
  ...IDEMPOTENCY_ERROR_CODES,
  CREDIT_LIMIT_EXCEEDED: 'CREDIT_LIMIT_EXCEEDED',
  /** A payment above what the order still owes: details { due, amount }. */
  ORDER_OVERPAID: 'ORDER_OVERPAID',
  /** A refund above what the order was paid: details { paid, amount }. */
  ORDER_OVERREFUNDED: 'ORDER_OVERREFUNDED',
  /** A payment for a cancelled or completed order. */
  ORDER_CLOSED: 'ORDER_CLOSED',
} as const;

/** The details of ORDER_OVERPAID: what the order still owes and what was asked. */
export const OrderOverpaidDetails = z.object({ due: z.number().int(), amount: z.number().int() });
export type OrderOverpaidDetails = z.output<typeof OrderOverpaidDetails>;

export { TRANSACTION_REFERENCE_KINDS,  };
export type { TransactionReferenceType };

const TRANSACTION_STATUSES = ['completed'] as const;

const text = {
  reference: z.string().trim().max(200, { error: 'Số tham chiếu dài tối đa 200 ký tự' }),
  note: z.string().trim().max(2000, { error: 'Ghi chú dài tối đa 2000 ký tự' }),
};

export const TransactionCreate = z
  .strictObject({
    customerId: z.number({ error: 'Vui lòng chọn khách hàng' }).int({ error: 'Khách hàng không hợp lệ' }).min(1, { error: 'Vui lòng chọn khách hàng' }),
    type: z.enum(TRANSACTION_TYPES, { error: `Loại giao dịch không hợp lệ (cho phép: ${TRANSACTION_TYPES.join(', ')})` }),
    amount: z
      .number({ error: 'Số tiền phải là số nguyên (đồng)' })
      .int({ error: 'Số tiền phải là số nguyên (đồng)' })
      .min(-TRANSACTION_AMOUNT_MAX, { error: 'Số tiền quá lớn' })
      .max(TRANSACTION_AMOUNT_MAX, { error: 'Số tiền quá lớn' }),
    /** Required for money crossing the counter; a wallet payment or refund has none (ignored when sent). */
    method: z.enum(TRANSACTION_METHODS, { error: 'Hình thức phải là cash (tiền mặt) hoặc bank_transfer (chuyển khoản)' }).nullable().optional(),
    referenceType: z.enum(LINKABLE_REFERENCE_TYPES, { error: 'Chỉ liên kết được với đơn hàng (order)' }).nullable().optional(),
    referenceId: z.number({ error: 'Mã tham chiếu không hợp lệ' }).int({ error: 'Mã tham chiếu không hợp lệ' }).min(1, { error: 'Mã tham chiếu không hợp lệ' }).nullable().optional(),
    reference: text.reference.default(''),
    note: text.note.default(''),
  })
  .superRefine((t, ctx) => {
    if (!validInputAmount(t.type, t.amount)) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: t.type === 'adjustment' ? 'Số tiền điều chỉnh phải khác 0' : 'Số tiền phải lớn hơn 0 (chỉ điều chỉnh mới được âm)',
      });
    }
    if (t.type === 'collection') {
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'Tiền thu của phiếu giao được ghi khi xác nhận giao phiếu (hoặc khi chuyển khoản khớp phiếu), không ghi tay' });
    }
    if (hasMethod(t.type) && t.method == null) {
      ctx.addIssue({ code: 'custom', path: ['method'], message: 'Hình thức phải là cash (tiền mặt) hoặc bank_transfer (chuyển khoản)' });
    }
    if ((t.referenceType == null) !== (t.referenceId == null)) {
      ctx.addIssue({ code: 'custom', path: [t.referenceType == null ? 'referenceType' : 'referenceId'], message: 'Cần cả loại và mã tham chiếu' });
    }
  })
  .transform((t) => ({
    ...t,
    method: hasMethod(t.type) ? (t.method ?? null) : null,
    referenceType: t.referenceType ?? null,
    referenceId: t.referenceId ?? null,
  }));
export type TransactionCreate = z.output<typeof TransactionCreate>;
export type TransactionCreateInput = z.input<typeof TransactionCreate>;

/** Only note and reference change; needs `If-Match`. */
export const TransactionPatch = z.strictObject({
  reference: text.reference.optional(),
  note: text.note.optional(),
});
export type TransactionPatch = z.output<typeof TransactionPatch>;

export const Transaction = z.object({
  id: z.number().int(),
  code: z.string(),
  customerId: z.number().int(),
  customerCode: z.string(),
  customerName: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  /** Signed: + into the wallet, − out of it. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  /** null for a payment or refund: money that never left the wallet has no method. */
  method: z.enum(TRANSACTION_METHODS).nullable(),
  referenceType: z.enum(TRANSACTION_REFERENCE_TYPES).nullable(),
  referenceId: z.number().int().nullable(),
  /** The referred record's code (an order's DH…), when there is one. */
  referenceCode: z.string().nullable(),
  /** Free text: a bank transfer reference, a receipt number. */
  reference: z.string(),
  /** What staff typed (PATCH edits it). */
  note: z.string(),
  /** A note the system wrote, as a code and its parameters, rendered in the reader's language (shared/domain/transaction-notes.ts). */
  noteCode: z.enum(TRANSACTION_NOTE_CODES).nullable(),
  noteParams: z.record(z.string(), z.string()),
  status: z.enum(TRANSACTION_STATUSES),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  ...RecordStamps,
});
export type Transaction = z.infer<typeof Transaction>;

/** `details` of the 409 when a movement would break the credit limit. */
export const CreditLimitDetails = z.object({
  balance: z.number().int(),
  creditLimit: z.number().int(),
  /** balance + creditLimit: what can still be taken out. */
  available: z.number().int(),
  /** The signed amount that was refused. */
  amount: z.number().int(),
});
export type CreditLimitDetails = z.infer<typeof CreditLimitDetails>;

export const TRANSACTION_LIST = defineListSpec({
  sortable: ['createdAt', 'code', 'amount'],
  defaultSort: '-createdAt',
  search: true,
  filters: {
    customerId: filter.ids(),
    type: filter.list(TRANSACTION_TYPES),
    method: filter.list(TRANSACTION_METHODS),
    orderId: filter.ids(),
    amount: filter.range('int8'),
    created: filter.dateRange(),
  },
});

export const { listQuery: TransactionListQuery, exportQuery: TransactionExportQuery, list: TransactionList } = listedResourceSchemas(Transaction, TRANSACTION_LIST);
export type TransactionListQuery = ListQuery<typeof TRANSACTION_LIST>;
export type TransactionList = z.infer<typeof TransactionList>;

/** Totals of the filtered set (`GET /api/transactions/totals`, same query as the list). */
export const TransactionTotals = z.object({
  count: z.number().int(),
  /** Σ of the positive amounts. */
  totalIn: z.number().int(),
  /** Σ of the negative amounts, as a positive number. */
  totalOut: z.number().int(),
  /** totalIn − totalOut. */
  net: z.number().int(),
});
export type TransactionTotals = z.infer<typeof TransactionTotals>;
