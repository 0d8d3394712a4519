-- Issue 30: every step has a due date. One clock per municipal step of an application, written
-- only by the change writer (recordChange) as its events move it: started when the step becomes
-- current, due its standard's days in working days later, stopped while the club has the ball
-- (remaining_days kept, paused_days counted on restart), decided when decided; overdue_on is
-- the day the sweep found it late and escalated_to whom it told (null: the chairman).
CREATE TABLE "step_clocks" (
	"application_id" integer NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"step" text NOT NULL,
	"started_on" date NOT NULL,
	"due_on" date NOT NULL,
	"paused_on" date,
	"remaining_days" integer,
	"paused_days" integer DEFAULT 0 NOT NULL,
	"decided_on" date,
	"overdue_on" date,
	"escalated_to" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "step_clocks_pkey" PRIMARY KEY ("application_id", "step")
);
--> statement-breakpoint
CREATE INDEX "step_clocks_running_due_idx" ON "step_clocks" USING btree ("due_on")
	WHERE "decided_on" IS NULL AND "paused_on" IS NULL;
--> statement-breakpoint
-- An application's row in the list carries its clocks: a clock's change is the row's.
CREATE FUNCTION step_clocks_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE applications SET list_version = list_version WHERE id = OLD.application_id;
  ELSE
    UPDATE applications SET list_version = list_version WHERE id = NEW.application_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER step_clocks_list_version AFTER INSERT OR UPDATE OR DELETE ON step_clocks
	FOR EACH ROW EXECUTE FUNCTION step_clocks_list_version();
--> statement-breakpoint
-- A referral found late by the sweep: the day, and whom it told.
ALTER TABLE "referrals" ADD COLUMN "overdue_on" date;
--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "escalated_to" text;
--> statement-breakpoint
-- One digest of late steps a day per Appellate Officer (the chairman when none is named): the
-- key makes a second sweep the same day, or one running at the same time, send none.
CREATE TABLE "overdue_digests" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"steps" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overdue_digests_pkey" PRIMARY KEY ("user_id", "day")
);
