-- A status filter sorted by package code or tracking number walked the whole code (or tracking number) index and
-- skipped the other statuses: cheap while statuses are evenly mixed, but a rare status (lost, damaged) read most of
-- 1,000,000 entries for one page. Status first gives the page, and any keyset page after it, as one index range.
CREATE INDEX "packages_status_code_idx" ON "packages" USING btree ("status","code","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "packages_status_tracking_idx" ON "packages" USING btree ("status","tracking_number","id") WHERE deleted_at IS NULL;
