-- Approved applications from before this migration get their codes at the next start
-- (issueMissingVerificationCodes in src/verification.ts): the codes are base32, written by the server.
ALTER TABLE "applications" ADD COLUMN "verification_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_verification_code_key" ON "applications" USING btree ("verification_code");