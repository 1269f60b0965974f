-- Notes the system writes on package events become a code and its parameters, rendered in the reader's
-- language; `note` keeps only what staff typed (shared/domain/event-notes.ts lists the codes).
ALTER TABLE "tracking_events" ADD COLUMN "note_code" text;
ALTER TABLE "tracking_events" ADD COLUMN "note_params" jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_note_code_ck"
  CHECK ("note_code" IS NULL OR "note_code" IN ('mawb_status', 'mawb_added', 'mawb_removed', 'package_created'));

-- Existing rows: the sentences the system wrote become codes; anything else (typed by staff) stays as it is.
-- The events stay append-only for everyone else: the guard is off only for this one rewrite, in this transaction.
ALTER TABLE "tracking_events" DISABLE TRIGGER "tracking_events_no_change";
UPDATE "tracking_events" e SET "note_code" = 'mawb_status', "note" = '',
  "note_params" = jsonb_build_object('awb', m[1], 'status', CASE m[2]
    WHEN 'Nháp' THEN 'draft' WHEN 'Đã đặt chỗ' THEN 'booked' WHEN 'Đã lập manifest' THEN 'manifested'
    WHEN 'Đã cất cánh' THEN 'departed' WHEN 'Đã hạ cánh' THEN 'arrived' WHEN 'Đang làm hải quan' THEN 'in_customs'
    WHEN 'Đã thông quan' THEN 'cleared' WHEN 'Đã nhận tại kho VN' THEN 'received_at_hub' WHEN 'Đã đóng' THEN 'closed'
    WHEN 'Đã huỷ' THEN 'cancelled' END)
FROM (SELECT id, regexp_match(note, '^MAWB ([0-9]{3}-[0-9]{8}): (Nháp|Đã đặt chỗ|Đã lập manifest|Đã cất cánh|Đã hạ cánh|Đang làm hải quan|Đã thông quan|Đã nhận tại kho VN|Đã đóng|Đã huỷ)$') AS m
      FROM "tracking_events" WHERE note LIKE 'MAWB %') s
WHERE s.id = e.id AND s.m IS NOT NULL;
UPDATE "tracking_events" SET "note_code" = 'mawb_added', "note_params" = jsonb_build_object('awb', substring(note FROM '([0-9]{3}-[0-9]{8})$')), "note" = ''
  WHERE note ~ '^Đóng vào MAWB [0-9]{3}-[0-9]{8}$';
UPDATE "tracking_events" SET "note_code" = 'mawb_removed', "note_params" = jsonb_build_object('awb', substring(note FROM '([0-9]{3}-[0-9]{8})$')), "note" = ''
  WHERE note ~ '^Gỡ khỏi MAWB [0-9]{3}-[0-9]{8}$';
UPDATE "tracking_events" SET "note_code" = 'package_created', "note" = '' WHERE note = 'Tạo kiện';
ALTER TABLE "tracking_events" ENABLE TRIGGER "tracking_events_no_change";
