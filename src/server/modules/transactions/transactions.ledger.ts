import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { TRANSACTION_ERROR_CODES, TRANSACTION_TYPE_LABELS, type CreditLimitDetails, type OrderOverpaidDetails, type Transaction } from '../../../shared/contracts/transactions';
import { applyToBalance, hasMethod, signedAmount, type TransactionMethod, type TransactionReferenceType, type TransactionType } from '../../../shared/domain/ledger';
import { formatMoney } from '../../../shared/domain/money-input';
import { transactionNoteText, type TransactionNoteCode, type TransactionNoteParams } from '../../../shared/domain/transaction-notes';
import { FINAL_ORDER_STATUSES, ORDER_STATUS_LABELS } from '../../../shared/domain/order-lifecycle';
import type { Db } from '../../db/client';
import { customers, orders, transactions } from '../../db/schema/index';
import { writeAudit } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { findItem } from '../../lib/resource/list-engine';
import type { WriteContext } from '../../lib/write-context';
import { notifyWalletCredited } from '../notifications/index';
import { REFERENCE_TABLES } from './transactions.references';
import { transactionSearchText, transactionsResource } from './transactions.resource';

/**
 * The wallet ledger: the ONE function that appends a movement. It runs inside the transaction it is given
 * (POST /api/transactions, the seed, a delivery slip's confirmation), so a caller may post several movements
 * together with other changes and have them all commit or roll back as one. For each movement it
 *   1. locks the customer row (SELECT … FOR UPDATE): the customer row is the lock of its wallet, so two
 *      movements of one customer run one after the other on PostgreSQL, whatever the pool size (PGlite has a
 *      single connection and serialises transactions anyway);
 *   2. checks the reference (a record of a kind that has a table, of the same customer), holding it FOR SHARE
 *      so a delete of that record (which checks that no row refers to it) waits for this one;
 *   3. applies the credit-limit rule to the balance it just read under the lock;
 *   4. draws the next code, appends the row with its balance_after, moves customers.balance by the same
 *      amount and writes one audit row.
 * The balance therefore always equals the sum of the rows, and no interleaving can overdraw it; a CHECK in
 * the database (balance ≥ −credit_limit) backs the rule up.
 */

export interface MovementInput {
  customerId: number;
  type: TransactionType;
  /** The input amount: positive, signed by the type (only an adjustment carries its own sign). */
  amount: number;
  /** How money crossed the counter; ignored (stored null) for a payment or refund, which stay in the wallet. */
  method: TransactionMethod | null;
  referenceType?: TransactionReferenceType | null;
  referenceId?: number | null;
  reference?: string;
  /** Text typed by staff, kept as typed. */
  note?: string;
  /** A note the system writes: a code and its parameters, rendered in the reader's language (transaction-notes.ts). */
  noteCode?: TransactionNoteCode | null;
  noteParams?: TransactionNoteParams;
  /** When it happened, for rows recorded after the fact (the seed's history); default: the transaction's now(). */
  at?: Date;
}

/** Wallet row codes: GD and 8 digits from one sequence, e.g. GD00000042. */
async function nextTransactionCode(tx: Db): Promise<string> {
  const result = await tx.execute<{ code: string }>(sql`SELECT 'GD' || lpad(nextval('transaction_code_seq')::text, 8, '0') AS code`);
  const rows = ((result as unknown as { rows?: Array<{ code: string }> }).rows ?? result) as unknown as Array<{ code: string }>;
  return rows[0]!.code;
}

async function checkReference(tx: Db, kind: TransactionReferenceType, id: number, customer: { id: number; code: string }): Promise<void> {
  const ref = REFERENCE_TABLES[kind];
  if (!ref) throw new Error(`reference kind ${kind} has no table`);
  const [row] = await tx
    .select({ code: ref.code, customerId: ref.customerId })
    .from(ref.table)
    .where(and(eq(ref.id, id), ref.deletedAt ? isNull(ref.deletedAt) : undefined))
    .for('share');
  if (!row) throw new HttpError(404, ref.notFound, undefined, [{ path: 'referenceId', message: ref.notFoundField }]);
  if (row.customerId !== customer.id) {
    const message = ref.notOwned(String(row.code), customer.code);
    throw new HttpError(409, message, undefined, [{ path: 'referenceId', message }]);
  }
}

/** Σ payments − refunds of the order (what the wallet paid for it), read under the customer's lock. */
async function paidForOrder(tx: Db, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ paid: sql<string>`coalesce(-sum(${transactions.amount}), 0)::bigint` })
    .from(transactions)
    .where(and(eq(transactions.referenceType, 'order'), eq(transactions.referenceId, orderId), inArray(transactions.type, ['payment', 'refund'])));
  return Number(row?.paid ?? 0);
}

/**
 * The money rules of an order, checked under the customer's lock (an order has one customer, so two movements
 * for it run one after the other): the wallet pays at most what the order still owes, and never a cancelled or
 * completed order; a refund gives back at most what the order was paid. Money beyond what is owed is a deposit
 * into the wallet, not a payment of the order.
 */
async function checkOrderMoney(tx: Db, orderId: number, type: TransactionType, amount: number, recordedLate: boolean): Promise<void> {
  if (type !== 'payment' && type !== 'refund') return;
  const [order] = await tx.select({ code: orders.code, status: orders.status, total: orders.total }).from(orders).where(eq(orders.id, orderId));
  if (!order) return; // checkReference answered 404 already
  const paid = await paidForOrder(tx, orderId);
  if (type === 'payment') {
    // A row recorded after the fact (the seed's history, `at`) happened before the order reached its status now.
    if (!recordedLate && FINAL_ORDER_STATUSES.includes(order.status)) {
      throw new HttpError(409, `Đơn ${order.code} đã ở trạng thái "${ORDER_STATUS_LABELS[order.status]}": không nhận thanh toán`, TRANSACTION_ERROR_CODES.ORDER_CLOSED, [
        { path: 'referenceId', message: `Đơn ${order.code} đã ở trạng thái "${ORDER_STATUS_LABELS[order.status]}": không nhận thanh toán` },
      ]);
    }
    const due = Math.max(0, order.total - paid);
    if (amount > due) {
      const details: OrderOverpaidDetails = { due, amount };
      throw new HttpError(
        409,
        `Đơn ${order.code} chỉ còn phải trả ${formatMoney(due, 'VND', 'vi')}: không thể thanh toán ${formatMoney(amount, 'VND', 'vi')}. Phần thừa hãy ghi là nạp tiền vào ví.`,
        TRANSACTION_ERROR_CODES.ORDER_OVERPAID,
        details,
      );
    }
  } else if (amount > paid) {
    throw new HttpError(
      409,
      `Đơn ${order.code} mới được thanh toán ${formatMoney(paid, 'VND', 'vi')}: không thể hoàn ${formatMoney(amount, 'VND', 'vi')}`,
      TRANSACTION_ERROR_CODES.ORDER_OVERREFUNDED,
      { paid, amount },
    );
  }
}

/** The ledger rows that put the customer's own money into the wallet (a positive adjustment too). */
const CREDIT_TYPES: readonly TransactionType[] = ['deposit', 'refund', 'adjustment'];

export async function postMovement(ctx: WriteContext, input: MovementInput): Promise<Transaction> {
  const { tx, meta } = ctx;
  const [customer] = await tx
    .select({ id: customers.id, code: customers.code, balance: customers.balance, creditLimit: customers.creditLimit })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), isNull(customers.deletedAt)))
    .for('update');
  if (!customer) throw new HttpError(404, 'Không tìm thấy khách hàng', undefined, [{ path: 'customerId', message: 'Không tìm thấy khách hàng' }]);

  const referenceType = input.referenceType ?? null;
  const referenceId = input.referenceId ?? null;
  if ((referenceType === null) !== (referenceId === null)) throw new Error('a reference needs both its kind and its id');
  if (referenceType !== null) await checkReference(tx, referenceType, referenceId!, customer);
  if (referenceType === 'order') await checkOrderMoney(tx, referenceId!, input.type, input.amount, input.at !== undefined);
  const method = hasMethod(input.type) ? input.method : null;
  if (hasMethod(input.type) && method === null) throw new Error(`a ${input.type} row needs its method`);

  const amount = signedAmount(input.type, input.amount);
  const decision = applyToBalance(customer.balance, customer.creditLimit, amount);
  if (!decision.ok) {
    const details: CreditLimitDetails = { balance: customer.balance, creditLimit: customer.creditLimit, available: decision.available, amount };
    throw new HttpError(
      409,
      // One template literal, so the English catalog can hold the whole sentence (shared/i18n/messages.en.ts).
      `Không đủ số dư để ${TRANSACTION_TYPE_LABELS[input.type].toLowerCase()} ${formatMoney(-amount, 'VND', 'vi')}: khách hàng ${customer.code} có số dư ${formatMoney(customer.balance, 'VND', 'vi')}, hạn mức công nợ ${formatMoney(customer.creditLimit, 'VND', 'vi')} (còn dùng được ${formatMoney(decision.available, 'VND', 'vi')}).`,
      TRANSACTION_ERROR_CODES.CREDIT_LIMIT_EXCEEDED,
      details,
    );
  }

  const code = await nextTransactionCode(tx);
  const reference = input.reference ?? '';
  const note = input.note ?? '';
  const [row] = await tx
    .insert(transactions)
    .values({
      code,
      customerId: customer.id,
      type: input.type,
      amount,
      balanceAfter: decision.balanceAfter,
      method,
      referenceType,
      referenceId,
      reference,
      note,
      noteCode: input.noteCode ?? null,
      noteParams: input.noteParams ?? {},
      searchText: transactionSearchText(code, reference, note, input.noteCode ? transactionNoteText(input.noteCode, input.noteParams ?? {}) : ''),
      createdBy: meta.actorId,
      updatedBy: meta.actorId,
      ...(input.at ? { createdAt: input.at, updatedAt: input.at } : {}),
    })
    .returning({ id: transactions.id });
  // The balance is the wallet's, not an edit of the customer record: its version (the form's If-Match) stays.
  await tx.update(customers).set({ balance: decision.balanceAfter }).where(eq(customers.id, customer.id));
  const item = (await findItem<Transaction>(tx, transactionsResource, row!.id))!;
  await writeAudit(tx, meta, { action: 'create', entity: 'transactions', entityId: item.id, before: null, after: item, at: input.at });
  // Money into the wallet is news for the customer (a row recorded after the fact is not).
  if (input.at === undefined && CREDIT_TYPES.includes(input.type)) {
    await notifyWalletCredited(ctx, { id: item.id, customerId: customer.id, amount, balanceAfter: decision.balanceAfter });
  }
  return item;
}
