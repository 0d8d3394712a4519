CREATE TABLE "seasons" (
	"year" integer PRIMARY KEY NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date,
	"puja_starts_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every database before seasons served the one 2025 puja (SPEC §9): it becomes season 2025, open
-- since 1 January with no close day, and every application and certificate stays in it. A new
-- database (a fresh demo too) starts with the same season. A year no season has yet (none in
-- practice) becomes a closed season of its own, so the foreign key below holds.
INSERT INTO "seasons" ("year", "opens_on") VALUES (2025, '2025-01-01');--> statement-breakpoint
INSERT INTO "seasons" ("year", "opens_on", "closes_on")
  SELECT DISTINCT "apply_year", make_date("apply_year", 1, 1), make_date("apply_year", 12, 31)
  FROM "applications" WHERE "apply_year" <> 2025;--> statement-breakpoint
DROP INDEX "applications_club_id_key";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "documents_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_apply_year_seasons_year_fk" FOREIGN KEY ("apply_year") REFERENCES "public"."seasons"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_club_id_apply_year_key" ON "applications" USING btree ("club_id","apply_year");