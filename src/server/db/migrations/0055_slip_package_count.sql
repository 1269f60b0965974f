-- A slip's number of packages, kept on the slip. The slip list's totals (Σ over the filtered set) counted each slip's
-- lines with a subquery per slip: 245 ms of a 290 ms totals statement at 60,000 slips, on every page of the list
-- (bench/RESULTS.md, 2026-12-07 evening). Kept by a trigger on the slip lines, in the statement that changes them,
-- so every writer (the slip routes, the seed, a hand repair) keeps it; a restore writes it as it was dumped.
ALTER TABLE "delivery_slips" ADD COLUMN "package_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint

-- Sets `package_count` of the given slips from their lines (only where it changes).
CREATE OR REPLACE FUNCTION "delivery_slips_count_packages"(slip_ids bigint[]) RETURNS void LANGUAGE sql AS $$
  UPDATE delivery_slips s SET package_count = c.n
    FROM (SELECT x.id, (SELECT count(*)::int FROM delivery_slip_packages l WHERE l.slip_id = x.id) AS n
            FROM (SELECT DISTINCT unnest(slip_ids) AS id) x) c
   WHERE s.id = c.id AND s.package_count IS DISTINCT FROM c.n
$$;--> statement-breakpoint

-- Lines added, removed or moved: their slips. A restore writes the counts as dumped (cargo.restoring, as 0054).
CREATE OR REPLACE FUNCTION "delivery_slip_packages_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  slips bigint[];
BEGIN
  IF current_setting('cargo.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    slips := ARRAY(SELECT DISTINCT slip_id FROM new_lines);
  ELSIF TG_OP = 'DELETE' THEN
    slips := ARRAY(SELECT DISTINCT slip_id FROM old_lines);
  ELSE
    -- Only a line moved to another slip changes a count (a slip's own lines are updated when it closes).
    slips := ARRAY(SELECT o.slip_id FROM old_lines o LEFT JOIN new_lines n ON n.id = o.id WHERE n.slip_id IS DISTINCT FROM o.slip_id
                   UNION SELECT n.slip_id FROM new_lines n LEFT JOIN old_lines o ON o.id = n.id WHERE o.slip_id IS DISTINCT FROM n.slip_id);
  END IF;
  IF cardinality(slips) > 0 THEN
    PERFORM delivery_slips_count_packages(slips);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "delivery_slip_packages_count_insert" AFTER INSERT ON "delivery_slip_packages"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "delivery_slip_packages_count"();--> statement-breakpoint
CREATE TRIGGER "delivery_slip_packages_count_delete" AFTER DELETE ON "delivery_slip_packages"
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION "delivery_slip_packages_count"();--> statement-breakpoint
CREATE TRIGGER "delivery_slip_packages_count_update" AFTER UPDATE ON "delivery_slip_packages"
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "delivery_slip_packages_count"();--> statement-breakpoint

-- The slips there are: the roll-up triggers on slips stand aside for this one statement (no status or amount changes).
SELECT set_config('cargo.restoring', 'on', true);--> statement-breakpoint
UPDATE "delivery_slips" s SET package_count = c.n
  FROM (SELECT slip_id, count(*)::int AS n FROM delivery_slip_packages GROUP BY slip_id) c
 WHERE s.id = c.slip_id;--> statement-breakpoint
SELECT set_config('cargo.restoring', '', true);
