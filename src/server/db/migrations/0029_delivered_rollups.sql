-- The business dashboard's revenue of delivered slips by day and by route, at 200,000 slips: read from the slips
-- and their lines, a year's range joined 120,000 slips to their lines and packages on every request (250 ms for
-- the routes, 110 ms for the days). These roll-ups hold the same sums per Vietnamese day of delivery, kept by
-- statement-level triggers in the transaction that delivers a slip or changes what a delivered slip counts, as
-- the tracking roll-ups are (0020). They change by deltas (added with ON CONFLICT … DO UPDATE, which serialises
-- two transactions on the same row), so two slips delivered at once on one day both count. A restore writes the
-- roll-ups as dumped (cargo.restoring); a TRUNCATE or a deleted slip recounts.

-- Slips delivered on each Vietnamese day, and their charges (`total`).
CREATE TABLE "delivered_slip_days" (
	"day" date NOT NULL,
	"slips" integer NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "delivered_slip_days_pk" PRIMARY KEY ("day")
);--> statement-breakpoint

-- Lines of the slips delivered on each Vietnamese day, by the MAWB their package flew on (0: on none).
CREATE TABLE "delivered_route_days" (
	"day" date NOT NULL,
	"mawb_id" bigint NOT NULL,
	"lines" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "delivered_route_days_pk" PRIMARY KEY ("day", "mawb_id")
);--> statement-breakpoint

-- Recounts both roll-ups from the slips, for the days given or for all of them (NULL).
CREATE FUNCTION "delivered_rollups_recount"(p_days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM delivered_slip_days WHERE p_days IS NULL OR day = ANY (p_days);
  DELETE FROM delivered_route_days WHERE p_days IS NULL OR day = ANY (p_days);
  INSERT INTO delivered_slip_days (day, slips, total)
  SELECT (delivered_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, count(*)::int, sum(total)::bigint
    FROM delivery_slips
   WHERE status = 'delivered' AND delivered_at IS NOT NULL
     AND (p_days IS NULL OR (delivered_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date = ANY (p_days))
   GROUP BY 1;
  INSERT INTO delivered_route_days (day, mawb_id, lines, amount)
  SELECT (s.delivered_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, coalesce(p.mawb_id, 0), count(*)::int, sum(l.amount)::bigint
    FROM delivery_slips s
    JOIN delivery_slip_packages l ON l.slip_id = s.id
    LEFT JOIN packages p ON p.id = l.package_id
   WHERE s.status = 'delivered' AND s.delivered_at IS NOT NULL
     AND (p_days IS NULL OR (s.delivered_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date = ANY (p_days))
   GROUP BY 1, 2;
END
$$;--> statement-breakpoint

-- Adds the contribution of the delivered slips in `slips` (id, day, total, sign): +1 to count them, -1 to take
-- them out. Their lines are the slips' current lines, with their packages' current MAWB.
CREATE FUNCTION "delivered_rollups_add"(p_ids bigint[], p_days date[], p_totals bigint[], p_signs integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO delivered_slip_days AS d (day, slips, total)
  SELECT x.day, sum(x.sign)::int, sum(x.sign * x.total)::bigint
    FROM unnest(p_ids, p_days, p_totals, p_signs) AS x(id, day, total, sign)
   GROUP BY x.day
  ON CONFLICT (day) DO UPDATE SET slips = d.slips + excluded.slips, total = d.total + excluded.total;
  INSERT INTO delivered_route_days AS r (day, mawb_id, lines, amount)
  SELECT x.day, coalesce(p.mawb_id, 0), sum(x.sign)::int, sum(x.sign * l.amount)::bigint
    FROM unnest(p_ids, p_days, p_totals, p_signs) AS x(id, day, total, sign)
    JOIN delivery_slip_packages l ON l.slip_id = x.id
    LEFT JOIN packages p ON p.id = l.package_id
   GROUP BY 1, 2
  ON CONFLICT (day, mawb_id) DO UPDATE SET lines = r.lines + excluded.lines, amount = r.amount + excluded.amount;
END
$$;--> statement-breakpoint

-- A slip delivered, no longer delivered, or delivered with another day or total: out with what it counted, in with
-- what it counts now. Other changes of a slip (printing, notes, reconciliation) count nothing.
CREATE FUNCTION "delivery_slips_delivered_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
BEGIN
  IF current_setting('cargo.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    -- Its lines were deleted before it (their foreign key), each taken out by its own trigger; the days it counted
    -- are counted again.
    days := ARRAY(SELECT DISTINCT (delivered_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date FROM old_slips
                   WHERE status = 'delivered' AND delivered_at IS NOT NULL);
    IF cardinality(days) > 0 THEN
      PERFORM delivered_rollups_recount(days);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM delivered_rollups_add(array_agg(o.id), array_agg((o.delivered_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date), array_agg(o.total), array_agg(-1))
       FROM old_slips o JOIN new_slips n ON n.id = o.id
      WHERE o.status = 'delivered' AND o.delivered_at IS NOT NULL
        AND (n.status <> 'delivered' OR n.delivered_at IS DISTINCT FROM o.delivered_at OR n.total <> o.total)
     HAVING count(*) > 0;
    PERFORM delivered_rollups_add(array_agg(n.id), array_agg((n.delivered_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date), array_agg(n.total), array_agg(1))
       FROM old_slips o JOIN new_slips n ON n.id = o.id
      WHERE n.status = 'delivered' AND n.delivered_at IS NOT NULL
        AND (o.status <> 'delivered' OR o.delivered_at IS DISTINCT FROM n.delivered_at OR o.total <> n.total)
     HAVING count(*) > 0;
  ELSE
    PERFORM delivered_rollups_add(array_agg(n.id), array_agg((n.delivered_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date), array_agg(n.total), array_agg(1))
       FROM new_slips n WHERE n.status = 'delivered' AND n.delivered_at IS NOT NULL
     HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Lines added to, taken from or changed on a delivered slip (a hand repair): out with the old lines, in with the new.
CREATE FUNCTION "delivery_slip_packages_delivered_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('cargo.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO delivered_route_days AS r (day, mawb_id, lines, amount)
    SELECT (s.delivered_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, coalesce(p.mawb_id, 0), -count(*)::int, -sum(l.amount)::bigint
      FROM old_lines l JOIN delivery_slips s ON s.id = l.slip_id AND s.status = 'delivered' AND s.delivered_at IS NOT NULL
      LEFT JOIN packages p ON p.id = l.package_id
     GROUP BY 1, 2
    ON CONFLICT (day, mawb_id) DO UPDATE SET lines = r.lines + excluded.lines, amount = r.amount + excluded.amount;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO delivered_route_days AS r (day, mawb_id, lines, amount)
    SELECT (s.delivered_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, coalesce(p.mawb_id, 0), count(*)::int, sum(l.amount)::bigint
      FROM new_lines l JOIN delivery_slips s ON s.id = l.slip_id AND s.status = 'delivered' AND s.delivered_at IS NOT NULL
      LEFT JOIN packages p ON p.id = l.package_id
     GROUP BY 1, 2
    ON CONFLICT (day, mawb_id) DO UPDATE SET lines = r.lines + excluded.lines, amount = r.amount + excluded.amount;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- A package of a delivered slip moved to another MAWB: its lines move to that MAWB's route.
CREATE FUNCTION "packages_delivered_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('cargo.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO delivered_route_days AS r (day, mawb_id, lines, amount)
  SELECT (s.delivered_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, m.mawb_id, m.sign * count(*)::int, m.sign * sum(l.amount)::bigint
    FROM delivery_slip_packages l
    JOIN delivery_slips s ON s.id = l.slip_id AND s.status = 'delivered' AND s.delivered_at IS NOT NULL
    CROSS JOIN (VALUES (coalesce(OLD.mawb_id, 0), -1), (coalesce(NEW.mawb_id, 0), 1)) AS m(mawb_id, sign)
   WHERE l.package_id = NEW.id
   GROUP BY 1, 2, m.sign
  ON CONFLICT (day, mawb_id) DO UPDATE SET lines = r.lines + excluded.lines, amount = r.amount + excluded.amount;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION "delivered_rollups_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM delivered_rollups_recount(NULL);
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER "delivery_slips_delivered_rollup_insert" AFTER INSERT ON "delivery_slips"
  REFERENCING NEW TABLE AS new_slips FOR EACH STATEMENT EXECUTE FUNCTION "delivery_slips_delivered_rollup"();--> statement-breakpoint
CREATE TRIGGER "delivery_slips_delivered_rollup_update" AFTER UPDATE ON "delivery_slips"
  REFERENCING OLD TABLE AS old_slips NEW TABLE AS new_slips FOR EACH STATEMENT EXECUTE FUNCTION "delivery_slips_delivered_rollup"();--> statement-breakpoint
CREATE TRIGGER "delivery_slips_delivered_rollup_delete" AFTER DELETE ON "delivery_slips"
  REFERENCING OLD TABLE AS old_slips FOR EACH STATEMENT EXECUTE FUNCTION "delivery_slips_delivered_rollup"();--> statement-breakpoint
CREATE TRIGGER "delivery_slip_packages_delivered_rollup_insert" AFTER INSERT ON "delivery_slip_packages"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "delivery_slip_packages_delivered_rollup"();--> statement-breakpoint
CREATE TRIGGER "delivery_slip_packages_delivered_rollup_update" AFTER UPDATE ON "delivery_slip_packages"
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "delivery_slip_packages_delivered_rollup"();--> statement-breakpoint
CREATE TRIGGER "delivery_slip_packages_delivered_rollup_delete" AFTER DELETE ON "delivery_slip_packages"
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION "delivery_slip_packages_delivered_rollup"();--> statement-breakpoint
CREATE TRIGGER "packages_delivered_rollup" AFTER UPDATE OF "mawb_id" ON "packages"
  FOR EACH ROW WHEN (OLD.mawb_id IS DISTINCT FROM NEW.mawb_id) EXECUTE FUNCTION "packages_delivered_rollup"();--> statement-breakpoint
CREATE TRIGGER "delivery_slips_delivered_rollup_truncate" AFTER TRUNCATE ON "delivery_slips"
  FOR EACH STATEMENT EXECUTE FUNCTION "delivered_rollups_truncate"();--> statement-breakpoint
CREATE TRIGGER "delivery_slip_packages_delivered_rollup_truncate" AFTER TRUNCATE ON "delivery_slip_packages"
  FOR EACH STATEMENT EXECUTE FUNCTION "delivered_rollups_truncate"();--> statement-breakpoint

SELECT delivered_rollups_recount(NULL);
