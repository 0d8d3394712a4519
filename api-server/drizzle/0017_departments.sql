-- Issue 29: other departments. Agencies (police stations, fire service, electricity supplier,
-- pollution board, S.D.O., others) and one referral of an application per agency, made when its
-- acknowledgement is approved; an agency officer is a user of role 'agency' with its agency_id.
CREATE TABLE "agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"wards" integer[] DEFAULT '{}' NOT NULL,
	"mode" text NOT NULL,
	"days" integer NOT NULL,
	"deemed_approval" boolean DEFAULT false NOT NULL,
	"email" text,
	"phone" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_name_lower_key" ON "agencies" USING btree (lower("name"));--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL REFERENCES "applications"("id") ON DELETE CASCADE,
	"agency_id" integer NOT NULL REFERENCES "agencies"("id"),
	"status" text DEFAULT 'pending' NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"due_on" date NOT NULL,
	"decided_on" date,
	"reference_no" text,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	"response" text,
	"response_document" text,
	"letter_path" text,
	"letter_date" date,
	"decided_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_application_agency_key" ON "referrals" USING btree ("application_id","agency_id");--> statement-breakpoint
CREATE INDEX "referrals_agency_status_idx" ON "referrals" USING btree ("agency_id","status");--> statement-breakpoint
CREATE INDEX "referrals_status_due_idx" ON "referrals" USING btree ("status","due_on");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "agency_id" integer REFERENCES "agencies"("id");--> statement-breakpoint
-- An application's row in the list carries its referrals: a referral's change is the row's.
CREATE FUNCTION referrals_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE applications SET list_version = list_version WHERE id = OLD.application_id;
  ELSE
    UPDATE applications SET list_version = list_version WHERE id = NEW.application_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER referrals_list_version AFTER INSERT OR UPDATE OR DELETE ON referrals
  FOR EACH ROW EXECUTE FUNCTION referrals_list_version();--> statement-breakpoint
-- So are its agencies' names and kinds.
CREATE FUNCTION agencies_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.name, NEW.kind) IS DISTINCT FROM (OLD.name, OLD.kind) THEN
    UPDATE applications SET list_version = list_version
      WHERE id IN (SELECT application_id FROM referrals WHERE agency_id = NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER agencies_list_version AFTER UPDATE ON agencies
  FOR EACH ROW EXECUTE FUNCTION agencies_list_version();
