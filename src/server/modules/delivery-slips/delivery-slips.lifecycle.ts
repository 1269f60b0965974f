import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DELIVERY_SLIP_ERROR_CODES,
  DELIVERY_SLIP_LIST,
  SLIP_BULK_STATUS_MAX,
  type DeliverySlip,
  type SlipBulkStatusBody,
  type SlipBulkStatusItem,
  type SlipBulkStatusResult,
  type SlipChargesChangedDetails,
  type SlipChargesFigures,
  type SlipConfirmBody,
  type SlipShortfallDetails,
  type SlipStatusBody,
} from '../../../shared/contracts/delivery-slips';
import { DELIVERY_SLIP_LIFECYCLES, packageEffectOf, type DeliverySlipStatus } from '../../../shared/domain/delivery-slip-lifecycle';
import { slipDeliveredNote, slipFailedNote, slipStatusNote } from '../../../shared/domain/event-notes';
import { slipConfirmation } from '../../../shared/domain/slip-charges';
import { slipNote, slipOrderNote } from '../../../shared/domain/transaction-notes';
import { formatMoney } from '../../../shared/domain/money-input';
import { deliveryFeedback, deliverySlipOrders, deliverySlipPackages, deliverySlips } from '../../db/schema/index';
import { localizeMessage } from '../../../shared/i18n/localize';
import { HttpError } from '../../lib/errors';
import { findItem, matchingIds } from '../../lib/resource/list-engine';
import type { ListFilter } from '../../../shared/contracts/list-query';
import { inWriteTransaction } from '../../lib/resource/write';
import type { IfMatchHeader } from '../../lib/resource/concurrency';
import { changeStatus } from '../../lib/resource/status';
import type { WriteContext } from '../../lib/write-context';
import { appendEvents } from '../packages/index';
import { postMovement } from '../transactions/index';
import { deliverySlipsResource } from './delivery-slips.resource';
import { findCustomer, updateSlip } from './delivery-slips.service';

/**
 * A slip's steps: the status route (ready, out for delivery, failed, cancelled) and the confirmation (delivered,
 * with the money). Both go through the one status-change path (lib/resource/status.ts) in the caller's
 * transaction (ctx): lock the slip row → check the optional If-Match version → check the step against the
 * method's lifecycle (shared/domain/delivery-slip-lifecycle.ts) → apply it (slip row, package events through the packages' event-append path, ledger rows through the one
 * ledger function) → exactly one audit row of the slip. Nothing is written before every check has passed, and a
 * failure anywhere rolls back the caller's whole transaction.
 */

const E = DELIVERY_SLIP_ERROR_CODES;
const def = deliverySlipsResource;

/** The charges finalising compares (SlipChargesFigures), from a slip's lines. */
function chargesOf(
  total: number,
  packagesSubtotal: number,
  lines: ReadonlyArray<{ packageId: number; amount: number }>,
  orders: ReadonlyArray<{ orderId: number; amount: number }>,
): SlipChargesFigures {
  return {
    total,
    packagesSubtotal,
    lines: lines.map((l) => ({ packageId: l.packageId, amount: l.amount })),
    orders: orders.map((o) => ({ orderId: o.orderId, amount: o.amount })),
  };
}

/** The slip's package ids, in slip order. */
const packageIdsOf = (slip: DeliverySlip) => slip.packages.map((p) => p.packageId);

/** A step that ends the slip (failed, cancelled, delivered) frees its packages and its orders' debts for another slip. */
async function releasePackages(ctx: WriteContext, slipId: number): Promise<void> {
  await ctx.tx.update(deliverySlipPackages).set({ open: false }).where(and(eq(deliverySlipPackages.slipId, slipId), eq(deliverySlipPackages.open, true)));
  await ctx.tx.update(deliverySlipOrders).set({ open: false }).where(and(eq(deliverySlipOrders.slipId, slipId), eq(deliverySlipOrders.open, true)));
}

/**
 * `POST /api/delivery-slips/:id/status`, on the one status-change path (lib/resource/status.ts: lock → If-Match →
 * the method's lifecycle → apply → one audit row). draft → ready recomputes the charges one last time (the wallet
 * credit from today's balance) and freezes them; the packages follow `packageEffectOf` with one event each,
 * noting the slip code (and the failure reason). Answers the slip after the step.
 */
export async function changeSlipStatus(ctx: WriteContext, id: number, body: SlipStatusBody, ifMatch: IfMatchHeader): Promise<DeliverySlip> {
  const { after } = await changeStatus<DeliverySlip, DeliverySlipStatus>(ctx, def, id, {
    to: body.status,
    lifecycle: (before) => DELIVERY_SLIP_LIFECYCLES[before.method],
    ifMatch,
    code: E.TRANSITION,
    apply: async (tx, before) => {
      const to = body.status;
      const set: Record<string, unknown> = { status: to, statusAt: sql`now()` };
      if (to === 'ready') {
        // The draft's figures follow every save; finalising computes them once more (packages still free and
        // ready, today's prices and balance) and freezes them: from here on the printed figures are the slip's.
        const plan = await updateSlip(tx, before, {});
        const was = chargesOf(before.total, before.packagesSubtotal, before.packages, before.orders);
        const now = chargesOf(plan.set.total as number, plan.set.packagesSubtotal as number, plan.lines ?? [], plan.orders ?? []);
        if (!body.acceptNewCharges && JSON.stringify(was) !== JSON.stringify(now)) {
          // A draft may have been printed and handed over: its figures never change without a word.
          const details: SlipChargesChangedDetails = { before: was, after: now };
          throw new HttpError(
            409,
            `Cước của phiếu ${before.code} đã thay đổi từ khi lưu/in (${formatMoney(was.total, 'VND', 'vi')} → ${formatMoney(now.total, 'VND', 'vi')}): xem lại và xác nhận cước mới để chốt phiếu`,
            E.CHARGES_CHANGED,
            details,
          );
        }
        Object.assign(set, plan.set, { chargesFrozenAt: sql`now()` });
      }
      if (to === 'failed') {
        set.failureReason = body.reason!;
        set.failureNote = body.note;
      }
      await tx.tx
        .update(deliverySlips)
        .set({ ...set, version: sql`${deliverySlips.version} + 1`, updatedAt: sql`now()`, updatedBy: tx.meta.actorId } as never)
        .where(eq(deliverySlips.id, id));
      if (to === 'failed' || to === 'cancelled') await releasePackages(tx, id);
      const effect = packageEffectOf(before.status, to);
      if (effect) {
        // The slip and its step as a note code (read in each reader's language); what staff typed stays as typed.
        const note = to === 'failed' ? slipFailedNote(before.code, body.reason!) : slipStatusNote(before.code, to);
        await appendEvents(tx, packageIdsOf(before), { code: effect, location: before.storeName, ...note, note: body.note ?? '' }, { bumpVersion: true });
      }
    },
  });
  return after;
}

/**
 * The slips a bulk step's filter selects (every page of the slip list as it is filtered), in list order. More than
 * SLIP_BULK_STATUS_MAX is refused as a whole, naming the limit, rather than doing the first ones of an unseen order;
 * none at all is refused too, so an empty report never reads as "done".
 */
async function slipsMatching(app: FastifyInstance, filter: ListFilter<typeof DELIVERY_SLIP_LIST>): Promise<number[]> {
  const ids = await matchingIds(app.deps.database.db, def, filter, SLIP_BULK_STATUS_MAX + 1);
  if (ids.length > SLIP_BULK_STATUS_MAX) {
    throw new HttpError(422, `Bộ lọc chọn hơn ${SLIP_BULK_STATUS_MAX} phiếu giao: mỗi lần làm tối đa ${SLIP_BULK_STATUS_MAX} phiếu, hãy lọc hẹp lại`, E.BULK_TOO_MANY);
  }
  if (!ids.length) throw new HttpError(422, 'Không có phiếu giao nào khớp bộ lọc', E.BULK_NOTHING_MATCHES);
  return ids;
}

/**
 * `POST /api/delivery-slips/bulk-status`: one step on many slips, each in its own transaction through
 * changeSlipStatus (the one status-change path), in the order asked. A refusal (an illegal step, changed charges, a
 * missing slip) is reported on its line with the message in the request's language and leaves the others alone.
 */
export async function bulkChangeSlipStatus(app: FastifyInstance, req: FastifyRequest, body: SlipBulkStatusBody): Promise<SlipBulkStatusResult> {
  const items: SlipBulkStatusItem[] = [];
  for (const id of body.ids ?? (await slipsMatching(app, body.filter!))) {
    const before = await findItem<DeliverySlip>(app.deps.database.db, def, id);
    if (!before) {
      items.push({ id, code: null, outcome: 'refused', errorCode: 'NOT_FOUND', message: localizeMessage(`Không tìm thấy phiếu giao ${id}`, req.lang), totalBefore: null, totalAfter: null });
      continue;
    }
    try {
      const after = await inWriteTransaction(app, req, def, (ctx) => changeSlipStatus(ctx, id, { status: body.status, note: '', acceptNewCharges: body.acceptNewCharges }, undefined));
      items.push({ id, code: after.code, outcome: 'done', errorCode: null, message: '', totalBefore: before.total, totalAfter: after.total });
    } catch (e) {
      if (!(e instanceof HttpError) || e.statusCode >= 500) throw e;
      const changed = e.code === E.CHARGES_CHANGED ? (e.details as SlipChargesChangedDetails) : null;
      items.push({
        id,
        code: before.code,
        outcome: changed ? 'charges_changed' : 'refused',
        errorCode: e.code,
        message: localizeMessage(e.message, req.lang),
        totalBefore: changed ? changed.before.total : before.total,
        totalAfter: changed ? changed.after.total : null,
      });
    }
  }
  const count = (o: SlipBulkStatusItem['outcome']) => items.filter((i) => i.outcome === o).length;
  return { items, counts: { done: count('done'), refused: count('refused'), chargesChanged: count('charges_changed') } };
}

/**
 * `POST /api/delivery-slips/:id/confirm` (inside the caller's idempotency wrapper and transaction). The hand-over:
 *   1. the slip must be where its method confirms from (pickup: ready; courier: out for delivery); a delivered
 *      slip → 409 SLIP_ALREADY_CONFIRMED (a second confirm, or the loser of two concurrent ones: the row lock
 *      makes it wait and then read `delivered`);
 *   2. the wallet must end within the credit limit: balance + collected − total ≥ −creditLimit, else 409 with
 *      the shortfall (the amount still to collect to stay within the limit);
 *   3. ledger: the money collected (`cod` when a courier collected it, else `collection`), then the `payment` of the
 *      total, both referring to the slip, then one `payment` per order line referring to its order: the wallet ends
 *      at balance + collected − total − Σ orders, any excess stays as credit;
 *   4. the packages get a `delivered` event (DLV) and leave the slip's open set;
 *   5. the slip row (collected amount, method, receiver, time), the feedback, one audit row.
 */
export async function confirmSlip(ctx: WriteContext, id: number, body: SlipConfirmBody): Promise<DeliverySlip> {
  const { after } = await changeStatus<DeliverySlip, DeliverySlipStatus>(ctx, def, id, {
    // Checked before the lifecycle: a delivered slip is "already confirmed", not an illegal step.
    to: (before) => {
      if (before.status === 'delivered') {
        throw new HttpError(409, `Phiếu giao ${before.code} đã được xác nhận giao hàng trước đó`, E.ALREADY_CONFIRMED, { status: before.status });
      }
      return 'delivered';
    },
    lifecycle: (before) => DELIVERY_SLIP_LIFECYCLES[before.method],
    code: E.TRANSITION,
    audit: { action: 'confirm' },
    apply: async (tx, before) => {
      const customer = await findCustomer(tx.tx, before.customerId, true);
      // The one money rule of a confirmation (shared/domain/slip-charges.ts, on the ledger's credit rule).
      const decision = slipConfirmation({
        total: before.total,
        orders: before.orders.map((o) => ({ orderId: o.orderId, due: o.amount })),
        walletCredit: Math.min(before.walletCredit, before.total + before.ordersDue),
        balance: customer.balance,
        collected: body.collectedAmount,
        creditLimit: customer.creditLimit,
        delivery: before.method,
        payment: body.method,
      });
      if (!decision.ok) {
        const details: SlipShortfallDetails = { shortfall: decision.shortfall, amountDue: before.amountToCollect, balanceAfter: decision.balanceAfter, creditLimit: customer.creditLimit };
        throw new HttpError(
          409,
          `Số tiền thu thiếu ${formatMoney(details.shortfall, 'VND', 'vi')} so với hạn mức công nợ của khách hàng ${customer.code} (hạn mức ${formatMoney(customer.creditLimit, 'VND', 'vi')}): cần thu thêm ít nhất ${formatMoney(details.shortfall, 'VND', 'vi')}`,
          E.CREDIT_LIMIT_EXCEEDED,
          details,
        );
      }

      const ref = { referenceType: 'delivery_slip' as const, referenceId: id, reference: before.code };
      for (const m of decision.movements) {
        if (m.orderId !== null) {
          // An order line: the wallet pays the order (the ledger re-checks what it still owes, ORDER_OVERPAID).
          const order = before.orders.find((o) => o.orderId === m.orderId)!;
          await postMovement(tx, {
            customerId: customer.id,
            type: 'payment',
            amount: m.amount,
            method: null,
            referenceType: 'order',
            referenceId: order.orderId,
            reference: before.code,
            ...slipOrderNote(before.code, order.code),
          });
          continue;
        }
        const collected = m.type !== 'payment';
        await postMovement(tx, {
          customerId: customer.id,
          type: m.type,
          amount: m.amount,
          method: m.method ?? body.method,
          ...ref,
          ...slipNote(collected ? 'slip_collected' : 'slip_payment', before.code),
          ...(collected ? { note: body.note } : {}),
        });
      }

      await appendEvents(
        tx,
        packageIdsOf(before),
        { code: 'delivered', location: before.storeName, ...slipDeliveredNote(before.code, body.receiverName) },
        { bumpVersion: true },
      );
      await releasePackages(tx, id);
      await tx.tx
        .update(deliverySlips)
        .set({
          status: 'delivered',
          statusAt: sql`now()`,
          collectedAmount: body.collectedAmount,
          collectMethod: body.method,
          receivedBy: body.receiverName,
          deliveredAt: sql`now()`,
          deliveredBy: tx.meta.actorId,
          ...(body.note ? { note: before.note ? `${before.note}\n${body.note}` : body.note } : {}),
          version: sql`${deliverySlips.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: tx.meta.actorId,
        } as never)
        .where(eq(deliverySlips.id, id));
      if (body.rating != null) {
        await tx.tx.insert(deliveryFeedback).values({ slipId: id, customerId: customer.id, rating: body.rating, comment: body.comment, createdBy: tx.meta.actorId });
      }
    },
  });
  return after;
}
