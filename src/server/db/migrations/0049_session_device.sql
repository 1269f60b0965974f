-- Sessions a user can see and end: the browser (User-Agent, at most 300 characters) and the address a refresh-token
-- family was started from, on the family's first row. Older families have neither and show as an unknown device.
ALTER TABLE "refresh_tokens" ADD COLUMN "user_agent" text;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "ip" text;
