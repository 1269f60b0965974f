-- Delivery slips (phiếu giao hàng): one customer's ready packages at one Vietnamese hub, their frozen charges,
-- the hand-over, printing and courier COD reconciliation; the packages of each slip (a package is on at most
-- one open slip: a partial unique index on delivery_slip_packages(package_id) WHERE open); and the customer's
-- feedback given on hand-over. Money is integer đồng (bigint); the CHECKs restate the charge arithmetic of
-- shared/domain/slip-charges.ts so no write can store figures that do not add up.
CREATE SEQUENCE "public"."delivery_slip_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "delivery_feedback" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slip_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	CONSTRAINT "delivery_feedback_rating_ck" CHECK ("delivery_feedback"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "delivery_slip_packages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_slip_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slip_id" bigint NOT NULL,
	"package_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"freight" bigint NOT NULL,
	"surcharges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_slip_packages_money_ck" CHECK ("delivery_slip_packages"."freight" >= 0 AND "delivery_slip_packages"."amount" >= "delivery_slip_packages"."freight")
);
--> statement-breakpoint
CREATE TABLE "delivery_slips" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_slips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"receiver_name" text NOT NULL,
	"receiver_phone" text NOT NULL,
	"receiver_address" text DEFAULT '' NOT NULL,
	"receiver_province" text DEFAULT '' NOT NULL,
	"method" text NOT NULL,
	"carrier_name" text DEFAULT '' NOT NULL,
	"carrier_tracking_number" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failure_reason" text,
	"failure_note" text DEFAULT '' NOT NULL,
	"delivery_zone" text,
	"packages_subtotal" bigint DEFAULT 0 NOT NULL,
	"domestic_fee" bigint DEFAULT 0 NOT NULL,
	"surcharges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"surcharges_total" bigint DEFAULT 0 NOT NULL,
	"discount_amount" bigint DEFAULT 0 NOT NULL,
	"discount_bps" integer,
	"discount_reason" text,
	"total" bigint DEFAULT 0 NOT NULL,
	"wallet_credit" bigint DEFAULT 0 NOT NULL,
	"amount_to_collect" bigint DEFAULT 0 NOT NULL,
	"charges_frozen_at" timestamp with time zone,
	"collected_amount" bigint,
	"collect_method" text,
	"received_by" text,
	"delivered_at" timestamp with time zone,
	"delivered_by" bigint,
	"note" text DEFAULT '' NOT NULL,
	"print_count" integer DEFAULT 0 NOT NULL,
	"last_printed_at" timestamp with time zone,
	"reconciled_at" timestamp with time zone,
	"remittance_reference" text,
	"reconciled_by" bigint,
	"cod_outstanding" boolean GENERATED ALWAYS AS ((status = 'delivered' AND method = 'courier' AND coalesce(collected_amount, 0) > 0 AND reconciled_at IS NULL)) STORED NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	CONSTRAINT "delivery_slips_status_ck" CHECK ("delivery_slips"."status" IN ('draft', 'ready', 'out_for_delivery', 'delivered', 'failed', 'cancelled')),
	CONSTRAINT "delivery_slips_method_ck" CHECK ("delivery_slips"."method" IN ('pickup', 'courier')),
	CONSTRAINT "delivery_slips_failure_ck" CHECK (("delivery_slips"."status" = 'failed') = ("delivery_slips"."failure_reason" IS NOT NULL)),
	CONSTRAINT "delivery_slips_failure_reason_ck" CHECK ("delivery_slips"."failure_reason" IS NULL OR "delivery_slips"."failure_reason" IN ('not_home', 'refused', 'wrong_address', 'other')),
	CONSTRAINT "delivery_slips_pickup_fee_ck" CHECK ("delivery_slips"."method" = 'courier' OR "delivery_slips"."domestic_fee" = 0),
	CONSTRAINT "delivery_slips_money_ck" CHECK ("delivery_slips"."packages_subtotal" >= 0 AND "delivery_slips"."domestic_fee" >= 0 AND "delivery_slips"."surcharges_total" >= 0 AND "delivery_slips"."discount_amount" >= 0
        AND "delivery_slips"."total" = "delivery_slips"."packages_subtotal" + "delivery_slips"."domestic_fee" + "delivery_slips"."surcharges_total" - "delivery_slips"."discount_amount"
        AND "delivery_slips"."total" >= 0 AND "delivery_slips"."wallet_credit" >= 0 AND "delivery_slips"."wallet_credit" <= "delivery_slips"."total"
        AND "delivery_slips"."amount_to_collect" = "delivery_slips"."total" - "delivery_slips"."wallet_credit"),
	CONSTRAINT "delivery_slips_discount_bps_ck" CHECK ("delivery_slips"."discount_bps" IS NULL OR "delivery_slips"."discount_bps" BETWEEN 0 AND 10000),
	CONSTRAINT "delivery_slips_delivered_ck" CHECK (("delivery_slips"."status" = 'delivered') = ("delivery_slips"."delivered_at" IS NOT NULL AND "delivery_slips"."collected_amount" IS NOT NULL)
        AND ("delivery_slips"."collected_amount" IS NULL OR "delivery_slips"."collected_amount" >= 0)
        AND (("delivery_slips"."collected_amount" IS NULL OR "delivery_slips"."collected_amount" = 0) OR "delivery_slips"."collect_method" IS NOT NULL)),
	CONSTRAINT "delivery_slips_reconciled_ck" CHECK ("delivery_slips"."reconciled_at" IS NULL OR ("delivery_slips"."status" = 'delivered' AND "delivery_slips"."method" = 'courier' AND "delivery_slips"."remittance_reference" IS NOT NULL)),
	CONSTRAINT "delivery_slips_print_ck" CHECK ("delivery_slips"."print_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "delivery_feedback" ADD CONSTRAINT "delivery_feedback_slip_id_delivery_slips_id_fk" FOREIGN KEY ("slip_id") REFERENCES "public"."delivery_slips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_feedback" ADD CONSTRAINT "delivery_feedback_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_feedback" ADD CONSTRAINT "delivery_feedback_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_slip_packages" ADD CONSTRAINT "delivery_slip_packages_slip_id_delivery_slips_id_fk" FOREIGN KEY ("slip_id") REFERENCES "public"."delivery_slips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_slip_packages" ADD CONSTRAINT "delivery_slip_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_slips" ADD CONSTRAINT "delivery_slips_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_slips" ADD CONSTRAINT "delivery_slips_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_slips" ADD CONSTRAINT "delivery_slips_delivered_by_users_id_fk" FOREIGN KEY ("delivered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_slips" ADD CONSTRAINT "delivery_slips_reconciled_by_users_id_fk" FOREIGN KEY ("reconciled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint

-- One customer's feedback, the slips of a package, and every filter/sort of the slip list ((filter, created_at,
-- id) serves the default order under a filter; (column, id) serves a sort). Unreconciled courier COD is a
-- generated column with a partial index, so the reconciliation list reads only what is still owed.
CREATE UNIQUE INDEX "delivery_feedback_slip_uq" ON "delivery_feedback" USING btree ("slip_id");--> statement-breakpoint
CREATE INDEX "delivery_feedback_customer_idx" ON "delivery_feedback" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_slip_packages_slip_package_uq" ON "delivery_slip_packages" USING btree ("slip_id","package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_slip_packages_open_uq" ON "delivery_slip_packages" USING btree ("package_id") WHERE open;--> statement-breakpoint
CREATE INDEX "delivery_slip_packages_package_idx" ON "delivery_slip_packages" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_slips_code_uq" ON "delivery_slips" USING btree ("code");--> statement-breakpoint
CREATE INDEX "delivery_slips_search_trgm" ON "delivery_slips" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "delivery_slips_created_at_idx" ON "delivery_slips" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "delivery_slips_status_idx" ON "delivery_slips" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "delivery_slips_status_at_idx" ON "delivery_slips" USING btree ("status_at","id");--> statement-breakpoint
CREATE INDEX "delivery_slips_customer_idx" ON "delivery_slips" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "delivery_slips_store_idx" ON "delivery_slips" USING btree ("store_id","created_at","id");--> statement-breakpoint
CREATE INDEX "delivery_slips_method_idx" ON "delivery_slips" USING btree ("method","created_at","id");--> statement-breakpoint
CREATE INDEX "delivery_slips_delivered_at_idx" ON "delivery_slips" USING btree ("delivered_at","id");--> statement-breakpoint
CREATE INDEX "delivery_slips_total_idx" ON "delivery_slips" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "delivery_slips_to_collect_idx" ON "delivery_slips" USING btree ("amount_to_collect","id");--> statement-breakpoint
CREATE INDEX "delivery_slips_cod_outstanding_idx" ON "delivery_slips" USING btree ("created_at","id") WHERE cod_outstanding;