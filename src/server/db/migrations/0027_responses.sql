CREATE TABLE "gift_responses" (
	"gift_id" integer PRIMARY KEY NOT NULL,
	"cancelled_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"thank_you_note" text,
	"thank_you_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gift_responses" ADD CONSTRAINT "gift_responses_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Data: each gift the sender cancelled, the recipient declined or thanked keeps that in its gift_responses row.
INSERT INTO "gift_responses" ("gift_id", "cancelled_at", "declined_at", "thank_you_note", "thank_you_at")
SELECT "id", "cancelled_at", "declined_at", "thank_you_note", "thank_you_at" FROM "gifts"
WHERE "cancelled_at" IS NOT NULL OR "declined_at" IS NOT NULL OR "thank_you_note" IS NOT NULL OR "thank_you_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "cancelled_at";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "declined_at";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "thank_you_note";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "thank_you_at";