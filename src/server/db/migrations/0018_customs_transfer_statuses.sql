-- Two package statuses: `in_customs` (the MAWB was lodged with customs, FSU CRC "reported to customs": routine
-- clearance, nothing is held) and `in_transfer` (FSU TRM: a parcel bound for another hub than the one the flight
-- landed at, on its way there). `customs_hold` now means only what it says: customs hold this parcel.
ALTER TABLE "packages" DROP CONSTRAINT "packages_status_ck";
ALTER TABLE "packages" ADD CONSTRAINT "packages_status_ck" CHECK ("packages"."status" IN ('expected', 'received_abroad', 'on_mawb', 'departed', 'arrived', 'in_customs', 'cleared', 'in_transfer', 'ready', 'on_slip', 'out_for_delivery', 'delivered', 'on_hold', 'customs_hold', 'damaged', 'lost', 'returned'));
ALTER TABLE "tracking_events" DROP CONSTRAINT "tracking_events_code_ck";
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_code_ck" CHECK ("tracking_events"."code" IN ('expected', 'received_abroad', 'on_mawb', 'departed', 'arrived', 'in_customs', 'cleared', 'in_transfer', 'ready', 'on_slip', 'out_for_delivery', 'delivered', 'on_hold', 'customs_hold', 'damaged', 'lost', 'returned'));
-- Events a MAWB's customs step wrote (CRC) reported the parcel to customs: they were never holds. The history is
-- append-only; this one correction of meaning goes past its trigger, inside this migration's transaction.
ALTER TABLE "tracking_events" DISABLE TRIGGER "tracking_events_no_change";
UPDATE "tracking_events" SET "code" = 'in_customs' WHERE "code" = 'customs_hold' AND "iata_code" = 'CRC';
ALTER TABLE "tracking_events" ENABLE TRIGGER "tracking_events_no_change";
UPDATE "packages" p SET "status" = 'in_customs'
  WHERE p."status" = 'customs_hold'
    AND (SELECT e."code" FROM "tracking_events" e WHERE e."package_id" = p."id" ORDER BY e."occurred_at" DESC, e."id" DESC LIMIT 1) = 'in_customs';
