-- Master air waybills (AWB numbers PPP-SSSSSSSC, unique among live rows), their append-only timeline, and the
-- foreign keys that earlier migrations left for later: packages.mawb_id → mawbs (0004) and packages.order_id →
-- orders (0004, asked for by the orders work; the demo seed leaves order_id null, so no row is orphaned).
-- Pieces and weights of a MAWB are not columns: they are read as sums over its packages and never drift.
CREATE TABLE "mawbs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mawbs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"awb_number" text NOT NULL,
	"airline_prefix" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"flight_legs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flights" text DEFAULT '' NOT NULL,
	"etd" timestamp with time zone,
	"eta" timestamp with time zone,
	"atd" timestamp with time zone,
	"ata" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	CONSTRAINT "mawbs_status_ck" CHECK ("mawbs"."status" IN ('draft', 'booked', 'manifested', 'departed', 'arrived', 'in_customs', 'cleared', 'received_at_hub', 'closed', 'cancelled')),
	CONSTRAINT "mawbs_awb_number_ck" CHECK ("mawbs"."awb_number" ~ '^[0-9]{3}-[0-9]{8}$' AND "mawbs"."airline_prefix" = left("mawbs"."awb_number", 3)),
	CONSTRAINT "mawbs_route_ck" CHECK ("mawbs"."origin" <> "mawbs"."destination"),
	CONSTRAINT "mawbs_flight_legs_ck" CHECK (jsonb_typeof("mawbs"."flight_legs") = 'array')
);
--> statement-breakpoint
CREATE TABLE "mawb_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mawb_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mawb_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"iata_code" text,
	"package_count" integer DEFAULT 0 NOT NULL,
	"package_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" bigint,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mawb_events_kind_ck" CHECK ("mawb_events"."kind" IN ('created', 'status', 'packages_added', 'package_removed')),
	CONSTRAINT "mawb_events_status_ck" CHECK ("mawb_events"."kind" <> 'status' OR ("mawb_events"."from_status" IS NOT NULL AND "mawb_events"."to_status" IS NOT NULL)),
	CONSTRAINT "mawb_events_count_ck" CHECK ("mawb_events"."package_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mawb_events" ADD CONSTRAINT "mawb_events_mawb_id_mawbs_id_fk" FOREIGN KEY ("mawb_id") REFERENCES "public"."mawbs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mawb_events" ADD CONSTRAINT "mawb_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- One MAWB's timeline, newest first.
CREATE INDEX "mawb_events_mawb_idx" ON "mawb_events" USING btree ("mawb_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint

-- Every sortable/filterable column of the MAWB list: (filter, created_at, id) serves the default order under a
-- filter; (column, id) serves a sort. All skip deleted rows. The totals sorts (pieces, weights) are computed per
-- row from packages_mawb_idx; a business has thousands of MAWBs, not millions.
CREATE UNIQUE INDEX "mawbs_awb_number_uq" ON "mawbs" USING btree ("awb_number") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "mawbs_search_trgm" ON "mawbs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mawbs_created_at_idx" ON "mawbs" USING btree ("created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "mawbs_status_idx" ON "mawbs" USING btree ("status","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "mawbs_status_at_idx" ON "mawbs" USING btree ("status_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "mawbs_airline_idx" ON "mawbs" USING btree ("airline_prefix","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "mawbs_origin_idx" ON "mawbs" USING btree ("origin","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "mawbs_destination_idx" ON "mawbs" USING btree ("destination","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "mawbs_etd_idx" ON "mawbs" USING btree ("etd","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "mawbs_eta_idx" ON "mawbs" USING btree ("eta","id") WHERE deleted_at IS NULL;--> statement-breakpoint

-- The timeline is history: once written it is never changed or removed.
CREATE FUNCTION "mawb_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'mawb_events is append-only: % refused', TG_OP USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "mawb_events_no_change" BEFORE UPDATE OR DELETE ON "mawb_events" FOR EACH ROW EXECUTE FUNCTION "mawb_events_append_only"();
--> statement-breakpoint

-- The references 0004 could not declare yet.
ALTER TABLE "packages" ADD CONSTRAINT "packages_mawb_id_mawbs_id_fk" FOREIGN KEY ("mawb_id") REFERENCES "public"."mawbs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
