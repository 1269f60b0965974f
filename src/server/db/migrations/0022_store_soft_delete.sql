-- Stores are managed from the settings section. A store created by mistake may be removed: the row stays (its
-- audit trail and code with it) with deleted_at set, and every reader ignores it. A store anything refers to
-- (packages, employees, delivery slips) is never removed — the API answers 409 and the office deactivates it.
ALTER TABLE "stores" ADD COLUMN "deleted_at" timestamp with time zone;
