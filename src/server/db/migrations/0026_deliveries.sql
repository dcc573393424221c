CREATE TABLE "gift_deliveries" (
	"gift_id" integer PRIMARY KEY NOT NULL,
	"deliver_at" timestamp with time zone,
	"delivery_time_zone" text,
	"notified_at" timestamp with time zone,
	"undeliverable_at" timestamp with time zone,
	"email_corrections" integer DEFAULT 0 NOT NULL,
	"sender_resent_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "gifts_delivery_due_idx";--> statement-breakpoint
ALTER TABLE "gift_deliveries" ADD CONSTRAINT "gift_deliveries_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_deliveries_due_idx" ON "gift_deliveries" USING btree ("deliver_at") WHERE "gift_deliveries"."notified_at" is null and "gift_deliveries"."deliver_at" is not null;--> statement-breakpoint
-- Data: every gift has its delivery row (create-gift.ts writes one with each gift), holding what gifts held.
INSERT INTO "gift_deliveries" ("gift_id", "deliver_at", "delivery_time_zone", "notified_at", "undeliverable_at", "email_corrections", "sender_resent_at")
SELECT "id", "deliver_at", "delivery_time_zone", "notified_at", "undeliverable_at", "email_corrections", "sender_resent_at" FROM "gifts";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "deliver_at";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "delivery_time_zone";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "notified_at";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "undeliverable_at";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "email_corrections";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "sender_resent_at";