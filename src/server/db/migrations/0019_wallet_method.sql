-- Money that never leaves the wallet has no method: a payment is taken from the balance and a refund goes back
-- into it, however the money first came in. Deposits, cash collected on delivery and adjustments keep theirs.
ALTER TABLE "transactions" ALTER COLUMN "method" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_method_ck";
--> statement-breakpoint
-- The ledger is append-only (trigger transactions_append_only); this one correction of stored rows runs with it off.
ALTER TABLE "transactions" DISABLE TRIGGER "transactions_append_only";
--> statement-breakpoint
UPDATE "transactions" SET "method" = NULL WHERE "type" IN ('payment', 'refund');
--> statement-breakpoint
ALTER TABLE "transactions" ENABLE TRIGGER "transactions_append_only";
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_method_ck" CHECK (
  ("type" IN ('payment', 'refund') AND "method" IS NULL) OR ("type" NOT IN ('payment', 'refund') AND "method" IN ('cash', 'bank_transfer'))
);
