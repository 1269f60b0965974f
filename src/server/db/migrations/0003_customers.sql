-- Customers (soft-deleted, codes KH + 6 digits from a sequence), employee codes from a sequence, and the
-- indexes the list engine needs: trigram search on folded text and one index per sortable/filterable column.
CREATE SEQUENCE "public"."customer_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 999999 START WITH 1 CACHE 1;
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text DEFAULT ('KH' || lpad(nextval('customer_code_seq')::text, 6, '0')) NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"customer_group" text DEFAULT 'retail' NOT NULL,
	"suite_code" text,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"credit_limit" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	CONSTRAINT "customers_group_ck" CHECK ("customer_group" IN ('retail', 'wholesale', 'vip')),
	CONSTRAINT "customers_status_ck" CHECK ("status" IN ('active', 'inactive')),
	CONSTRAINT "customers_credit_limit_ck" CHECK ("credit_limit" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customers_code_uq" ON "customers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_uq" ON "customers" USING btree ("email") WHERE "customers"."deleted_at" IS NULL AND "customers"."email" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_suite_code_uq" ON "customers" USING btree ("suite_code") WHERE "customers"."suite_code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_search_trgm" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_full_name_idx" ON "customers" USING btree ("full_name","id") WHERE "customers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone","id") WHERE "customers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_province_idx" ON "customers" USING btree ("province","id") WHERE "customers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_group_idx" ON "customers" USING btree ("customer_group","id") WHERE "customers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_status_idx" ON "customers" USING btree ("status","id") WHERE "customers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_created_at_idx" ON "customers" USING btree ("created_at","id") WHERE "customers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_balance_idx" ON "customers" USING btree ("balance","id") WHERE "customers"."deleted_at" IS NULL;--> statement-breakpoint

-- Employees: codes "NV" + 4 digits from a sequence that starts after any code already present.
CREATE SEQUENCE "public"."employee_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9999 START WITH 1 CACHE 1;
--> statement-breakpoint
SELECT setval('employee_code_seq', coalesce((SELECT max(substring(code from 3)::int) FROM employees WHERE code ~ '^NV[0-9]{4}$'), 0) + 1, false);
--> statement-breakpoint
ALTER TABLE "employees" ALTER COLUMN "code" SET DEFAULT ('NV' || lpad(nextval('employee_code_seq')::text, 4, '0'));
--> statement-breakpoint
CREATE INDEX "employees_search_trgm" ON "employees" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_phone_idx" ON "employees" USING btree ("phone","id") WHERE "employees"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "employees_email_idx" ON "employees" USING btree ("email","id") WHERE "employees"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "employees_position_idx" ON "employees" USING btree ("position","id") WHERE "employees"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint

-- Stores: a handful of rows, but every sortable/filterable column gets its index all the same.
CREATE INDEX "stores_name_idx" ON "stores" USING btree ("name");--> statement-breakpoint
CREATE INDEX "stores_country_idx" ON "stores" USING btree ("country");--> statement-breakpoint
CREATE INDEX "stores_kind_idx" ON "stores" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "stores_status_idx" ON "stores" USING btree ("status");--> statement-breakpoint
CREATE INDEX "stores_created_at_idx" ON "stores" USING btree ("created_at");--> statement-breakpoint

-- Audit: the History tab reads (entity, entity_id) newest first (0001 has that index); the global log filters by action.
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_at_idx" ON "audit_log" USING btree ("entity","at");
