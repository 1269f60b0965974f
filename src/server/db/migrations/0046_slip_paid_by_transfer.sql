-- What bank transfers have paid on a slip before hand-over (issue 33): the counter collects only the rest.
ALTER TABLE "delivery_slips" ADD COLUMN "paid_by_transfer" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "delivery_slips" ADD CONSTRAINT "delivery_slips_paid_by_transfer_ck" CHECK ("paid_by_transfer" >= 0);
