-- Bank transfers reported by SePay and Casso webhooks (issue 33). Never deleted: a wrong match is reversed.
CREATE TABLE "bank_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"bank_reference" text DEFAULT '' NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"direction" text NOT NULL,
	"occurred_at" timestamp with time zone,
	"memo" text DEFAULT '' NOT NULL,
	"counter_account" text DEFAULT '' NOT NULL,
	"raw_payload" text NOT NULL,
	"state" text DEFAULT 'unmatched' NOT NULL,
	"processed_at" timestamp with time zone,
	"reason" text,
	"reason_note" text DEFAULT '' NOT NULL,
	"match_kind" text,
	"customer_id" bigint,
	"slip_id" bigint,
	"order_id" bigint,
	"transaction_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duplicate_of_id" bigint,
	"manual_by" bigint,
	"manual_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	CONSTRAINT "bank_transactions_provider_ck" CHECK ("provider" IN ('sepay', 'casso')),
	CONSTRAINT "bank_transactions_direction_ck" CHECK ("direction" IN ('in', 'out')),
	CONSTRAINT "bank_transactions_amount_ck" CHECK ("amount" > 0),
	CONSTRAINT "bank_transactions_state_ck" CHECK ("state" IN ('matched', 'unmatched', 'ignored', 'reversed')),
	CONSTRAINT "bank_transactions_match_kind_ck" CHECK ("match_kind" IS NULL OR "match_kind" IN ('slip', 'customer', 'order')),
	CONSTRAINT "bank_transactions_matched_ck" CHECK (("state" IN ('matched', 'reversed')) = ("match_kind" IS NOT NULL AND "customer_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_slip_id_delivery_slips_id_fk" FOREIGN KEY ("slip_id") REFERENCES "public"."delivery_slips"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_duplicate_of_id_fk" FOREIGN KEY ("duplicate_of_id") REFERENCES "public"."bank_transactions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_manual_by_users_id_fk" FOREIGN KEY ("manual_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- One row per delivery of a provider's transaction: a retry with the same id finds this row.
CREATE UNIQUE INDEX "bank_transactions_provider_uq" ON "bank_transactions" USING btree ("provider","provider_id");
--> statement-breakpoint
-- One transfer per bank reference on an account: the second provider's report of it is stored as a duplicate.
CREATE UNIQUE INDEX "bank_transactions_reference_uq" ON "bank_transactions" USING btree ("account_number","bank_reference") WHERE "bank_reference" <> '' AND "duplicate_of_id" IS NULL;
--> statement-breakpoint
CREATE INDEX "bank_transactions_created_at_idx" ON "bank_transactions" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "bank_transactions_state_idx" ON "bank_transactions" USING btree ("state","created_at","id");
--> statement-breakpoint
CREATE INDEX "bank_transactions_occurred_at_idx" ON "bank_transactions" USING btree ("occurred_at","id");
--> statement-breakpoint
CREATE INDEX "bank_transactions_amount_idx" ON "bank_transactions" USING btree ("amount","id");
--> statement-breakpoint
CREATE INDEX "bank_transactions_customer_idx" ON "bank_transactions" USING btree ("customer_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "bank_transactions_slip_idx" ON "bank_transactions" USING btree ("slip_id");
--> statement-breakpoint
CREATE INDEX "bank_transactions_search_trgm" ON "bank_transactions" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- What the start-up sweep (and later a queue schedule) picks up: stored, never matched.
CREATE INDEX "bank_transactions_unprocessed_idx" ON "bank_transactions" USING btree ("id") WHERE "processed_at" IS NULL;
--> statement-breakpoint
CREATE FUNCTION "bank_transactions_no_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'bank transactions are never deleted' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bank_transactions_no_delete" BEFORE DELETE ON "bank_transactions"
  FOR EACH ROW EXECUTE FUNCTION "bank_transactions_no_delete"();
