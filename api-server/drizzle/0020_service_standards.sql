-- Issue 30: the service standards (RTPS Act 2013): each municipal step's time limit in working
-- days, its Designated Officer (a role) and its Appellate Officer (a named staff user; none: the
-- chairman hears appeals). A department's referral keeps its days on its agency, beside its own
-- Appellate Officer. A user deleted stops being an Appellate Officer (the chairman again).
CREATE TABLE "service_standards" (
	"step" text PRIMARY KEY NOT NULL,
	"days" integer NOT NULL,
	"designated_role" text NOT NULL,
	"appellate_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_standards_days_check" CHECK ("days" BETWEEN 1 AND 60)
);
--> statement-breakpoint
INSERT INTO "service_standards" ("step", "days", "designated_role") VALUES
	('acknowledgement', 2, 'store'),
	('chairman_application_certificate', 3, 'store'),
	('certificate', 3, 'store'),
	('agreement', 3, 'store'),
	('final', 5, 'chairman');
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "appellate_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL;
