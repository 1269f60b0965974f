import { z } from 'zod';
import { TRANSACTION_AMOUNT_MAX } from '../domain/ledger';
import { BANK_DIRECTIONS, BANK_MATCH_KINDS, BANK_PROVIDERS, BANK_REASONS, BANK_STATES } from '../domain/bank-transfer';
import { defineListSpec, filter, listedResourceSchemas, type ListQuery } from './list-query';
import { RecordStamps, Timestamp } from './resource';

/**
 * Bank transfers reconciled automatically (issue 33).
 *
 * Webhooks (public by route config; each authenticated by its provider's key, 401 `{ message, code }` otherwise):
 * - `POST /api/integrations/sepay/webhook`  SePay's body, header `Authorization: Apikey <SEPAY_WEBHOOK_KEY>`;
 *   answers 200 `{ "success": true }` once the transfer is stored (and matched when it could be).
 * - `POST /api/integrations/casso/webhook`  Casso webhook v2 `{ error, data }`, header
 *   `X-Casso-Signature: t=<ms>,v1=<hex HMAC-SHA512>`; answers 200 `{ "success": true }` the same way.
 * A retry with the same id changes nothing and answers success again; the same id with another amount or account
 * is refused (409 BANK_REPLAY_MISMATCH) and logged as suspicious.
 * What the providers count as delivered: SePay (developer.sepay.vn, "SePay Webhooks" and "Xử lý lỗi") an HTTP 2xx
 * with `{"success": true}` within 30 s, otherwise retried on a Fibonacci schedule (8 attempts over ~33 minutes);
 * Casso webhook v2 a 2xx answer (its docs' "Phản hồi khi thành công"; it gets the same body). Every transfer
 * stored (whatever it matched, a retry, the other provider's duplicate, Casso's own `error ≠ 0` report) answers
 * exactly 200 `{"success":true}`, so a stored transfer is never sent again; only a refusal answers otherwise.
 *
 * The screen (Admin): `GET /api/bank-transactions` (list engine), `GET /api/bank-transactions/:id`,
 * `GET /api/bank-transactions/summary` (unmatched count, received by transfer in a period),
 * `POST /api/bank-transactions/:id/match` `{ kind, id }`, `POST /api/bank-transactions/:id/ignore` `{ reason }`,
 * `POST /api/bank-transactions/:id/undo` `{ reason }`, each with If-Match.
 * `GET|PUT /api/bank-transactions/settings`: the webhook keys (never shown back in full) and the top-up word.
 */

export const BANK_ERROR_CODES = {
  WEBHOOK_NOT_CONFIGURED: 'BANK_WEBHOOK_NOT_CONFIGURED',
  WEBHOOK_UNAUTHORIZED: 'BANK_WEBHOOK_UNAUTHORIZED',
  WEBHOOK_SIGNATURE_EXPIRED: 'BANK_WEBHOOK_SIGNATURE_EXPIRED',
  REPLAY_MISMATCH: 'BANK_REPLAY_MISMATCH',
  NOT_MATCHABLE: 'BANK_NOT_MATCHABLE',
  NOT_UNDOABLE: 'BANK_NOT_UNDOABLE',
} as const;

const amount = z.number({ error: 'Số tiền phải là số nguyên (đồng)' }).int({ error: 'Số tiền phải là số nguyên (đồng)' });
const str = (max: number) => z.string({ error: 'Phải là chuỗi ký tự' }).max(max, { error: `Tối đa ${max} ký tự` });
const optStr = (max: number) => str(max).nullish();

/** SePay's webhook body (its docs' fields; others it may add are ignored). */
export const SepayWebhookBody = z.object({
  id: z.number({ error: 'id phải là số nguyên' }).int({ error: 'id phải là số nguyên' }).min(0).max(Number.MAX_SAFE_INTEGER),
  gateway: optStr(100),
  transactionDate: optStr(40),
  accountNumber: str(40),
  code: optStr(100),
  content: optStr(1000),
  transferType: z.enum(['in', 'out'], { error: 'transferType phải là in hoặc out' }),
  transferAmount: amount.min(1, { error: 'Số tiền phải lớn hơn 0' }).max(TRANSACTION_AMOUNT_MAX, { error: 'Số tiền quá lớn' }),
  accumulated: amount.min(-TRANSACTION_AMOUNT_MAX * 10).max(TRANSACTION_AMOUNT_MAX * 10).nullish(),
  subAccount: optStr(40),
  referenceCode: optStr(100),
  description: optStr(1000),
});
export type SepayWebhookBody = z.infer<typeof SepayWebhookBody>;

/** Casso webhook v2: `{ error, data }`; `amount` is negative for money going out. */
export const CassoWebhookBody = z.object({
  error: z.number({ error: 'error phải là số nguyên' }).int({ error: 'error phải là số nguyên' }).min(-1_000_000).max(1_000_000),
  data: z.object({
    id: z.number({ error: 'id phải là số nguyên' }).int({ error: 'id phải là số nguyên' }).min(0).max(Number.MAX_SAFE_INTEGER),
    reference: optStr(100),
    description: optStr(1000),
    amount: amount
      .min(-TRANSACTION_AMOUNT_MAX, { error: 'Số tiền quá lớn' })
      .max(TRANSACTION_AMOUNT_MAX, { error: 'Số tiền quá lớn' })
      .refine((v) => v !== 0, { error: 'Số tiền phải khác 0' }),
    runningBalance: amount.min(-TRANSACTION_AMOUNT_MAX * 10).max(TRANSACTION_AMOUNT_MAX * 10).nullish(),
    transactionDateTime: optStr(40),
    accountNumber: str(40),
    bankName: optStr(200),
    bankAbbreviation: optStr(40),
    virtualAccountNumber: optStr(40),
    virtualAccountName: optStr(200),
    counterAccountName: optStr(200),
    counterAccountNumber: optStr(40),
    counterAccountBankId: optStr(40),
    counterAccountBankName: optStr(200),
  }),
});
export type CassoWebhookBody = z.infer<typeof CassoWebhookBody>;

export const WebhookSuccess = z.object({ success: z.literal(true) });

export const BankTransaction = z.object({
  id: z.number().int(),
  provider: z.enum(BANK_PROVIDERS),
  providerId: z.string(),
  bankReference: z.string(),
  accountNumber: z.string(),
  amount: z.number().int(),
  direction: z.enum(BANK_DIRECTIONS),
  occurredAt: Timestamp.nullable(),
  memo: z.string(),
  counterAccount: z.string(),
  state: z.enum(BANK_STATES),
  /** false while stored but not yet matched (the server stopped in between; the sweep picks it up). */
  processed: z.boolean(),
  reason: z.enum(BANK_REASONS).nullable(),
  reasonNote: z.string(),
  matchKind: z.enum(BANK_MATCH_KINDS).nullable(),
  customerId: z.number().int().nullable(),
  customerCode: z.string().nullable(),
  customerName: z.string().nullable(),
  slipId: z.number().int().nullable(),
  slipCode: z.string().nullable(),
  orderId: z.number().int().nullable(),
  orderCode: z.string().nullable(),
  transactionIds: z.array(z.number().int()),
  duplicateOfId: z.number().int().nullable(),
  manualByName: z.string().nullable(),
  manualAt: Timestamp.nullable(),
  ...RecordStamps,
});
export type BankTransaction = z.infer<typeof BankTransaction>;

export const BANK_TRANSACTION_LIST = defineListSpec({
  sortable: ['createdAt', 'occurredAt', 'amount'],
  defaultSort: '-createdAt',
  search: true,
  filters: {
    state: filter.list(BANK_STATES),
    provider: filter.list(BANK_PROVIDERS),
    direction: filter.list(BANK_DIRECTIONS),
    accountNumber: filter.text(),
    customerId: filter.ids(),
    slipId: filter.ids(),
    amount: filter.range('int8'),
    created: filter.dateRange(),
  },
});
export const {
  listQuery: BankTransactionListQuery,
  exportQuery: BankTransactionExportQuery,
  list: BankTransactionList,
} = listedResourceSchemas(BankTransaction, BANK_TRANSACTION_LIST);
export type BankTransactionListQuery = ListQuery<typeof BANK_TRANSACTION_LIST>;
export type BankTransactionList = z.infer<typeof BankTransactionList>;

/** Match by hand: the record the transfer pays. */
export const BankMatchBody = z.strictObject({
  kind: z.enum(BANK_MATCH_KINDS, { error: 'Chọn khách hàng, phiếu giao hoặc đơn hàng' }),
  id: z.number({ error: 'Vui lòng chọn chứng từ' }).int({ error: 'Vui lòng chọn chứng từ' }).min(1, { error: 'Vui lòng chọn chứng từ' }).max(Number.MAX_SAFE_INTEGER),
});
export type BankMatchBody = z.infer<typeof BankMatchBody>;

/** Ignore, or undo a match: the clerk's reason is required. */
export const BankReasonBody = z.strictObject({
  reason: z
    .string({ error: 'Vui lòng nhập lý do' })
    .trim()
    .min(3, { error: 'Lý do cần ít nhất 3 ký tự' })
    .max(500, { error: 'Lý do dài tối đa 500 ký tự' }),
});
export type BankReasonBody = z.infer<typeof BankReasonBody>;

/** A calendar day YYYY-MM-DD that exists (2026-02-30 does not: the database would refuse it with a 500). */
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Ngày phải có dạng YYYY-MM-DD' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: 'Ngày không tồn tại' });
export const BankSummaryQuery = z.strictObject({ from: Day.optional(), to: Day.optional() });
export const BankSummary = z.object({
  unmatchedCount: z.number().int(),
  unmatchedAmount: z.number().int(),
  /** Σ of incoming transfers matched (not reversed) in the period, and how many. */
  receivedAmount: z.number().int(),
  receivedCount: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type BankSummary = z.infer<typeof BankSummary>;

/** Where a key comes from: the environment wins over Settings; never the key itself, only its last 4 characters. */
const BankKeyStatus = z.object({
  configured: z.boolean(),
  source: z.enum(['env', 'settings']).nullable(),
  /** "••••abcd" */
  hint: z.string().nullable(),
});
export const BankIntegrationSettings = z.object({
  sepay: BankKeyStatus,
  casso: BankKeyStatus,
  /** The receiving accounts (company settings, kind bank_account): transfers to any other account are ignored. */
  accounts: z.array(z.object({ bankName: z.string(), accountNumber: z.string(), accountName: z.string() })),
  topUpPrefix: z.string(),
  webhookPaths: z.object({ sepay: z.string(), casso: z.string() }),
});
export type BankIntegrationSettings = z.infer<typeof BankIntegrationSettings>;

const keyInput = z
  .string({ error: 'Khoá phải là chuỗi ký tự' })
  .min(16, { error: 'Khoá cần ít nhất 16 ký tự' })
  .max(200, { error: 'Khoá dài tối đa 200 ký tự' })
  .regex(/^[\x21-\x7e]+$/, { error: 'Khoá chỉ gồm chữ, số và ký hiệu, không có khoảng trắng' });
/** A key to set, null to remove it, absent to leave it. */
export const BankIntegrationSettingsPatch = z.strictObject({
  sepayKey: keyInput.nullable().optional(),
  cassoKey: keyInput.nullable().optional(),
  topUpPrefix: z
    .string({ error: 'Phải là chuỗi ký tự' })
    .max(10, { error: 'Tối đa 10 ký tự' })
    .regex(/^[A-Za-z]*$/, { error: 'Chỉ gồm chữ cái không dấu' })
    .optional(),
});
export type BankIntegrationSettingsPatch = z.infer<typeof BankIntegrationSettingsPatch>;
