-- Settings versions can be withdrawn: a scheduled version (not yet in force) is removed by setting deleted_at,
-- so the row and its audit trail stay while every reader ignores it.
-- A dated setting may get a second version on the day already in force (a rate corrected today): of two live
-- versions on the same day the later row wins (settingsInForce orders by effective_from, then id), so the
-- (kind, key, effective_from) index is no longer unique. The API still refuses two SCHEDULED versions on one day.
ALTER TABLE "settings" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
DROP INDEX "settings_kind_key_from_uq";
--> statement-breakpoint
CREATE INDEX "settings_kind_key_from_idx" ON "settings" USING btree ("kind","key","effective_from","id") WHERE "settings"."deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "settings_kind_from_idx" ON "settings" USING btree ("kind","effective_from","id") WHERE "settings"."deleted_at" IS NULL;
