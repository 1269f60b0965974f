-- A slip is a retry when one of its packages was on an earlier (lower id) slip that failed; the others are first
-- attempts (the slip list's `firstAttempt`, the operations dashboard's first-attempt rate). Worked out per request,
-- that meant joining every slip line twice (about 110 ms at 200,000 slips, for any period); kept on the slip, in
-- the transaction that changes its lines or fails an earlier slip, it is a column the dashboard reads from an index.
ALTER TABLE "delivery_slips" ADD COLUMN "retry" boolean DEFAULT false NOT NULL;--> statement-breakpoint

-- Sets `retry` of the given slips from their lines (only where it changes).
CREATE OR REPLACE FUNCTION "delivery_slips_mark_retries"(slip_ids bigint[]) RETURNS void LANGUAGE sql AS $$
  UPDATE delivery_slips s SET retry = r.retry
    FROM (SELECT x.id, EXISTS (SELECT 1 FROM delivery_slip_packages a
                                 JOIN delivery_slip_packages b ON b.package_id = a.package_id AND b.slip_id < a.slip_id
                                 JOIN delivery_slips f ON f.id = b.slip_id AND f.status = 'failed'
                                WHERE a.slip_id = x.id) AS retry
            FROM (SELECT DISTINCT unnest(slip_ids) AS id) x) r
   WHERE s.id = r.id AND s.retry IS DISTINCT FROM r.retry
$$;--> statement-breakpoint

-- Lines added, removed or moved: their slips.
CREATE OR REPLACE FUNCTION "delivery_slip_packages_retry"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  slips bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    slips := ARRAY(SELECT slip_id FROM new_lines);
  ELSIF TG_OP = 'DELETE' THEN
    slips := ARRAY(SELECT slip_id FROM old_lines);
  ELSE
    slips := ARRAY(SELECT slip_id FROM old_lines UNION SELECT slip_id FROM new_lines);
  END IF;
  IF cardinality(slips) > 0 THEN
    PERFORM delivery_slips_mark_retries(slips);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "delivery_slip_packages_retry_insert" AFTER INSERT ON "delivery_slip_packages"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "delivery_slip_packages_retry"();--> statement-breakpoint
CREATE TRIGGER "delivery_slip_packages_retry_delete" AFTER DELETE ON "delivery_slip_packages"
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION "delivery_slip_packages_retry"();--> statement-breakpoint
CREATE TRIGGER "delivery_slip_packages_retry_update" AFTER UPDATE ON "delivery_slip_packages"
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "delivery_slip_packages_retry"();--> statement-breakpoint

-- A slip that fails, or stops being failed (a failed slip is final today; the rule does not depend on it): the later
-- slips sharing one of its packages.
-- Its own update of `retry` changes no status: that statement is not looked at again (a statement trigger fires
-- even for no rows, so without the depth check it would call itself without end).
CREATE OR REPLACE FUNCTION "delivery_slips_retry_status"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  later bigint[];
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  later := ARRAY(
    SELECT a.slip_id FROM old_slips o JOIN new_slips n ON n.id = o.id
      JOIN delivery_slip_packages b ON b.slip_id = n.id
      JOIN delivery_slip_packages a ON a.package_id = b.package_id AND a.slip_id > b.slip_id
     WHERE (o.status = 'failed') <> (n.status = 'failed'));
  IF cardinality(later) > 0 THEN
    PERFORM delivery_slips_mark_retries(later);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "delivery_slips_retry_status" AFTER UPDATE ON "delivery_slips"
  REFERENCING OLD TABLE AS old_slips NEW TABLE AS new_slips FOR EACH STATEMENT EXECUTE FUNCTION "delivery_slips_retry_status"();--> statement-breakpoint

UPDATE "delivery_slips" s SET retry = true
 WHERE EXISTS (SELECT 1 FROM delivery_slip_packages a
                 JOIN delivery_slip_packages b ON b.package_id = a.package_id AND b.slip_id < a.slip_id
                 JOIN delivery_slips f ON f.id = b.slip_id AND f.status = 'failed'
                WHERE a.slip_id = s.id);--> statement-breakpoint

-- Slips delivered or failed by when, with what the first-attempt rate counts, read from the index alone.
CREATE INDEX "delivery_slips_attempts_idx" ON "delivery_slips" USING btree ("status_at") INCLUDE ("status", "retry")
  WHERE status IN ('delivered', 'failed');
