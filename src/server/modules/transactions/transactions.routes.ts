import { z } from 'zod';
import { ApiError } from '../../../shared/contracts/errors';
import { etagOf } from '../../../shared/contracts/resource';
import type { ListQuery } from '../../../shared/contracts/list-query';
import { IDEMPOTENCY_HEADER, Transaction, TransactionCreate, TransactionListQuery, TransactionTotals } from '../../../shared/contracts/transactions';
import { requestMeta } from '../../lib/audit';
import { idempotencyKeyOf, markReplay, withIdempotency } from '../../lib/idempotency';
import { resourceRoutes } from '../../lib/resource/routes';
import { namedParamsValidator } from '../../lib/resource/validation';
import { runWrite } from '../../lib/write-context';
import { postMovement } from './transactions.ledger';
import { transactionsResource } from './transactions.resource';
import { transactionTotals } from './transactions.service';

/**
 * /api/transactions: list, export, get and PATCH (note/reference) from the resource definition, plus
 *   POST /api/transactions         Idempotency-Key required → 201 the ledger row (signed amount, balanceAfter)
 *   GET  /api/transactions/totals  the list's query string → { count, totalIn, totalOut, net }
 * No DELETE: the ledger is append-only.
 */
export const transactionsRoutes = resourceRoutes(transactionsResource, (app) => {
  app.post(
    '/transactions',
    {
      validatorCompiler: namedParamsValidator,
      schema: {
        tags: ['transactions'],
        summary: 'Ghi giao dịch ví khách hàng (cần Idempotency-Key)',
        // Optional here so that a missing key gets its own 400 (IDEMPOTENCY_KEY_REQUIRED) below.
        headers: z.object({ [IDEMPOTENCY_HEADER]: z.string().optional().describe('Khóa duy nhất cho mỗi giao dịch, VD một UUID') }),
        body: TransactionCreate,
        // Decided answers are stored with the key and replayed as they were: the row, or the refusal.
        response: { 201: Transaction, 404: ApiError, 409: ApiError },
      },
    },
    async (req, reply) => {
      const key = idempotencyKeyOf(req);
      const input = req.body as TransactionCreate;
      const answer = await runWrite(app.deps.database.db, requestMeta(req), (ctx) =>
        withIdempotency<Transaction>(ctx, { key, method: 'POST', path: '/api/transactions', body: input }, async (inner) => ({
          status: 201,
          body: await postMovement(inner, input),
        })),
      );
      markReplay(reply, answer);
      if (answer.status === 201) {
        const item = answer.body as Transaction;
        reply.header('etag', etagOf(item.version)).header('location', `/api/transactions/${item.id}`);
      }
      return reply.status(answer.status as 201 | 404 | 409).send(answer.body as Transaction);
    },
  );

  app.get(
    '/transactions/totals',
    {
      validatorCompiler: namedParamsValidator,
      schema: { tags: ['transactions'], summary: 'Tổng thu/chi của các giao dịch đã lọc', querystring: TransactionListQuery, response: { 200: TransactionTotals } },
    },
    async (req) => transactionTotals(app.deps.database.db, transactionsResource, req.query as ListQuery),
  );
});
