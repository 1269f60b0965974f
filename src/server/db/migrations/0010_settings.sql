-- Settings section: files kept in the database (the company logo; served with caching headers by
-- GET /api/public/logo), and a guard that a setting's kind and key are never blank.
CREATE TABLE "stored_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stored_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"content_type" text NOT NULL,
	"bytes" bytea NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	CONSTRAINT "stored_files_content_type_ck" CHECK ("stored_files"."content_type" IN ('image/png', 'image/jpeg', 'image/webp')),
	CONSTRAINT "stored_files_size_ck" CHECK ("stored_files"."size" = octet_length("stored_files"."bytes") AND "stored_files"."size" <= 1048576)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_kind_key_ck" CHECK ("settings"."kind" <> '' AND "settings"."key" <> '');
--> statement-breakpoint
CREATE INDEX "settings_kind_idx" ON "settings" USING btree ("kind","key","id");
