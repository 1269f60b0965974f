-- Sorting the packages list by status orders by (status, id): the (status, created_at, id) index cannot give that
-- order, so 1,000,000 rows were sorted for each 50-row page (p95 137 ms). This index gives it directly, both ways.
CREATE INDEX "packages_status_id_idx" ON "packages" USING btree ("status","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
-- A status filter sorted by weight or chargeable weight: walking the weight index and skipping other statuses is
-- fast only while the two are unrelated; when the lightest parcels are all of other statuses (as chargeable weight
-- steps often are), a page read hundreds of thousands of entries (p50 425 ms at 1,000,000 packages). Status first.
CREATE INDEX "packages_status_weight_idx" ON "packages" USING btree ("status","weight_g","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "packages_status_chargeable_idx" ON "packages" USING btree ("status","chargeable_g","id") WHERE deleted_at IS NULL;
