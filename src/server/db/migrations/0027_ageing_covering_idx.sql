-- The operations dashboard's ageing counts what waits at each warehouse. Counted per warehouse, the indexes of 0020
-- sent every row to the table for its warehouse and amount: at 1,000,000 packages / 200,000 slips that was 60,000
-- heap pages read at random, 1.2–1.6 s a request. These carry the warehouse and the amount, so each count is read
-- from its index alone.
-- Parcels received abroad on no MAWB, by how long they have waited, with their receiving warehouse:
DROP INDEX IF EXISTS "packages_abroad_waiting_idx";--> statement-breakpoint
CREATE INDEX "packages_abroad_waiting_idx" ON "packages" USING btree ("status_at") INCLUDE ("store_id")
  WHERE status = 'received_abroad' AND mawb_id IS NULL AND deleted_at IS NULL;--> statement-breakpoint
-- parcels ready at a Vietnamese hub, by how long they have waited, with their hub (and id, for "on no open slip"):
CREATE INDEX "packages_ready_waiting_idx" ON "packages" USING btree ("status_at") INCLUDE ("destination_store_id", "id")
  WHERE status = 'ready' AND deleted_at IS NULL;--> statement-breakpoint
-- slips ready or out for delivery, and slips whose COD is not reconciled, with their hub and amount:
DROP INDEX IF EXISTS "delivery_slips_unconfirmed_idx";--> statement-breakpoint
CREATE INDEX "delivery_slips_unconfirmed_idx" ON "delivery_slips" USING btree ("status") INCLUDE ("store_id", "amount_to_collect")
  WHERE status IN ('ready', 'out_for_delivery');--> statement-breakpoint
DROP INDEX IF EXISTS "delivery_slips_cod_amount_idx";--> statement-breakpoint
CREATE INDEX "delivery_slips_cod_amount_idx" ON "delivery_slips" USING btree ("store_id") INCLUDE ("collected_amount") WHERE cod_outstanding;
