-- The operations dashboard at a million packages and ten million tracking events. Counting the flow per day
-- (distinct packages per Vietnamese day and event code), the scans per employee per day and the transit times
-- from the events table at request time reads up to a year of events (seconds). These roll-ups hold the same
-- figures, kept by statement-level triggers on tracking_events in the transaction that writes the events, so
-- they can never be ahead of or behind the rows they summarise (a rolled-back write rolls them back too).
-- Statement-level triggers with transition tables cost one upsert per statement, not one per row: a MAWB step
-- that moves 500 parcels or a bulk load stays one set-based write. tracking_events is append-only (its own
-- trigger refuses UPDATE and DELETE); the roll-ups still follow an UPDATE, DELETE or TRUNCATE by recounting the
-- days and packages touched, should the history ever be repaired by hand with that guard switched off.
-- A restore writes the roll-ups as they were dumped, so it sets cargo.restoring and the triggers stand aside.

-- First time each package was received at a foreign warehouse (min occurred_at of its received_abroad
-- events): where transit time starts.
ALTER TABLE "packages" ADD COLUMN "received_abroad_at" timestamp with time zone;--> statement-breakpoint

-- Packages with at least one event of `code` on Vietnamese day `day` (each package once per day and code).
CREATE TABLE "tracking_day_packages" (
	"day" date NOT NULL,
	"code" text NOT NULL,
	"packages" integer NOT NULL,
	CONSTRAINT "tracking_day_packages_pk" PRIMARY KEY ("day", "code")
);--> statement-breakpoint

-- Events recorded by each user on each Vietnamese day (every code: a scan is any event a person records).
CREATE TABLE "tracking_day_scans" (
	"day" date NOT NULL,
	"actor_id" bigint NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "tracking_day_scans_pk" PRIMARY KEY ("day", "actor_id")
);--> statement-breakpoint

-- Recounts the roll-ups from tracking_events: for the days in p_days and the packages in p_packages, or for
-- everything when the array is NULL. Used to fill them here, after a restore of a backup made before them,
-- and by the UPDATE/DELETE triggers.
CREATE FUNCTION "tracking_rollups_recount"(p_days date[], p_packages bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lo timestamptz;
  hi timestamptz;
BEGIN
  IF p_days IS NULL THEN
    DELETE FROM tracking_day_packages;
    DELETE FROM tracking_day_scans;
    INSERT INTO tracking_day_packages (day, code, packages)
    SELECT (occurred_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, code, count(DISTINCT package_id)::int
      FROM tracking_events GROUP BY 1, 2;
    INSERT INTO tracking_day_scans (day, actor_id, events)
    SELECT (occurred_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, actor_id, count(*)::int
      FROM tracking_events WHERE actor_id IS NOT NULL GROUP BY 1, 2;
  ELSIF cardinality(p_days) > 0 THEN
    -- The days' bounds as times, so the recount reads the occurred_at index over that span only.
    SELECT min(d)::timestamp AT TIME ZONE 'Asia/Ho_Chi_Minh', (max(d) + 1)::timestamp AT TIME ZONE 'Asia/Ho_Chi_Minh'
      INTO lo, hi FROM unnest(p_days) d;
    DELETE FROM tracking_day_packages WHERE day = ANY (p_days);
    DELETE FROM tracking_day_scans WHERE day = ANY (p_days);
    INSERT INTO tracking_day_packages (day, code, packages)
    SELECT (occurred_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, code, count(DISTINCT package_id)::int
      FROM tracking_events
     WHERE occurred_at >= lo AND occurred_at < hi AND (occurred_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date = ANY (p_days)
     GROUP BY 1, 2;
    INSERT INTO tracking_day_scans (day, actor_id, events)
    SELECT (occurred_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, actor_id, count(*)::int
      FROM tracking_events
     WHERE actor_id IS NOT NULL AND occurred_at >= lo AND occurred_at < hi AND (occurred_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date = ANY (p_days)
     GROUP BY 1, 2;
  END IF;

  IF p_packages IS NULL THEN
    UPDATE packages p SET received_abroad_at = f.first_at
      FROM (SELECT package_id, min(occurred_at) AS first_at FROM tracking_events WHERE code = 'received_abroad' GROUP BY 1) f
     WHERE p.id = f.package_id AND p.received_abroad_at IS DISTINCT FROM f.first_at;
    UPDATE packages p SET received_abroad_at = NULL
     WHERE p.received_abroad_at IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM tracking_events e WHERE e.package_id = p.id AND e.code = 'received_abroad');
  ELSIF cardinality(p_packages) > 0 THEN
    UPDATE packages p SET received_abroad_at = f.first_at
      FROM (SELECT x.id, (SELECT min(e.occurred_at) FROM tracking_events e WHERE e.package_id = x.id AND e.code = 'received_abroad') AS first_at
              FROM unnest(p_packages) AS x(id)) f
     WHERE p.id = f.id AND p.received_abroad_at IS DISTINCT FROM f.first_at;
  END IF;
END
$$;
--> statement-breakpoint

CREATE FUNCTION "tracking_events_rollup_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('cargo.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- Two transactions appending the same code to the same package on the same day must not both count it as
  -- new: each would miss the other's uncommitted event. Locking the packages first (in id order, the lock the
  -- status update takes a moment later anyway) makes the second wait, and its next statement sees the first.
  PERFORM 1 FROM packages WHERE id IN (SELECT package_id FROM new_events) ORDER BY id FOR NO KEY UPDATE;

  -- A (package, code, day) is new when every event of it in the table came with this statement.
  INSERT INTO tracking_day_packages (day, code, packages)
  SELECT day, code, count(*)::int FROM (
    SELECT g.day, g.code
      FROM (SELECT package_id, code, (occurred_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date AS day, count(*) AS n
              FROM new_events GROUP BY 1, 2, 3) g
      JOIN tracking_events e
        ON e.package_id = g.package_id AND e.code = g.code
       AND e.occurred_at >= g.day::timestamp AT TIME ZONE 'Asia/Ho_Chi_Minh'
       AND e.occurred_at < (g.day + 1)::timestamp AT TIME ZONE 'Asia/Ho_Chi_Minh'
     GROUP BY g.package_id, g.code, g.day, g.n
    HAVING count(*) = g.n
  ) fresh
  GROUP BY 1, 2
  ON CONFLICT (day, code) DO UPDATE SET packages = tracking_day_packages.packages + excluded.packages;

  INSERT INTO tracking_day_scans (day, actor_id, events)
  SELECT (occurred_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, actor_id, count(*)::int
    FROM new_events WHERE actor_id IS NOT NULL GROUP BY 1, 2
  ON CONFLICT (day, actor_id) DO UPDATE SET events = tracking_day_scans.events + excluded.events;

  UPDATE packages p SET received_abroad_at = f.first_at
    FROM (SELECT package_id, min(occurred_at) AS first_at FROM new_events WHERE code = 'received_abroad' GROUP BY 1) f
   WHERE p.id = f.package_id AND (p.received_abroad_at IS NULL OR p.received_abroad_at > f.first_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION "tracking_events_rollup_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
  ids bigint[];
BEGIN
  IF current_setting('cargo.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT (occurred_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date), array_agg(DISTINCT package_id)
      INTO days, ids FROM (SELECT occurred_at, package_id FROM old_events UNION ALL SELECT occurred_at, package_id FROM new_events) x;
  ELSE
    SELECT array_agg(DISTINCT (occurred_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date), array_agg(DISTINCT package_id)
      INTO days, ids FROM old_events;
  END IF;
  PERFORM tracking_rollups_recount(coalesce(days, '{}'), coalesce(ids, '{}'));
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION "tracking_events_rollup_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tracking_day_packages;
  DELETE FROM tracking_day_scans;
  UPDATE packages SET received_abroad_at = NULL WHERE received_abroad_at IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE TRIGGER "tracking_events_rollup_insert" AFTER INSERT ON "tracking_events"
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION "tracking_events_rollup_insert"();--> statement-breakpoint
CREATE TRIGGER "tracking_events_rollup_update" AFTER UPDATE ON "tracking_events"
  REFERENCING OLD TABLE AS old_events NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION "tracking_events_rollup_change"();--> statement-breakpoint
CREATE TRIGGER "tracking_events_rollup_delete" AFTER DELETE ON "tracking_events"
  REFERENCING OLD TABLE AS old_events FOR EACH STATEMENT EXECUTE FUNCTION "tracking_events_rollup_change"();--> statement-breakpoint
CREATE TRIGGER "tracking_events_rollup_truncate" AFTER TRUNCATE ON "tracking_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracking_events_rollup_truncate"();--> statement-breakpoint

SELECT tracking_rollups_recount(NULL, NULL);--> statement-breakpoint

-- Transit time reads the packages delivered in a period: their delivery time, first reception abroad and MAWB
-- (for the route) straight from this index, without visiting the table.
CREATE INDEX "packages_delivered_transit_idx" ON "packages" USING btree ("status_at") INCLUDE ("received_abroad_at", "mawb_id")
  WHERE status = 'delivered' AND deleted_at IS NULL;
--> statement-breakpoint

-- The other dashboard figures at a million packages / 200,000 slips, each read from an index alone:
-- delivered slips by delivery time with what revenue, first-attempt and top customers need;
CREATE INDEX "delivery_slips_delivered_revenue_idx" ON "delivery_slips" USING btree ("delivered_at") INCLUDE ("id", "total", "customer_id")
  WHERE status = 'delivered';--> statement-breakpoint
-- failed slips by status time, with their reason;
CREATE INDEX "delivery_slips_failed_idx" ON "delivery_slips" USING btree ("status_at") INCLUDE ("id", "failure_reason") WHERE status = 'failed';--> statement-breakpoint
-- slips ready or out for delivery and COD not reconciled, with their amounts (ageing);
CREATE INDEX "delivery_slips_unconfirmed_idx" ON "delivery_slips" USING btree ("status") INCLUDE ("amount_to_collect")
  WHERE status IN ('ready', 'out_for_delivery');--> statement-breakpoint
CREATE INDEX "delivery_slips_cod_amount_idx" ON "delivery_slips" USING btree ("collected_amount") WHERE cod_outstanding;--> statement-breakpoint
-- parcels received abroad and on no MAWB, by how long they have waited (ageing);
CREATE INDEX "packages_abroad_waiting_idx" ON "packages" USING btree ("status_at")
  WHERE status = 'received_abroad' AND mawb_id IS NULL AND deleted_at IS NULL;--> statement-breakpoint
-- packages on a MAWB (deleted ones too: a delivered slip keeps its lines), for revenue by route.
CREATE INDEX "packages_on_mawb_idx" ON "packages" USING btree ("mawb_id") INCLUDE ("id") WHERE mawb_id IS NOT NULL;
