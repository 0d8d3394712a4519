CREATE TABLE "pending_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"govt_register_no" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"ward_no" integer,
	"password_hash" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"token_hash" text NOT NULL,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "released_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"clubname" text NOT NULL,
	"account" jsonb NOT NULL,
	"application_id" integer,
	"application" jsonb,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"released_by" integer,
	"released_by_role" text NOT NULL,
	"reason" text NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_outbox" ALTER COLUMN "application_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_registrations" ADD CONSTRAINT "pending_registrations_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_registrations_token_hash_key" ON "pending_registrations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "pending_registrations_club_id_idx" ON "pending_registrations" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "pending_registrations_expires_at_idx" ON "pending_registrations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "released_registrations_club_id_idx" ON "released_registrations" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "released_registrations_application_id_idx" ON "released_registrations" USING btree ("application_id");