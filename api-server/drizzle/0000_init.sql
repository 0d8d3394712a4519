CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"apply_year" integer NOT NULL,
	"reg_no" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"puja_location_address" text NOT NULL,
	"puja_location_ward_no" integer NOT NULL,
	"land_type" text NOT NULL,
	"club_president_name" text NOT NULL,
	"club_president_phone" text NOT NULL,
	"club_secrety_name" text NOT NULL,
	"club_secrety_phone" text NOT NULL,
	"puja_presient_name" text NOT NULL,
	"puja_presient_phone" text NOT NULL,
	"puja_secretary_name" text NOT NULL,
	"puja_secretary_phone" text NOT NULL,
	"chairman_application_certificate" text NOT NULL,
	"certificate_image" text NOT NULL,
	"load_agreement_image" text NOT NULL,
	"puja_committee" text NOT NULL,
	"puja_budget" text NOT NULL,
	"acknowledgement" text,
	"acknowledgement_status" text DEFAULT '0' NOT NULL,
	"acknowledgement_reason" text DEFAULT '' NOT NULL,
	"chairman_application_certificate_status" text DEFAULT '0' NOT NULL,
	"chairman_application_certificate_reason" text DEFAULT '' NOT NULL,
	"certificate_status" text DEFAULT '0' NOT NULL,
	"certificate_reason" text DEFAULT '' NOT NULL,
	"agreement_status" text DEFAULT '0' NOT NULL,
	"agreement_reason" text DEFAULT '' NOT NULL,
	"chairman_status" text DEFAULT '0' NOT NULL,
	"chairman_reason" text DEFAULT '' NOT NULL,
	"chairman_approved_date" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"role" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"item" text DEFAULT '' NOT NULL,
	"from_value" text,
	"to_value" text,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clubs" (
	"id" serial PRIMARY KEY NOT NULL,
	"clubname" text NOT NULL,
	"status" text DEFAULT 'A' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reg_counters" (
	"apply_year" integer PRIMARY KEY NOT NULL,
	"last_no" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"deptment" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"club_id" integer,
	"govt_register_no" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"ward_no" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_club_id_key" ON "applications" USING btree ("club_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_year_reg_no_key" ON "applications" USING btree ("apply_year","reg_no");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clubs_clubname_lower_key" ON "clubs" USING btree (lower("clubname"));--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_club_id_key" ON "users" USING btree ("club_id");