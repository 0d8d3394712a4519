ALTER TABLE "pending_registrations" ADD COLUMN "privacy_notice_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_phone_code_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_phone_code_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_phone_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "privacy_notice_version" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_pending_email_token_hash_key" ON "users" USING btree ("pending_email_token_hash");