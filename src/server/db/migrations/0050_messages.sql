-- Customer notifications (issue 32): one row per message to one customer over one channel, from queued to sent,
-- failed or skipped. While a message is queued and no send has started (attempts = 0) it gathers the parcels of
-- the same customer, event kind and MAWB / slip (group_key) into one message.
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"group_key" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"recipient" text DEFAULT '' NOT NULL,
	"package_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tracking_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"provider_answer" jsonb,
	"reason" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_event_ck" CHECK ("event" IN ('received_abroad', 'departed', 'ready_for_pickup', 'out_for_delivery', 'delivered', 'wallet_credited', 'balance_reminder')),
	CONSTRAINT "messages_channel_ck" CHECK ("channel" IN ('zns', 'email')),
	CONSTRAINT "messages_state_ck" CHECK ("state" IN ('queued', 'sent', 'failed', 'skipped')),
	CONSTRAINT "messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "messages_tracking_id_uq" ON "messages" ("tracking_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "messages_gathering_uq" ON "messages" ("customer_id", "event", "channel", "group_key") WHERE "state" = 'queued' AND "attempts" = 0;
--> statement-breakpoint
CREATE INDEX "messages_customer_idx" ON "messages" ("customer_id", "id");
--> statement-breakpoint
CREATE INDEX "messages_state_idx" ON "messages" ("state", "id");
--> statement-breakpoint
CREATE INDEX "messages_event_idx" ON "messages" ("event", "id");
--> statement-breakpoint
-- Per customer and channel: whether they want these messages, and the language of their e-mail.
ALTER TABLE "customers" ADD COLUMN "notify_zns" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "notify_email" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "language" text DEFAULT 'vi' NOT NULL;
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_language_ck" CHECK ("language" IN ('vi', 'en'));
--> statement-breakpoint
-- A provider's OAuth tokens (Zalo OA), refreshed before they expire and shared by every instance.
CREATE TABLE "provider_tokens" (
	"provider" text PRIMARY KEY NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
