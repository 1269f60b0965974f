import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { TRANSACTION_REFERENCE_TYPES, type TransactionReferenceType } from '../../../shared/domain/ledger';
import { deliverySlips, orders, transactions } from '../../db/schema/index';

/**
 * Where each kind of reference (shared/domain/ledger.ts, TRANSACTION_REFERENCE_KINDS) lives in the database:
 * its table, its code and its customer, and the messages of a reference that is missing or not the
 * customer's. A kind with no table yet (null) cannot be referred to. The delivery slip section adds its
 * table here; the ledger, the list's referenceCode and the checks follow.
 */
export interface ReferenceTable {
  table: PgTable;
  id: PgColumn;
  code: PgColumn;
  customerId: PgColumn;
  deletedAt: PgColumn | null;
  /** 404 message, and the field message on referenceId. */
  notFound: string;
  notFoundField: string;
  /** 409 when the record belongs to another customer. */
  notOwned(code: string, customerCode: string): string;
}

export const REFERENCE_TABLES: Readonly<Record<TransactionReferenceType, ReferenceTable | null>> = {
  order: {
    table: orders,
    id: orders.id,
    code: orders.code,
    customerId: orders.customerId,
    deletedAt: orders.deletedAt,
    notFound: 'Không tìm thấy đơn hàng được tham chiếu',
    notFoundField: 'Không tìm thấy đơn hàng',
    notOwned: (code, customerCode) => `Đơn ${code} không thuộc khách hàng ${customerCode}`,
  },
  delivery_slip: {
    table: deliverySlips,
    id: deliverySlips.id,
    code: deliverySlips.code,
    customerId: deliverySlips.customerId,
    // Slips are never deleted: a slip ends cancelled and stays as history.
    deletedAt: null,
    notFound: 'Không tìm thấy phiếu giao hàng được tham chiếu',
    notFoundField: 'Không tìm thấy phiếu giao hàng',
    notOwned: (code, customerCode) => `Phiếu giao ${code} không thuộc khách hàng ${customerCode}`,
  },
};

/**
 * The id a row refers to when it refers to this kind, else NULL. The kind is written as a literal (never a
 * parameter) so the expression is the one the index on it covers (transactions_order_ref_idx for orders).
 */
export function referenceIdOf(kind: TransactionReferenceType): SQL {
  if (!TRANSACTION_REFERENCE_TYPES.includes(kind)) throw new RangeError(`unknown reference kind ${kind}`);
  return sql`(CASE WHEN ${transactions.referenceType} = ${sql.raw(`'${kind}'`)} THEN ${transactions.referenceId} END)`;
}

/** The code of the referred record, whatever its kind (null when none). */
export function referenceCodeSql(): SQL<string | null> {
  const branches = TRANSACTION_REFERENCE_TYPES.flatMap((kind) => {
    const ref = REFERENCE_TABLES[kind];
    return ref ? [sql`WHEN ${sql.raw(`'${kind}'`)} THEN (SELECT ${ref.code} FROM ${ref.table} WHERE ${ref.id} = ${transactions.referenceId})`] : [];
  });
  return sql<string | null>`(CASE ${transactions.referenceType} ${sql.join(branches, sql` `)} END)`;
}
