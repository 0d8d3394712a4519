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
--> statement-breakpoint
-- A mail to an address an account has not proved is held (not sent) until an account with that
-- address proves it (the outbox claims held rows only then). Set by a trigger, so every writer of
-- the outbox holds alike; the link that proves the address (kind emailVerify) and SMS never are.
ALTER TABLE "notification_outbox" ADD COLUMN "held_for_proof" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE FUNCTION notification_outbox_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.channel = 'mail' AND NEW.kind <> 'emailVerify' AND EXISTS (
    SELECT 1 FROM users
    WHERE lower(users.email) = lower(NEW.recipient) AND users.email_verified_at IS NULL
  ) THEN
    NEW.held_for_proof := true;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER notification_outbox_hold BEFORE INSERT ON notification_outbox
  FOR EACH ROW EXECUTE FUNCTION notification_outbox_hold();
