-- Delivery slips' package events and the wallet rows the system writes get note codes too: a code and its
-- parameters, rendered in the reader's language; `note` keeps only what staff typed
-- (shared/domain/event-notes.ts and shared/domain/transaction-notes.ts list the codes).
ALTER TABLE "tracking_events" DROP CONSTRAINT "tracking_events_note_code_ck";
--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_note_code_ck"
  CHECK ("note_code" IS NULL OR "note_code" IN ('mawb_status', 'mawb_added', 'mawb_removed', 'package_created', 'slip_status', 'slip_failed', 'slip_delivered'));
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "note_code" text;
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "note_params" jsonb NOT NULL DEFAULT '{}'::jsonb;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_note_code_ck"
  CHECK ("note_code" IS NULL OR "note_code" IN ('slip_collected', 'slip_payment', 'order_refund', 'order_deposit_in', 'order_deposit', 'order_cod', 'order_balance'));
--> statement-breakpoint
-- The system's note of a wallet row is part of the row as posted: like the amount, it never changes (staff
-- edit only their own note and the reference).
CREATE OR REPLACE FUNCTION "transactions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'transactions are append-only' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.code IS DISTINCT FROM OLD.code OR NEW.customer_id IS DISTINCT FROM OLD.customer_id
     OR NEW.type IS DISTINCT FROM OLD.type OR NEW.amount IS DISTINCT FROM OLD.amount OR NEW.balance_after IS DISTINCT FROM OLD.balance_after
     OR NEW.method IS DISTINCT FROM OLD.method OR NEW.reference_type IS DISTINCT FROM OLD.reference_type
     OR NEW.reference_id IS DISTINCT FROM OLD.reference_id OR NEW.status IS DISTINCT FROM OLD.status
     OR NEW.note_code IS DISTINCT FROM OLD.note_code OR NEW.note_params IS DISTINCT FROM OLD.note_params
     OR NEW.created_at IS DISTINCT FROM OLD.created_at OR NEW.created_by IS DISTINCT FROM OLD.created_by THEN
    RAISE EXCEPTION 'only the note and reference of a transaction may change' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Existing rows: the sentences the system wrote become codes; anything else (typed by staff) stays as it is.
-- Both tables are append-only for everyone else: the guards are off only for this one rewrite, in this transaction.
ALTER TABLE "tracking_events" DISABLE TRIGGER "tracking_events_no_change";
--> statement-breakpoint
-- "Phiếu giao PG…: <step or failure reason>", optionally followed by " (<what staff typed>)".
UPDATE "tracking_events" e SET
  "note_code" = CASE WHEN s.m[2] IN ('Khách không có nhà', 'Khách từ chối nhận', 'Sai địa chỉ', 'Lý do khác') THEN 'slip_failed' ELSE 'slip_status' END,
  "note_params" = CASE WHEN s.m[2] IN ('Khách không có nhà', 'Khách từ chối nhận', 'Sai địa chỉ', 'Lý do khác')
    THEN jsonb_build_object('slip', s.m[1], 'reason', CASE s.m[2]
      WHEN 'Khách không có nhà' THEN 'not_home' WHEN 'Khách từ chối nhận' THEN 'refused' WHEN 'Sai địa chỉ' THEN 'wrong_address' ELSE 'other' END)
    ELSE jsonb_build_object('slip', s.m[1], 'status', CASE s.m[2]
      WHEN 'Nháp' THEN 'draft' WHEN 'Sẵn sàng giao' THEN 'ready' WHEN 'Đang giao' THEN 'out_for_delivery' WHEN 'Đã giao' THEN 'delivered'
      WHEN 'Giao thất bại' THEN 'failed' ELSE 'cancelled' END) END,
  "note" = coalesce(s.m[4], '')
FROM (SELECT id, regexp_match(note,
        '^Phiếu giao ([A-Z]{2}[0-9][0-9-]*): (Nháp|Sẵn sàng giao|Đang giao|Đã giao|Giao thất bại|Đã huỷ|Khách không có nhà|Khách từ chối nhận|Sai địa chỉ|Lý do khác)( \((.*)\))?$') AS m
      FROM "tracking_events" WHERE note LIKE 'Phiếu giao %') s
WHERE s.id = e.id AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "tracking_events" e SET "note_code" = 'slip_delivered', "note_params" = jsonb_build_object('slip', s.m[1], 'receiver', s.m[2]), "note" = ''
FROM (SELECT id, regexp_match(note, '^Phiếu giao ([A-Z]{2}[0-9][0-9-]*) — người nhận: (.*)$') AS m FROM "tracking_events" WHERE note LIKE 'Phiếu giao %') s
WHERE s.id = e.id AND s.m IS NOT NULL;
--> statement-breakpoint
-- Customs steps were placed at "Hải quan <airport>", Vietnamese in every language: the airport alone now (the
-- step's label says customs in the reader's language).
UPDATE "tracking_events" SET "location" = substring("location" FROM 10)
WHERE "code" IN ('in_customs', 'cleared', 'customs_hold') AND "location" LIKE 'Hải quan %(___)';
--> statement-breakpoint
ALTER TABLE "tracking_events" ENABLE TRIGGER "tracking_events_no_change";
--> statement-breakpoint
ALTER TABLE "transactions" DISABLE TRIGGER "transactions_append_only";
--> statement-breakpoint
-- Wallet rows: the sentence becomes the code, the search text keeps its words; "(<typed>)" stays as the note.
UPDATE "transactions" t SET "note_code" = s.code, "note_params" = jsonb_build_object(s.param, s.m[2]), "note" = coalesce(s.m[4], '')
FROM (
  SELECT id, m,
    CASE m[1] WHEN 'Thu khi giao phiếu' THEN 'slip_collected' WHEN 'Thanh toán phiếu giao' THEN 'slip_payment'
      WHEN 'Hoàn tiền do hủy đơn' THEN 'order_refund' WHEN 'Hoàn tiền cọc do hủy đơn' THEN 'order_refund'
      WHEN 'Đặt cọc đơn' THEN 'order_deposit_in' WHEN 'Thanh toán tiền cọc đơn' THEN 'order_deposit'
      WHEN 'Thu hộ khi giao đơn' THEN 'order_cod' ELSE 'order_balance' END AS code,
    CASE WHEN m[1] IN ('Thu khi giao phiếu', 'Thanh toán phiếu giao') THEN 'slip' ELSE 'order' END AS param
  FROM (SELECT id, regexp_match(note,
          '^(Thu khi giao phiếu|Thanh toán phiếu giao|Hoàn tiền do hủy đơn|Hoàn tiền cọc do hủy đơn|Đặt cọc đơn|Thanh toán tiền cọc đơn|Thu hộ khi giao đơn|Thanh toán phần còn lại đơn) ([A-Z]{2}[0-9][0-9-]*)( \((.*)\))?$') AS m
        FROM "transactions") x
  WHERE m IS NOT NULL
) s
WHERE s.id = t.id;
--> statement-breakpoint
ALTER TABLE "transactions" ENABLE TRIGGER "transactions_append_only";
