CREATE TABLE "sms_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sms_requests_scope_key_at_idx" ON "sms_requests" USING btree ("scope","key","at");