-- Issue 30: appeals (RTPS Act 2013). A club appeals a final rejection, a department's rejection
-- (its referral) or a late step, within the window; the Appellate Officer allows (the decision is
-- set aside, or the late step ordered decided by `order_due_on`) or dismisses with a reason.
-- `appealed_on` is the day of the decision appealed against: one appeal per decision (the unique
-- index), so a second filing of the same refusal is refused however two requests race.
CREATE TABLE "appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"ground" text NOT NULL,
	"referral_id" integer REFERENCES "referrals"("id") ON DELETE CASCADE,
	"step" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"document" text,
	"appealed_on" date NOT NULL,
	"filed_on" date NOT NULL,
	"due_on" date NOT NULL,
	"decided_on" date,
	"decided_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"decision_reason" text DEFAULT '' NOT NULL,
	"order_due_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appeals_ground_check" CHECK ("ground" IN ('finalRejected', 'referralRejected', 'overdue')),
	CONSTRAINT "appeals_status_check" CHECK ("status" IN ('pending', 'allowed', 'dismissed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_decision_key" ON "appeals" ("application_id", "ground", "step", COALESCE("referral_id", 0), "appealed_on");
--> statement-breakpoint
CREATE INDEX "appeals_status_due_idx" ON "appeals" ("status", "due_on");
--> statement-breakpoint
-- An application's row in the list carries its appeals: an appeal's change is the row's.
CREATE FUNCTION appeals_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE applications SET list_version = list_version WHERE id = OLD.application_id;
  ELSE
    UPDATE applications SET list_version = list_version WHERE id = NEW.application_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appeals_list_version AFTER INSERT OR UPDATE OR DELETE ON appeals
  FOR EACH ROW EXECUTE FUNCTION appeals_list_version();
