-- A restore writes each slip's retry flag as it was dumped (cargo.restoring, as the roll-up triggers of 0020 and 0029
-- read it): the slip lines' retry trigger stands aside while the restore's rows go in. Fired on every restored batch
-- of lines it marked the slips again from tables without statistics, and a 300,000-parcel restore did not get past
-- its slip lines in 12 minutes (bench/RESULTS.md, 2026-12-07).
CREATE OR REPLACE FUNCTION "delivery_slip_packages_retry"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  slips bigint[];
BEGIN
  IF current_setting('cargo.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
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
END $$;
