CREATE TABLE "login_known_addresses" (
	"account" text NOT NULL,
	"address" text NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_known_addresses_account_address_pk" PRIMARY KEY("account","address")
);
--> statement-breakpoint
CREATE INDEX "login_known_addresses_last_at_idx" ON "login_known_addresses" USING btree ("last_at");
--> statement-breakpoint
CREATE TABLE "login_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_claims_scope_key_idx" ON "login_claims" USING btree ("scope","key");
