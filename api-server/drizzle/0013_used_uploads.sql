CREATE TABLE "used_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"call" text NOT NULL,
	"application_id" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "used_uploads" ADD CONSTRAINT "used_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_uploads" ADD CONSTRAINT "used_uploads_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "used_uploads_used_at_idx" ON "used_uploads" USING btree ("used_at");--> statement-breakpoint
ALTER TABLE "staged_uploads" ADD COLUMN "checked_kind" text;
