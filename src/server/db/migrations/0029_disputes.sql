CREATE TABLE "gift_disputes" (
	"gift_id" integer PRIMARY KEY NOT NULL,
	"dispute_opened_at" timestamp with time zone,
	"disputed_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "gifts_erasure_due_idx";--> statement-breakpoint
ALTER TABLE "gift_disputes" ADD CONSTRAINT "gift_disputes_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gifts_erasure_due_idx" ON "gifts" USING btree ((case when "personal_data_erased_at" is not null then null when "status" = 'claimed' then "claimed_at" when "status" = 'refunded' then "refunded_at" when "status" = 'expired' then "expired_at" when "status" = 'disputed' then "state_changed_at" when "status" = 'pending' then coalesce("abandoned_at", "created_at") end));--> statement-breakpoint
-- Data: a row for each gift that had a dispute opened or lost.
INSERT INTO "gift_disputes" ("gift_id", "dispute_opened_at", "disputed_at")
SELECT "id", "dispute_opened_at", "disputed_at" FROM "gifts"
WHERE "dispute_opened_at" IS NOT NULL OR "disputed_at" IS NOT NULL;--> statement-breakpoint
-- Data: retention reads a lost dispute's date as the state's since-when ('disputed' is final); the move and
-- migration 0016 wrote both alike, this makes sure of it.
UPDATE "gifts" SET "state_changed_at" = "disputed_at"
WHERE "state" = 'disputed' AND "disputed_at" IS NOT NULL AND "state_changed_at" IS DISTINCT FROM "disputed_at";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "dispute_opened_at";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "disputed_at";