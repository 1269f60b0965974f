-- Money collected FOR a delivery slip (cash at the counter, or a bank transfer that pays the slip) is its own ledger
-- type, `collection`, so a cashier, the ledger's filters, its export and the dashboards tell it from a wallet
-- top-up (`deposit`). shared/domain/ledger.ts is the rule; the schema's checks are derived from it.
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_type_ck";
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_type_ck" CHECK ("type" IN ('deposit', 'payment', 'refund', 'adjustment', 'cod', 'collection'));
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_sign_ck";
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sign_ck" CHECK (
  ("type" IN ('deposit', 'refund', 'cod', 'collection') AND "amount" > 0) OR ("type" IN ('payment') AND "amount" < 0) OR ("type" IN ('adjustment') AND "amount" <> 0)
);
--> statement-breakpoint
-- The slips' earlier counter money was written as deposits with the note 'slip_collected': they become what they
-- were. Only the type label changes (the amounts, balances and methods stay), with the append-only trigger off for
-- this one correction, as 0019 did.
ALTER TABLE "transactions" DISABLE TRIGGER "transactions_append_only";
--> statement-breakpoint
UPDATE "transactions" SET "type" = 'collection' WHERE "type" = 'deposit' AND "note_code" = 'slip_collected';
--> statement-breakpoint
ALTER TABLE "transactions" ENABLE TRIGGER "transactions_append_only";
