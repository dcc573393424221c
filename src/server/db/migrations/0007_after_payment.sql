-- After payment (decision 016): the sender's gift page, scheduled delivery, reminders, bounces and a thank-you.
ALTER TABLE "gifts" ADD COLUMN "deliver_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "delivery_time_zone" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "undeliverable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "email_corrections" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "sender_resent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "thank_you_note" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "thank_you_at" timestamp with time zone;--> statement-breakpoint
-- notified_at stays null for gifts delivered at payment before this migration: deliver_at null means delivered.
CREATE INDEX "gifts_delivery_due_idx" ON "gifts" USING btree ("deliver_at") WHERE "gifts"."status" = 'paid' and "gifts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "gifts_reminder_due_idx" ON "gifts" USING btree ("expires_at") WHERE "gifts"."status" = 'paid' and "gifts"."claim_started_at" is null;--> statement-breakpoint
CREATE TABLE "gift_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"gift_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_links_purpose_check" CHECK ("gift_links"."purpose" in ('claim', 'manage'))
);--> statement-breakpoint
ALTER TABLE "gift_links" ADD CONSTRAINT "gift_links_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_links_gift_idx" ON "gift_links" USING btree ("gift_id","purpose");
