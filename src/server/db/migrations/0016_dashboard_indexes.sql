-- The dashboards read tracking events by time: packages received abroad / departed / arrived / delivered per
-- day and scans per employee per day, over a period of at most a year. Without an index on occurred_at each
-- request would read the whole (append-only, largest) table; the INCLUDE columns let both aggregates run as
-- index-only scans.
CREATE INDEX "tracking_events_occurred_idx" ON "tracking_events" USING btree ("occurred_at", "code") INCLUDE ("package_id", "actor_id");
