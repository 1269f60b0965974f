-- Orders carry their debt to the counter (issue 27): a slip may collect what the customer's orders still owe
-- (a consignment order's service fee, say) as order lines. The slip's own total (its revenue) leaves them out; the
-- hand-over settles total + orders_due, so the wallet credit and the amount to collect are taken of that sum.
ALTER TABLE "delivery_slips" ADD COLUMN "orders_due" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "delivery_slips" DROP CONSTRAINT "delivery_slips_money_ck";
--> statement-breakpoint
ALTER TABLE "delivery_slips" ADD CONSTRAINT "delivery_slips_money_ck" CHECK ("delivery_slips"."packages_subtotal" >= 0 AND "delivery_slips"."domestic_fee" >= 0 AND "delivery_slips"."surcharges_total" >= 0 AND "delivery_slips"."discount_amount" >= 0
        AND "delivery_slips"."total" = "delivery_slips"."packages_subtotal" + "delivery_slips"."domestic_fee" + "delivery_slips"."surcharges_total" - "delivery_slips"."discount_amount"
        AND "delivery_slips"."total" >= 0 AND "delivery_slips"."orders_due" >= 0
        AND "delivery_slips"."wallet_credit" >= 0 AND "delivery_slips"."wallet_credit" <= "delivery_slips"."total" + "delivery_slips"."orders_due"
        AND "delivery_slips"."amount_to_collect" = "delivery_slips"."total" + "delivery_slips"."orders_due" - "delivery_slips"."wallet_credit");
--> statement-breakpoint
-- The order lines of a slip: what each order owed when it was put on the slip. `open` while the slip is draft,
-- ready or out for delivery; the partial unique index keeps an order's debt on at most one open slip.
CREATE TABLE "delivery_slip_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_slip_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slip_id" bigint NOT NULL REFERENCES "delivery_slips"("id"),
	"order_id" bigint NOT NULL REFERENCES "orders"("id"),
	"position" integer DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_slip_orders_amount_ck" CHECK ("delivery_slip_orders"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_slip_orders_slip_order_uq" ON "delivery_slip_orders" USING btree ("slip_id","order_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_slip_orders_open_uq" ON "delivery_slip_orders" USING btree ("order_id") WHERE open;
--> statement-breakpoint
-- The wallet pays an order's line when its slip is handed over: note 'slip_order' ({ slip, order }).
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_note_code_ck";
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_note_code_ck"
  CHECK ("note_code" IS NULL OR "note_code" IN ('slip_collected', 'slip_payment', 'order_refund', 'order_deposit_in', 'order_deposit', 'order_cod', 'order_balance', 'order_collected', 'slip_order'));
