-- A parcel's weight is rounded once, where it is billed, in the price-list line's unit and step
-- (shared/domain/pricing.ts billableWeight). The stored chargeable weight is the larger of the gross and the
-- volumetric weight, unrounded (shared/domain/weight.ts parcelFigures); until now it was also rounded up to the
-- receiving step, so a pound-priced route rounded twice (1,2 kg → 1,5 kg → 4 lb instead of 2,65 lb → 3 lb).
-- Every weighed package gets the figure parcelFigures gives, and a weighed package always has one (the readers
-- had fallen back to the gross weight where it was missing, and the dashboards had counted it as 0).
UPDATE "packages" SET "chargeable_g" = GREATEST("weight_g", COALESCE("volumetric_g", 0))
  WHERE "weight_g" IS NOT NULL AND "chargeable_g" IS DISTINCT FROM GREATEST("weight_g", COALESCE("volumetric_g", 0));
--> statement-breakpoint
UPDATE "packages" SET "chargeable_g" = NULL WHERE "weight_g" IS NULL AND "chargeable_g" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_chargeable_weighed_ck" CHECK (("weight_g" IS NULL) = ("chargeable_g" IS NULL));
--> statement-breakpoint
-- What each slip line was billed by (the quote's breakdown: price-list version, unit, step, the weight in the unit
-- before and after its one rounding, the bracket's rate, the exchange rate): frozen with the line's money, so the
-- screen and the print say "2,65 lb → 3 lb × 7,80 USD × 25.400". NULL on lines priced before it existed.
ALTER TABLE "delivery_slip_packages" ADD COLUMN "pricing" jsonb;
