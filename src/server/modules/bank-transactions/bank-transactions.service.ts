import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BANK_ERROR_CODES, type BankIntegrationSettings, type BankIntegrationSettingsPatch, type BankMatchBody, type BankSummary, type BankTransaction } from '../../../shared/contracts/bank-transactions';
import { businessDate } from '../../../shared/contracts/exchange-rates';
import { BANK_ACCOUNT_KIND, BankAccountValue } from '../../../shared/contracts/settings';
import { matchMemo } from '../../../shared/domain/bank-memo';
import { BANK_PROVIDER_LABELS, sameAccount, TRANSFER_PAYABLE_SLIP_STATUSES, type BankMatchKind, type BankProvider, type BankReason, type NormalizedTransfer } from '../../../shared/domain/bank-transfer';
import { FINAL_ORDER_STATUSES } from '../../../shared/domain/order-lifecycle';
import { foldVietnamese } from '../../../shared/text';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { appSecrets, bankTransactions, customers, deliverySlips, orders, transactions } from '../../db/schema/index';
import { writeAudit, type RequestMeta } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { staleError } from '../../lib/resource/concurrency';
import { findItem } from '../../lib/resource/list-engine';
import { settingsInForce } from '../../lib/settings';
import { runWrite, SYSTEM_META, type WriteContext } from '../../lib/write-context';
import { type MovementInput, postMovement } from '../transactions/index';
import { bankTransactionsResource } from './bank-transactions.resource';

/**
 * Bank transfers: receive (store first), match (post through the one ledger function), and a clerk's hand work.
 *
 * Exactly once, whatever the retries, the concurrency or the number of instances:
 * - storing: one row per (provider, provider id) and one per (account, bank reference) by unique indexes; an
 *   insert that meets either does nothing, and the caller then finds the row that won (a retry, or the other
 *   provider's report of the same transfer);
 * - matching: the row is locked (FOR UPDATE) and matched only while `processed_at` is null, in ONE transaction
 *   with its ledger rows and its audit row; a second matcher waits for the lock and then finds it processed.
 * A server killed between storing and matching leaves `processed_at` null: sweepUnmatchedBankTransactions() (run
 * at start, and meant for a queue schedule) matches such rows.
 */

const E = BANK_ERROR_CODES;
const def = bankTransactionsResource;
const ENTITY = 'bank-transactions';
const SECRET_NAMES: Record<BankProvider, string> = { sepay: 'sepay_webhook_key', casso: 'casso_webhook_key' };
const TOPUP_SECRET = 'bank_topup_prefix';
const WEBHOOK_PATHS: Record<BankProvider, string> = { sepay: '/api/integrations/sepay/webhook', casso: '/api/integrations/casso/webhook' };

// ---- configuration ----------------------------------------------------------------------------------------

async function secret(db: Db, name: string): Promise<string | null> {
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row?.value ?? null;
}

/** The provider's webhook key: the environment's, else the one saved in Settings, else none (every call is refused). */
export async function webhookKey(db: Db, config: Config, provider: BankProvider): Promise<string | null> {
  const env = provider === 'sepay' ? config.SEPAY_WEBHOOK_KEY : config.CASSO_WEBHOOK_KEY;
  return env ?? (await secret(db, SECRET_NAMES[provider]));
}

async function topUpPrefix(db: Db, config: Config): Promise<string> {
  return (await secret(db, TOPUP_SECRET)) ?? config.BANK_TOPUP_PREFIX;
}

/** Our receiving accounts: the bank-account settings in force (the same ones the slips' VietQR uses). */
async function receivingAccounts(db: Db): Promise<BankAccountValue[]> {
  const rows = await settingsInForce(db, BANK_ACCOUNT_KIND, { day: businessDate(Date.now()) });
  const out: BankAccountValue[] = [];
  for (const row of rows.values()) {
    const parsed = BankAccountValue.safeParse(row.value);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

const hint = (key: string) => `••••${key.slice(-4)}`;

export async function integrationSettings(db: Db, config: Config): Promise<BankIntegrationSettings> {
  const status = async (provider: BankProvider) => {
    const env = provider === 'sepay' ? config.SEPAY_WEBHOOK_KEY : config.CASSO_WEBHOOK_KEY;
    if (env) return { configured: true, source: 'env' as const, hint: hint(env) };
    const saved = await secret(db, SECRET_NAMES[provider]);
    return saved ? { configured: true, source: 'settings' as const, hint: hint(saved) } : { configured: false, source: null, hint: null };
  };
  return {
    sepay: await status('sepay'),
    casso: await status('casso'),
    accounts: (await receivingAccounts(db)).map((a) => ({ bankName: a.bankName, accountNumber: a.accountNumber, accountName: a.accountName })),
    topUpPrefix: await topUpPrefix(db, config),
    webhookPaths: WEBHOOK_PATHS,
  };
}

/** Saves keys (null removes one) and the top-up word; one audit row that says which changed, never the keys. */
export async function saveIntegrationSettings(db: Db, config: Config, meta: RequestMeta, patch: BankIntegrationSettingsPatch): Promise<BankIntegrationSettings> {
  await runWrite(db, meta, async ({ tx }) => {
    const set = async (name: string, value: string | null | undefined) => {
      if (value === undefined) return;
      if (value === null) await tx.delete(appSecrets).where(eq(appSecrets.name, name));
      else await tx.insert(appSecrets).values({ name, value }).onConflictDoUpdate({ target: appSecrets.name, set: { value } });
    };
    await set(SECRET_NAMES.sepay, patch.sepayKey);
    await set(SECRET_NAMES.casso, patch.cassoKey);
    await set(TOPUP_SECRET, patch.topUpPrefix === undefined ? undefined : patch.topUpPrefix.toUpperCase());
    const changed = Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, k.endsWith('Key') ? (v === null ? 'removed' : 'set') : v]));
    await writeAudit(tx, meta, { action: 'update', entity: 'bank-integration', entityId: null, before: null, after: changed });
  });
  return integrationSettings(db, config);
}

// ---- receiving ----------------------------------------------------------------------------------------------

export type ReceiveOutcome = { id: number; outcome: 'stored' | 'replay' | 'duplicate' };

function searchText(t: NormalizedTransfer): string {
  return foldVietnamese([t.providerId, t.bankReference, t.accountNumber, t.memo, t.counterAccount, BANK_PROVIDER_LABELS[t.provider]].join(' '));
}

/**
 * Stores a transfer as reported (one short transaction, committed before any matching). A retry of a stored one
 * is a replay; the same id with another amount, account or direction is refused (409) and written to the audit log
 * and the server log as suspicious, and nothing changes. A transfer the other provider reported first (same account
 * and bank reference) is stored as its duplicate and ignored.
 */
export async function receiveTransfer(db: Db, t: NormalizedTransfer, rawPayload: string, log: FastifyBaseLogger): Promise<ReceiveOutcome> {
  const values = {
    provider: t.provider,
    providerId: t.providerId,
    bankReference: t.bankReference,
    accountNumber: t.accountNumber,
    amount: t.amount,
    direction: t.direction,
    occurredAt: t.occurredAt,
    memo: t.memo,
    counterAccount: t.counterAccount,
    rawPayload,
    searchText: searchText(t),
  };
  const [inserted] = await db.insert(bankTransactions).values(values).onConflictDoNothing().returning({ id: bankTransactions.id });
  if (inserted) return { id: inserted.id, outcome: 'stored' };

  const [same] = await db
    .select({ id: bankTransactions.id, amount: bankTransactions.amount, accountNumber: bankTransactions.accountNumber, direction: bankTransactions.direction })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.provider, t.provider), eq(bankTransactions.providerId, t.providerId)));
  if (same) {
    if (same.amount === t.amount && same.accountNumber === t.accountNumber && same.direction === t.direction) return { id: same.id, outcome: 'replay' };
    log.warn({ bankTransactionId: same.id, provider: t.provider, providerId: t.providerId, stored: same, received: { amount: t.amount, accountNumber: t.accountNumber, direction: t.direction } }, 'suspicious bank webhook: a known transaction id with different figures was refused');
    await runWrite(db, SYSTEM_META, ({ tx }) =>
      writeAudit(tx, SYSTEM_META, { action: 'suspicious-replay', entity: ENTITY, entityId: same.id, before: same, after: { amount: t.amount, accountNumber: t.accountNumber, direction: t.direction, rawPayload } }),
    );
    throw new HttpError(
      409,
      `Giao dịch ${BANK_PROVIDER_LABELS[t.provider]} ${t.providerId} đã nhận với số tiền hoặc tài khoản khác: từ chối và ghi nhận là đáng ngờ`,
      E.REPLAY_MISMATCH,
    );
  }

  // Not this provider's id, so the (account, bank reference) was taken: the other provider reported it first.
  const [first] = await db
    .select({ id: bankTransactions.id })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.accountNumber, t.accountNumber), eq(bankTransactions.bankReference, t.bankReference), isNull(bankTransactions.duplicateOfId)));
  if (!first) throw new Error('bank transfer insert conflicted with no row');
  const [dup] = await db
    .insert(bankTransactions)
    .values({ ...values, duplicateOfId: first.id, state: 'ignored', reason: 'duplicate', processedAt: sql`now()` })
    .onConflictDoNothing()
    .returning({ id: bankTransactions.id });
  if (dup) return { id: dup.id, outcome: 'duplicate' };
  // A concurrent delivery of this very report stored it between the two statements.
  return receiveTransfer(db, t, rawPayload, log);
}

// ---- matching and posting ----------------------------------------------------------------------------------

type Row = typeof bankTransactions.$inferSelect;

interface Decision {
  state: 'matched' | 'unmatched' | 'ignored' | 'reversed';
  reason: BankReason | null;
  reasonNote: string;
  matchKind: BankMatchKind | null;
  customerId: number | null;
  slipId: number | null;
  orderId: number | null;
  transactionIds: number[];
}

const unmatched = (reason: BankReason, reasonNote = ''): Decision => ({
  state: reason === 'outgoing' || reason === 'unknown_account' ? 'ignored' : 'unmatched',
  reason,
  reasonNote,
  matchKind: null,
  customerId: null,
  slipId: null,
  orderId: null,
  transactionIds: [],
});

function movementText(row: Row): Pick<MovementInput, 'reference' | 'note'> {
  return {
    reference: `${BANK_PROVIDER_LABELS[row.provider]} ${row.providerId}${row.bankReference ? ` · ${row.bankReference}` : ''}`.slice(0, 200),
    note: row.memo.slice(0, 2000),
  };
}

/** Σ payments − refunds of the order (what the wallet paid for it). */
async function paidForOrder(tx: Db, orderId: number): Promise<number> {
  const [r] = await tx
    .select({ s: sql<string>`coalesce(-sum(${transactions.amount}), 0)::bigint` })
    .from(transactions)
    .where(and(eq(transactions.referenceType, 'order'), eq(transactions.referenceId, orderId), inArray(transactions.type, ['payment', 'refund'])));
  return Number(r?.s ?? 0);
}

/**
 * Posts the transfer to what it pays, through postMovement (which locks the customer's wallet):
 * - a slip: a `collection` of what the slip still has to collect (all of it when the transfer is less: a partial
 *   payment; the slip still shows the rest), and any surplus as a `deposit` that stays in the wallet;
 * - an order: a `deposit` of the transfer, then the wallet's `payment` of what the order still owes (at most the
 *   transfer), as orders record payments; the rest stays in the wallet;
 * - a customer: a `deposit` (wallet top-up).
 * All by bank transfer. A target that cannot be paid (a cancelled or settled slip or order) → unmatched, for a clerk.
 */
async function postTo(ctx: WriteContext, row: Row, kind: BankMatchKind, code: { id?: number; code?: string }): Promise<Decision> {
  const { tx } = ctx;
  const text = movementText(row);
  if (kind === 'slip') {
    const [slip] = await tx
      .select({ id: deliverySlips.id, code: deliverySlips.code, customerId: deliverySlips.customerId, status: deliverySlips.status, amountToCollect: deliverySlips.amountToCollect, paidByTransfer: deliverySlips.paidByTransfer })
      .from(deliverySlips)
      .where(code.id ? eq(deliverySlips.id, code.id) : eq(deliverySlips.code, code.code!))
      .for('update');
    if (!slip) return unmatched('unknown_code', code.code ?? '');
    const due = Math.max(0, slip.amountToCollect - slip.paidByTransfer);
    if (!TRANSFER_PAYABLE_SLIP_STATUSES.includes(slip.status) || due === 0) return unmatched('not_payable', slip.code);
    const collect = Math.min(row.amount, due);
    const ids: number[] = [];
    ids.push((await postMovement(ctx, { customerId: slip.customerId, type: 'collection', amount: collect, method: 'bank_transfer', referenceType: 'delivery_slip', referenceId: slip.id, ...text })).id);
    // The slip is marked paid by transfer (its screen and print say so; the counter collects only the rest).
    await tx.update(deliverySlips).set({ paidByTransfer: sql`${deliverySlips.paidByTransfer} + ${collect}` }).where(eq(deliverySlips.id, slip.id));
    if (row.amount > collect) ids.push((await postMovement(ctx, { customerId: slip.customerId, type: 'deposit', amount: row.amount - collect, method: 'bank_transfer', ...text })).id);
    return { state: 'matched', reason: null, reasonNote: '', matchKind: 'slip', customerId: slip.customerId, slipId: slip.id, orderId: null, transactionIds: ids };
  }
  if (kind === 'order') {
    const [order] = await tx
      .select({ id: orders.id, code: orders.code, customerId: orders.customerId, status: orders.status, total: orders.total })
      .from(orders)
      .where(and(code.id ? eq(orders.id, code.id) : eq(orders.code, code.code!), isNull(orders.deletedAt)));
    if (!order) return unmatched('unknown_code', code.code ?? '');
    const due = Math.max(0, order.total - (await paidForOrder(tx, order.id)));
    if (FINAL_ORDER_STATUSES.includes(order.status) || due === 0) return unmatched('not_payable', order.code);
    const ids: number[] = [];
    ids.push((await postMovement(ctx, { customerId: order.customerId, type: 'deposit', amount: row.amount, method: 'bank_transfer', referenceType: 'order', referenceId: order.id, ...text })).id);
    ids.push((await postMovement(ctx, { customerId: order.customerId, type: 'payment', amount: Math.min(row.amount, due), method: null, referenceType: 'order', referenceId: order.id, ...text })).id);
    return { state: 'matched', reason: null, reasonNote: '', matchKind: 'order', customerId: order.customerId, slipId: null, orderId: order.id, transactionIds: ids };
  }
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(code.id ? eq(customers.id, code.id) : eq(customers.code, code.code!), isNull(customers.deletedAt)));
  if (!customer) return unmatched('unknown_code', code.code ?? '');
  const deposit = await postMovement(ctx, { customerId: customer.id, type: 'deposit', amount: row.amount, method: 'bank_transfer', ...text });
  return { state: 'matched', reason: null, reasonNote: '', matchKind: 'customer', customerId: customer.id, slipId: null, orderId: null, transactionIds: [deposit.id] };
}

/** Runs fn in a savepoint: a refusal (a 409 from the ledger) leaves the outer transaction usable. */
async function attempt(ctx: WriteContext, fn: (inner: WriteContext) => Promise<Decision>, onRefused: (err: HttpError) => Decision): Promise<Decision> {
  try {
    return await ctx.tx.transaction(async (sp) => fn({ ...ctx, tx: sp as unknown as Db }));
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) return onRefused(err);
    throw err;
  }
}

async function applyDecision(ctx: WriteContext, row: Row, d: Decision, action: string, manual: boolean): Promise<BankTransaction> {
  const before = await findItem<BankTransaction>(ctx.tx, def, row.id);
  await ctx.tx
    .update(bankTransactions)
    .set({
      state: d.state,
      reason: d.reason,
      reasonNote: d.reasonNote,
      matchKind: d.matchKind,
      customerId: d.customerId,
      slipId: d.slipId,
      orderId: d.orderId,
      transactionIds: d.transactionIds,
      processedAt: row.processedAt ?? sql`now()`,
      ...(manual ? { manualBy: ctx.meta.actorId, manualAt: sql`now()` } : {}),
      version: sql`${bankTransactions.version} + 1`,
      updatedAt: sql`now()`,
      updatedBy: ctx.meta.actorId,
    })
    .where(eq(bankTransactions.id, row.id));
  const after = (await findItem<BankTransaction>(ctx.tx, def, row.id))!;
  await writeAudit(ctx.tx, ctx.meta, { action, entity: ENTITY, entityId: row.id, before, after });
  return after;
}

/**
 * Matches one stored transfer, once: row lock, and nothing when it was already processed. In one transaction:
 * the decision, its ledger rows (if any), the row's new state and one audit row.
 */
export async function processTransfer(db: Db, config: Config, id: number): Promise<BankTransaction | null> {
  const accounts = await receivingAccounts(db);
  const prefix = await topUpPrefix(db, config);
  return runWrite(db, SYSTEM_META, async (ctx) => {
    const [row] = await ctx.tx.select().from(bankTransactions).where(eq(bankTransactions.id, id)).for('update');
    if (!row || row.processedAt) return null;
    let d: Decision;
    if (row.direction === 'out') d = unmatched('outgoing');
    else if (!accounts.some((a) => sameAccount(a.accountNumber, row.accountNumber))) d = unmatched('unknown_account', row.accountNumber);
    else {
      const m = matchMemo(row.memo, { topUpPrefix: prefix });
      if (m.kind === 'none') d = unmatched('no_code');
      else if (m.kind === 'conflict') d = unmatched('conflict', m.codes.join(', '));
      else d = await attempt(ctx, (inner) => postTo(inner, row, m.kind as BankMatchKind, { code: (m as { code: string }).code }), (err) => unmatched('not_payable', err.message));
    }
    return applyDecision(ctx, row, d, 'auto-match', false);
  });
}

/**
 * Every stored transfer whose matching never ran (the server stopped between storing and matching), oldest first.
 * Run at start; a queue schedule can call it as it is (each row is locked and matched at most once).
 */
export async function sweepUnmatchedBankTransactions(db: Db, config: Config, log?: FastifyBaseLogger): Promise<number> {
  const rows = await db.select({ id: bankTransactions.id }).from(bankTransactions).where(isNull(bankTransactions.processedAt)).orderBy(asc(bankTransactions.id)).limit(1000);
  let done = 0;
  for (const r of rows) {
    try {
      if (await processTransfer(db, config, r.id)) done++;
    } catch (err) {
      log?.error({ err, bankTransactionId: r.id }, 'matching a stored bank transfer failed; it stays for the next sweep');
    }
  }
  if (done) log?.info({ matched: done }, 'bank transfers stored before a stop were matched');
  return done;
}

// ---- a clerk's hand work ----------------------------------------------------------------------------------

async function lockForHand(ctx: WriteContext, id: number, ifMatch: number): Promise<Row> {
  const [row] = await ctx.tx.select().from(bankTransactions).where(eq(bankTransactions.id, id)).for('update');
  if (!row) throw new HttpError(404, 'Không tìm thấy giao dịch ngân hàng');
  if (row.version !== ifMatch) throw staleError((await findItem<BankTransaction>(ctx.tx, def, id))!, def.label);
  return row;
}

const notMatchable = () =>
  new HttpError(409, 'Chỉ ghép được giao dịch tiền vào đang chưa khớp hoặc đã bỏ qua, vào tài khoản của công ty', E.NOT_MATCHABLE);

/** Match an unmatched (or ignored) incoming transfer by hand to a customer, a slip or an order. */
export async function matchByHand(db: Db, meta: RequestMeta, id: number, ifMatch: number, body: BankMatchBody): Promise<BankTransaction> {
  return runWrite(db, meta, async (ctx) => {
    const row = await lockForHand(ctx, id, ifMatch);
    if (row.direction !== 'in' || (row.state !== 'unmatched' && row.state !== 'ignored') || row.reason === 'duplicate') throw notMatchable();
    const d = await postTo(ctx, row, body.kind, { id: body.id });
    if (d.state !== 'matched') {
      if (d.reason === 'unknown_code') throw new HttpError(404, 'Không tìm thấy chứng từ đã chọn');
      throw new HttpError(409, `Chứng từ ${d.reasonNote} không còn khoản nào phải thu`, E.NOT_MATCHABLE);
    }
    return applyDecision(ctx, row, d, 'match', true);
  });
}

/** Ignore an unmatched transfer, with the clerk's reason (it can still be matched later). */
export async function ignoreByHand(db: Db, meta: RequestMeta, id: number, ifMatch: number, reason: string): Promise<BankTransaction> {
  return runWrite(db, meta, async (ctx) => {
    const row = await lockForHand(ctx, id, ifMatch);
    if (row.state !== 'unmatched') throw new HttpError(409, 'Chỉ bỏ qua được giao dịch chưa khớp', E.NOT_MATCHABLE);
    return applyDecision(ctx, row, { ...unmatched('manual', reason), state: 'ignored' }, 'ignore', true);
  });
}

/**
 * Undo a match: the wallet rows it posted are reversed by new rows (a payment by a refund, money in by a negative
 * adjustment), never deleted; the transfer is `reversed` and may not be matched again (a new transfer is).
 * Refused (409) when the wallet no longer holds the money (the credit-limit rule of the ledger).
 */
export async function undoMatch(db: Db, meta: RequestMeta, id: number, ifMatch: number, reason: string): Promise<BankTransaction> {
  return runWrite(db, meta, async (ctx) => {
    const row = await lockForHand(ctx, id, ifMatch);
    if (row.state !== 'matched' || !row.customerId) throw new HttpError(409, 'Chỉ hoàn tác được giao dịch đã khớp', E.NOT_UNDOABLE);
    const posted = await ctx.tx.select().from(transactions).where(inArray(transactions.id, row.transactionIds));
    // Payments first (money back into the wallet), then what came in is taken out again.
    posted.sort((a, b) => a.amount - b.amount);
    const reversing: number[] = [];
    for (const t of posted) {
      const ref = t.referenceType && t.referenceId ? { referenceType: t.referenceType, referenceId: t.referenceId } : {};
      const note = `Hoàn tác giao dịch ngân hàng: ${reason}`.slice(0, 2000);
      const input: MovementInput =
        t.amount < 0
          ? { customerId: t.customerId, type: 'refund', amount: -t.amount, method: null, ...ref, reference: t.code, note }
          : { customerId: t.customerId, type: 'adjustment', amount: -t.amount, method: 'bank_transfer', ...ref, reference: t.code, note };
      reversing.push((await postMovement(ctx, input)).id);
      if (t.type === 'collection' && t.referenceType === 'delivery_slip' && t.referenceId) {
        await ctx.tx.update(deliverySlips).set({ paidByTransfer: sql`greatest(${deliverySlips.paidByTransfer} - ${t.amount}, 0)` }).where(eq(deliverySlips.id, t.referenceId));
      }
    }
    const d: Decision = {
      state: 'reversed',
      reason: 'manual',
      reasonNote: reason,
      matchKind: row.matchKind,
      customerId: row.customerId,
      slipId: row.slipId,
      orderId: row.orderId,
      transactionIds: [...row.transactionIds, ...reversing],
    };
    return applyDecision(ctx, row, d, 'undo', true);
  });
}

// ---- summary (menu badge, dashboards) -------------------------------------------------------------------------

export async function bankSummary(db: Db, from?: string, to?: string): Promise<BankSummary> {
  const [u] = await db
    .select({ n: sql<string>`count(*)`, s: sql<string>`coalesce(sum(${bankTransactions.amount}), 0)` })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.state, 'unmatched'), eq(bankTransactions.direction, 'in')));
  const period = [
    from ? sql`coalesce(${bankTransactions.occurredAt}, ${bankTransactions.createdAt}) >= (${from}::date)::timestamp AT TIME ZONE 'Asia/Ho_Chi_Minh'` : undefined,
    to ? sql`coalesce(${bankTransactions.occurredAt}, ${bankTransactions.createdAt}) < ((${to}::date + 1)::timestamp AT TIME ZONE 'Asia/Ho_Chi_Minh')` : undefined,
  ];
  const [r] = await db
    .select({ n: sql<string>`count(*)`, s: sql<string>`coalesce(sum(${bankTransactions.amount}), 0)` })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.state, 'matched'), eq(bankTransactions.direction, 'in'), ...period));
  return { unmatchedCount: Number(u?.n ?? 0), unmatchedAmount: Number(u?.s ?? 0), receivedCount: Number(r?.n ?? 0), receivedAmount: Number(r?.s ?? 0), from: from ?? null, to: to ?? null };
}
