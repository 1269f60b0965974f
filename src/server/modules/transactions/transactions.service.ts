import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiError } from '../../../shared/contracts/errors';
import type { ListQuery } from '../../../shared/contracts/list-query';
import {
  TRANSACTION_ERROR_CODES,
  TRANSACTION_TYPE_LABELS,
  type CreditLimitDetails,
  type Transaction,
  type TransactionCreate,
  type TransactionPatch,
  type TransactionTotals,
} from '../../../shared/contracts/transactions';
import { applyToBalance, signedAmount } from '../../../shared/domain/ledger';
import { formatDong } from '../../../shared/domain/money';
import { foldVietnamese } from '../../../shared/text';
import type { Db } from '../../db/client';
import { customers, idempotencyKeys, orders, transactions } from '../../db/schema/index';
import { requestMeta, writeAudit, type RequestMeta } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import type { AnyListSource, UpdatePlan, WriteContext } from '../../lib/resource/define';
import { findItem, whereFor } from '../../lib/resource/list-engine';

/**
 * The wallet ledger. Every movement runs in ONE database transaction that
 *   1. claims the Idempotency-Key (a unique row per user and key: a concurrent request with the same key
 *      waits on that index until this one commits, then reads its stored answer),
 *   2. locks the customer row (SELECT … FOR UPDATE): the customer row is the lock of its wallet, so two
 *      payments of one customer run one after the other on PostgreSQL, whatever the pool size (PGlite has a
 *      single connection and serialises transactions anyway),
 *   3. applies the credit-limit rule to the balance it just read under the lock, appends the ledger row with
 *      its balance_after, moves customers.balance by the same amount, writes one audit row,
 *   4. stores the answer with the key.
 * The balance therefore always equals the sum of the rows, and no interleaving can overdraw it; a CHECK in
 * 0005 (balance ≥ −credit_limit) backs the rule up inside the database itself.
 */

export function transactionSearchText(code: string, reference: string, note: string): string {
  return foldVietnamese([code, reference, note].filter(Boolean).join(' '));
}

export async function updateTransaction(_ctx: WriteContext, current: Transaction, patch: TransactionPatch): Promise<UpdatePlan> {
  const reference = patch.reference ?? current.reference;
  const note = patch.note ?? current.note;
  return { set: { reference, note, searchText: transactionSearchText(current.code, reference, note) } };
}

/** What a POST answered: stored with its key and sent again, identically, on a replay. */
export interface PostAnswer {
  status: number;
  body: Transaction | ApiError;
  replayed: boolean;
}

/** The hash that tells "the same request again" from "another request with a reused key". */
export function requestHash(method: string, path: string, body: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
    return v;
  };
  return createHash('sha256').update(JSON.stringify([method, path, canonical(body)])).digest('hex');
}

function errorBody(err: HttpError): ApiError {
  return err.details === undefined ? { message: err.message, code: err.code } : { message: err.message, code: err.code, details: err.details };
}

export async function postTransaction(
  app: FastifyInstance,
  req: FastifyRequest,
  def: AnyListSource,
  input: TransactionCreate,
  key: string,
): Promise<PostAnswer> {
  const meta = requestMeta(req);
  const userId = meta.actorId!;
  const hash = requestHash('POST', '/api/transactions', input);
  return app.deps.database.db.transaction(async (outer) => {
    const tx = outer as unknown as Db;
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash })
      .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.key] })
      .returning({ id: idempotencyKeys.id });
    if (!claimed.length) {
      const [prior] = await tx
        .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.responseStatus, body: idempotencyKeys.responseBody })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!prior || prior.requestHash !== hash) {
        throw new HttpError(
          422,
          'Idempotency-Key này đã được dùng cho một yêu cầu khác. Hãy dùng một khóa mới cho mỗi giao dịch.',
          TRANSACTION_ERROR_CODES.IDEMPOTENCY_KEY_REUSED,
        );
      }
      // Written in the same transaction as the claim, so a visible claim always has its answer.
      if (prior.status == null) throw new HttpError(409, 'Yêu cầu với Idempotency-Key này đang được xử lý, vui lòng thử lại sau giây lát');
      return { status: prior.status, body: prior.body as PostAnswer['body'], replayed: true };
    }

    let answer: PostAnswer;
    try {
      // A savepoint: a refused movement leaves nothing behind but its stored answer.
      const item = await tx.transaction(async (sp) => applyMovement(sp as unknown as Db, meta, def, input));
      answer = { status: 201, body: item, replayed: false };
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
      answer = { status: err.statusCode, body: errorBody(err), replayed: false };
    }
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: answer.status, responseBody: answer.body })
      .where(eq(idempotencyKeys.id, claimed[0]!.id));
    return answer;
  });
}

async function applyMovement(tx: Db, meta: RequestMeta, def: AnyListSource, input: TransactionCreate): Promise<Transaction> {
  const [customer] = await tx
    .select({ id: customers.id, code: customers.code, fullName: customers.fullName, balance: customers.balance, creditLimit: customers.creditLimit })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), isNull(customers.deletedAt)))
    .for('update');
  if (!customer) throw new HttpError(404, 'Không tìm thấy khách hàng', undefined, [{ path: 'customerId', message: 'Không tìm thấy khách hàng' }]);

  if (input.referenceType === 'order') {
    // FOR SHARE: an order delete (which checks that no row refers to it, under FOR UPDATE) waits for this one.
    const [order] = await tx
      .select({ code: orders.code, customerId: orders.customerId })
      .from(orders)
      .where(and(eq(orders.id, input.referenceId!), isNull(orders.deletedAt)))
      .for('share');
    if (!order) throw new HttpError(404, 'Không tìm thấy đơn hàng được tham chiếu', undefined, [{ path: 'referenceId', message: 'Không tìm thấy đơn hàng' }]);
    if (order.customerId !== customer.id) {
      const message = `Đơn ${order.code} không thuộc khách hàng ${customer.code}`;
      throw new HttpError(409, message, undefined, [{ path: 'referenceId', message }]);
    }
  }

  const amount = signedAmount(input.type, input.amount);
  const decision = applyToBalance(customer.balance, customer.creditLimit, amount);
  if (!decision.ok) {
    const details: CreditLimitDetails = { balance: customer.balance, creditLimit: customer.creditLimit, available: decision.available, amount };
    throw new HttpError(
      409,
      // One template literal, so the English catalog can hold the whole sentence (shared/i18n/messages.en.ts).
      `Không đủ số dư để ${TRANSACTION_TYPE_LABELS[input.type].toLowerCase()} ${formatDong(-amount)}: khách hàng ${customer.code} có số dư ${formatDong(customer.balance)}, hạn mức công nợ ${formatDong(customer.creditLimit)} (còn dùng được ${formatDong(decision.available)}).`,
      TRANSACTION_ERROR_CODES.CREDIT_LIMIT_EXCEEDED,
      details,
    );
  }

  const codeRows = await tx.execute<{ code: string }>(sql`SELECT 'GD' || lpad(nextval('transaction_code_seq')::text, 8, '0') AS code`);
  const code = (((codeRows as unknown as { rows?: Array<{ code: string }> }).rows ?? codeRows) as unknown as Array<{ code: string }>)[0]!.code;
  const [row] = await tx
    .insert(transactions)
    .values({
      code,
      customerId: customer.id,
      type: input.type,
      amount,
      balanceAfter: decision.balanceAfter,
      method: input.method,
      referenceType: input.referenceType,
      referenceId: input.referenceId,
      reference: input.reference,
      note: input.note,
      searchText: transactionSearchText(code, input.reference, input.note),
      createdBy: meta.actorId,
      updatedBy: meta.actorId,
    })
    .returning({ id: transactions.id });
  // The balance is the wallet's, not an edit of the customer record: its version (the form's If-Match) stays.
  await tx.update(customers).set({ balance: decision.balanceAfter }).where(eq(customers.id, customer.id));
  const item = (await findItem<Transaction>(tx, def, row!.id))!;
  await writeAudit(tx, meta, { action: 'create', entity: 'transactions', entityId: item.id, before: null, after: item });
  return item;
}

/** Σ in / out / net of every row the list query selects (paging and sort ignored). */
export async function transactionTotals(db: Db, def: AnyListSource, query: ListQuery): Promise<TransactionTotals> {
  const where = whereFor(def, query);
  let q = db
    .select({
      count: sql<number>`count(*)::int`,
      totalIn: sql<number>`coalesce(sum(${transactions.amount}) FILTER (WHERE ${transactions.amount} > 0), 0)::bigint`,
      totalOut: sql<number>`coalesce(-sum(${transactions.amount}) FILTER (WHERE ${transactions.amount} < 0), 0)::bigint`,
    })
    .from(transactions)
    .$dynamic();
  for (const j of def.select.joins ?? []) q = q.leftJoin(j.table, j.on);
  const [row] = await q.where(where);
  const totalIn = Number(row!.totalIn);
  const totalOut = Number(row!.totalOut);
  return { count: Number(row!.count), totalIn, totalOut, net: totalIn - totalOut };
}
