-- Two-factor sign-in (TOTP, RFC 6238). One row per user who started enrolment; confirmed_at is set when a first code
-- proved the authenticator works, and only then does sign-in ask for a code. The secret is kept encrypted
-- (AES-256-GCM, key derived from the server's JWT key), so a dump alone does not hold it. last_step is the newest
-- 30-second step that signed in: that step and every earlier one are spent (replay protection).
CREATE TABLE "user_two_factor" (
	"user_id" bigint PRIMARY KEY NOT NULL REFERENCES "users"("id"),
	"secret_enc" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One-time recovery codes, stored as argon2id hashes like passwords; used_at marks the one use.
CREATE TABLE "user_recovery_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL REFERENCES "users"("id"),
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_recovery_codes_user_idx" ON "user_recovery_codes" USING btree ("user_id");
