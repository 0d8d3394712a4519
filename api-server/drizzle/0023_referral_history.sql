-- Issue 29 (leftover): a referral's own history, every round (made, decided, objected, the
-- club's answer, decided again, deemed, withdrawn), with when and who, for the officers of its
-- agency, who may not read the application's trail. One row per change, written beside the
-- change's audit entry; `event` is the domain's ReferralEvent with the round it left and, for an
-- answer, its text; a recorded letter, its date.
CREATE TABLE "referral_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"referral_id" integer NOT NULL REFERENCES "referrals"("id") ON DELETE CASCADE,
	"audit_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"role" text NOT NULL,
	"event" jsonb NOT NULL
);--> statement-breakpoint
CREATE INDEX "referral_events_referral_idx" ON "referral_events" USING btree ("referral_id","id");--> statement-breakpoint
-- The changes made before this table, from the application's trail (the entry names the agency
-- by the name it had then): their kind, when and who, and the trail's English line as `note`.
INSERT INTO "referral_events" ("referral_id", "audit_id", "at", "user_id", "role", "event")
SELECT r."id", a."id", a."at", a."user_id", a."role",
	jsonb_build_object('type', a."action", 'agencyName', a."item", 'note', a."reason")
FROM "audit_log" a
JOIN "referrals" r ON r."application_id" = a."entity_id"
JOIN "agencies" g ON g."id" = r."agency_id" AND g."name" = a."item"
WHERE a."entity" = 'application' AND a."action" LIKE 'referral%'
ORDER BY a."id";
