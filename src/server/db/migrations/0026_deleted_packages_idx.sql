-- The operations dashboard counts packages per day and event from a roll-up that keeps every package's events, while
-- the package list (each figure's link) hides deleted packages. The few deleted packages are subtracted per request;
-- this index finds them without reading the live ones.
CREATE INDEX "packages_deleted_idx" ON "packages" USING btree ("id") WHERE deleted_at IS NOT NULL;
