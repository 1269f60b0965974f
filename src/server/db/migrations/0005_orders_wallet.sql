-- Orders (codes DH + 8 digits) with their items and status history, the customer wallet ledger
-- (transactions, codes GD + 8 digits; append-only), the Idempotency-Key store of money endpoints, and the
-- credit-limit guard on the customer balance the ledger maintains.
CREATE SEQUENCE "public"."order_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;
--> statement-breakpoint
CREATE SEQUENCE "public"."transaction_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"option" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "order_items_quantity_ck" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_money_ck" CHECK ("order_items"."unit_price_minor" >= 0 AND "order_items"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text DEFAULT ('DH' || lpad(nextval('order_code_seq')::text, 8, '0')) NOT NULL,
	"customer_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"currency" text NOT NULL,
	"exchange_rate_x100" bigint NOT NULL,
	"rate_date" date,
	"items_subtotal" bigint DEFAULT 0 NOT NULL,
	"service_fee_mode" text DEFAULT 'percent' NOT NULL,
	"service_fee_bps" integer DEFAULT 0 NOT NULL,
	"service_fee_fixed" bigint DEFAULT 0 NOT NULL,
	"service_fee" bigint DEFAULT 0 NOT NULL,
	"domestic_fee" bigint DEFAULT 0 NOT NULL,
	"deposit" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	CONSTRAINT "orders_kind_ck" CHECK ("orders"."kind" IN ('purchase', 'consignment')),
	CONSTRAINT "orders_status_ck" CHECK ("orders"."status" IN ('new', 'confirmed', 'purchased', 'received_abroad', 'in_transit', 'arrived', 'delivering', 'completed', 'cancelled')),
	CONSTRAINT "orders_currency_ck" CHECK ("orders"."currency" IN ('VND', 'USD', 'JPY', 'KRW', 'EUR')),
	CONSTRAINT "orders_service_fee_mode_ck" CHECK ("orders"."service_fee_mode" IN ('percent', 'fixed')),
	CONSTRAINT "orders_rate_ck" CHECK ("orders"."exchange_rate_x100" > 0),
	CONSTRAINT "orders_bps_ck" CHECK ("orders"."service_fee_bps" BETWEEN 0 AND 10000),
	CONSTRAINT "orders_money_ck" CHECK ("orders"."items_subtotal" >= 0 AND "orders"."service_fee_fixed" >= 0 AND "orders"."service_fee" >= 0 AND "orders"."domestic_fee" >= 0 AND "orders"."deposit" >= 0 AND "orders"."deposit" <= "orders"."total"),
	CONSTRAINT "orders_total_ck" CHECK ("orders"."total" = (CASE WHEN "orders"."kind" = 'purchase' THEN "orders"."items_subtotal" ELSE 0 END) + "orders"."service_fee" + "orders"."domestic_fee")
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at","id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_code_uq" ON "orders" USING btree ("code");--> statement-breakpoint
CREATE INDEX "orders_search_trgm" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at","id") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at","id") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_kind_idx" ON "orders" USING btree ("kind","id") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_currency_idx" ON "orders" USING btree ("currency","id") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total","id") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_updated_at_idx" ON "orders" USING btree ("updated_at","id") WHERE "orders"."deleted_at" IS NULL;--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" json,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text DEFAULT ('GD' || lpad(nextval('transaction_code_seq')::text, 8, '0')) NOT NULL,
	"customer_id" bigint NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"method" text NOT NULL,
	"reference_type" text,
	"reference_id" bigint,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	CONSTRAINT "transactions_type_ck" CHECK ("transactions"."type" IN ('deposit', 'payment', 'refund', 'adjustment', 'cod')),
	CONSTRAINT "transactions_method_ck" CHECK ("transactions"."method" IN ('cash', 'bank_transfer')),
	CONSTRAINT "transactions_status_ck" CHECK ("transactions"."status" IN ('completed')),
	CONSTRAINT "transactions_sign_ck" CHECK (("transactions"."type" IN ('deposit', 'refund', 'cod') AND "transactions"."amount" > 0) OR ("transactions"."type" = 'payment' AND "transactions"."amount" < 0) OR ("transactions"."type" = 'adjustment' AND "transactions"."amount" <> 0)),
	CONSTRAINT "transactions_reference_ck" CHECK (("transactions"."reference_type" IS NULL AND "transactions"."reference_id" IS NULL) OR ("transactions"."reference_type" IN ('order', 'delivery_slip') AND "transactions"."reference_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_uq" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_code_uq" ON "transactions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "transactions_search_trgm" ON "transactions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_customer_idx" ON "transactions" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_created_at_idx" ON "transactions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_type_idx" ON "transactions" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_method_idx" ON "transactions" USING btree ("method","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_amount_idx" ON "transactions" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "transactions_reference_idx" ON "transactions" USING btree ("reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "transactions_order_ref_idx" ON "transactions" USING btree ((CASE WHEN "transactions"."reference_type" = 'order' THEN "transactions"."reference_id" END),"created_at","id");--> statement-breakpoint

-- The customer row is the lock of its wallet and carries the balance (0003 made the column). The balance may
-- go below zero only down to the credit limit; the service answers 409 first, this is the last line.
ALTER TABLE "customers" ADD CONSTRAINT "customers_balance_credit_ck" CHECK ("balance" >= -"credit_limit");
--> statement-breakpoint

-- Ledger rows are never deleted, and only their note / reference (and bookkeeping) may change: an amount is
-- corrected by a new adjustment row. Enforced here as well as by the API (there is no DELETE route).
CREATE FUNCTION "transactions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'transactions are append-only' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.code IS DISTINCT FROM OLD.code OR NEW.customer_id IS DISTINCT FROM OLD.customer_id
     OR NEW.type IS DISTINCT FROM OLD.type OR NEW.amount IS DISTINCT FROM OLD.amount OR NEW.balance_after IS DISTINCT FROM OLD.balance_after
     OR NEW.method IS DISTINCT FROM OLD.method OR NEW.reference_type IS DISTINCT FROM OLD.reference_type
     OR NEW.reference_id IS DISTINCT FROM OLD.reference_id OR NEW.status IS DISTINCT FROM OLD.status
     OR NEW.created_at IS DISTINCT FROM OLD.created_at OR NEW.created_by IS DISTINCT FROM OLD.created_by THEN
    RAISE EXCEPTION 'only the note and reference of a transaction may change' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_append_only" BEFORE UPDATE OR DELETE ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "transactions_append_only"();
--> statement-breakpoint
CREATE FUNCTION "order_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order events are append-only' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_events_append_only" BEFORE UPDATE OR DELETE ON "order_events"
  FOR EACH ROW EXECUTE FUNCTION "order_events_append_only"();
