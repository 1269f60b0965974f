-- Databases created by the builds that shipped 0028's first text have three trigger functions for the slip lines
-- (…_retry_insert, …_retry_delete, …_retry_update); 0028 as it stands has one, by TG_OP. The runner accepts that
-- first text as equivalent (migrate.ts, EQUIVALENT_CHECKSUMS); this brings such a database to 0028's present shape,
-- so that a later change to "delivery_slip_packages_retry" reaches every database. On any other database it
-- re-creates what is already there.
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
DROP TRIGGER IF EXISTS "delivery_slip_packages_retry_insert" ON "delivery_slip_packages";--> statement-breakpoint
DROP TRIGGER IF EXISTS "delivery_slip_packages_retry_delete" ON "delivery_slip_packages";--> statement-breakpoint
DROP TRIGGER IF EXISTS "delivery_slip_packages_retry_update" ON "delivery_slip_packages";--> statement-breakpoint
CREATE TRIGGER "delivery_slip_packages_retry_insert" AFTER INSERT ON "delivery_slip_packages"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "delivery_slip_packages_retry"();--> statement-breakpoint
CREATE TRIGGER "delivery_slip_packages_retry_delete" AFTER DELETE ON "delivery_slip_packages"
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION "delivery_slip_packages_retry"();--> statement-breakpoint
CREATE TRIGGER "delivery_slip_packages_retry_update" AFTER UPDATE ON "delivery_slip_packages"
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "delivery_slip_packages_retry"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "delivery_slip_packages_retry_insert"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "delivery_slip_packages_retry_delete"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "delivery_slip_packages_retry_update"();
