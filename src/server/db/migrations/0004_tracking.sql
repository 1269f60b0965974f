-- Tracking: packages (internal codes PK + 8 digits from a sequence) and their append-only tracking events.
-- A package's status caches its newest event (by occurred_at, then id); only the event-append path writes it.
-- order_id and mawb_id have no foreign key yet: orders (0005) and MAWBs are built in parallel / later, and their
-- migrations add the constraint.
CREATE SEQUENCE "public"."package_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "packages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text DEFAULT ('PK' || lpad(nextval('package_code_seq')::text, 8, '0')) NOT NULL,
	"tracking_number" text NOT NULL,
	"customer_id" bigint,
	"order_id" bigint,
	"store_id" bigint,
	"destination_store_id" bigint,
	"mawb_id" bigint,
	"weight_g" integer,
	"length_mm" integer,
	"width_mm" integer,
	"height_mm" integer,
	"volumetric_g" integer,
	"chargeable_g" integer,
	"declared_value" bigint,
	"declared_currency" text,
	"contents" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'expected' NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unidentified" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	CONSTRAINT "packages_status_ck" CHECK ("packages"."status" IN ('expected', 'received_abroad', 'on_mawb', 'departed', 'arrived', 'customs_hold', 'cleared', 'ready', 'on_slip', 'out_for_delivery', 'delivered', 'on_hold', 'damaged', 'lost', 'returned')),
	CONSTRAINT "packages_weights_ck" CHECK ("packages"."weight_g" > 0 AND "packages"."length_mm" > 0 AND "packages"."width_mm" > 0 AND "packages"."height_mm" > 0 AND "packages"."volumetric_g" >= 0 AND "packages"."chargeable_g" >= 0),
	CONSTRAINT "packages_declared_ck" CHECK ("packages"."declared_value" >= 0 AND ("packages"."declared_value" IS NULL OR "packages"."declared_currency" IS NOT NULL))
);
CREATE TABLE "tracking_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"package_id" bigint NOT NULL,
	"code" text NOT NULL,
	"iata_code" text,
	"location" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" bigint,
	"visibility" text DEFAULT 'public' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_events_code_ck" CHECK ("tracking_events"."code" IN ('expected', 'received_abroad', 'on_mawb', 'departed', 'arrived', 'customs_hold', 'cleared', 'ready', 'on_slip', 'out_for_delivery', 'delivered', 'on_hold', 'damaged', 'lost', 'returned')),
	CONSTRAINT "tracking_events_visibility_ck" CHECK ("tracking_events"."visibility" IN ('public', 'internal'))
);
ALTER TABLE "packages" ADD CONSTRAINT "packages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_destination_store_id_stores_id_fk" FOREIGN KEY ("destination_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint

-- Indexes for a list page and a tracking-number lookup within 20 ms on a million packages (PostgreSQL): every
-- filter is the leading column of a (filter, created_at, id) index, so the default order (newest first) under any
-- one filter reads the first page straight off an index; sorts get (column, id). All of them skip deleted rows.
CREATE UNIQUE INDEX "packages_code_uq" ON "packages" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_tracking_number_uq" ON "packages" USING btree ("tracking_number") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "packages_search_trgm" ON "packages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packages_created_at_idx" ON "packages" USING btree ("created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "packages_status_created_idx" ON "packages" USING btree ("status","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "packages_status_at_idx" ON "packages" USING btree ("status","status_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "packages_status_at_only_idx" ON "packages" USING btree ("status_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "packages_customer_idx" ON "packages" USING btree ("customer_id","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "packages_store_idx" ON "packages" USING btree ("store_id","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "packages_destination_idx" ON "packages" USING btree ("destination_store_id","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "packages_mawb_idx" ON "packages" USING btree ("mawb_id","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "packages_order_idx" ON "packages" USING btree ("order_id","created_at","id") WHERE order_id IS NOT NULL AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "packages_unidentified_idx" ON "packages" USING btree ("created_at","id") WHERE unidentified AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "packages_weight_idx" ON "packages" USING btree ("weight_g","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "packages_chargeable_idx" ON "packages" USING btree ("chargeable_g","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "tracking_events_package_idx" ON "tracking_events" USING btree ("package_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint

-- Events are facts: once written they are never changed or removed (a correction is a new event). The API has no
-- route for it; this makes the database refuse it too.
CREATE FUNCTION "tracking_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tracking_events is append-only: % refused', TG_OP USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tracking_events_no_change" BEFORE UPDATE OR DELETE ON "tracking_events" FOR EACH ROW EXECUTE FUNCTION "tracking_events_append_only"();
