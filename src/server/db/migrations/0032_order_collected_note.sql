-- An order completed with its payment in the same step records the money handed over as a deposit with the
-- system note 'order_collected' ({ order }), then the wallet's payment of the order (shared/domain/transaction-notes.ts
-- lists the codes; the schema's check is derived from that list).
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_note_code_ck";
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_note_code_ck"
  CHECK ("note_code" IS NULL OR "note_code" IN ('slip_collected', 'slip_payment', 'order_refund', 'order_deposit_in', 'order_deposit', 'order_cod', 'order_balance', 'order_collected'));
