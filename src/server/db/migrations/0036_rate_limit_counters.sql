-- Per-IP request counters of the rate-limited routes, shared by every server instance on one PostgreSQL database
-- (plugins/rate-limit-store.ts): a fixed window per key, on the database's clock. PGlite keeps them in memory (one
-- process); expired rows are purged by housekeeping.
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends" timestamp with time zone NOT NULL
);
