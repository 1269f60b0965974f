import { sql } from 'drizzle-orm';
import type { ListQuery } from '../../../shared/contracts/list-query';
import type { TransactionTotals } from '../../../shared/contracts/transactions';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema/index';
import type { AnyListSource } from '../../lib/resource/define';
import { whereFor } from '../../lib/resource/list-engine';

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
