-- Issue 27: closing a season's applications no longer freezes its unfinished applications; staff
-- close its review explicitly, once, with a reason (audited). Null: the review goes on.
ALTER TABLE "seasons" ADD COLUMN "review_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "review_closed_reason" text;
