-- Issue 26, L4: an account registered by SMS has not proved its e-mail address. Until the link
-- mailed to it is opened (email_verified_at set), nothing but that link is mailed to it.
-- Every existing account counts as proved (mail registrations opened their link; staff and
-- handed-over addresses were typed by an admin): backfilled with when the account was created,
-- and new rows default to now() (only a registration by SMS writes NULL).
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "email_verified_at" = "created_at";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email_verified_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verify_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verify_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verify_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_verify_token_hash_key" ON "users" USING btree ("email_verify_token_hash");
