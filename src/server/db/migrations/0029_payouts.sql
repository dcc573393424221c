CREATE TABLE "gift_payouts" (
	"gift_id" integer PRIMARY KEY NOT NULL,
	"recipient_account_id" text,
	"transfer_started_at" timestamp with time zone,
	"transfer_id" text,
	"claimed_at" timestamp with time zone,
	"reconcile_after" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gifts" DROP CONSTRAINT "gifts_transfer_xor_refund";--> statement-breakpoint
DROP INDEX "gifts_payout_due_idx";--> statement-breakpoint
DROP INDEX "gifts_recipient_account_idx";--> statement-breakpoint
DROP INDEX "gifts_erasure_due_idx";--> statement-breakpoint
ALTER TABLE "gift_payouts" ADD CONSTRAINT "gift_payouts_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_payouts_due_idx" ON "gift_payouts" USING btree ("reconcile_after","gift_id") WHERE "gift_payouts"."recipient_account_id" is not null and "gift_payouts"."transfer_started_at" is null and "gift_payouts"."reconcile_after" is not null;--> statement-breakpoint
CREATE INDEX "gift_payouts_account_idx" ON "gift_payouts" USING btree ("recipient_account_id") WHERE "gift_payouts"."transfer_started_at" is null;--> statement-breakpoint
CREATE INDEX "gift_payouts_transfer_idx" ON "gift_payouts" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "gifts_erasure_due_idx" ON "gifts" USING btree ((case when "personal_data_erased_at" is not null then null when "status" = 'claimed' then "state_changed_at" when "status" = 'refunded' then "refunded_at" when "status" = 'expired' then "expired_at" when "status" = 'disputed' then "disputed_at" when "status" = 'pending' then coalesce("abandoned_at", "created_at") end));--> statement-breakpoint
-- Data: each gift whose claim started (or whose payout was looked at) keeps its payout in a gift_payouts row. A
-- gift waiting for its payout gets its next look if it had none (the job now reads only gifts with one).
INSERT INTO "gift_payouts" ("gift_id", "recipient_account_id", "transfer_started_at", "transfer_id", "claimed_at", "reconcile_after")
SELECT "id", "recipient_account_id", "transfer_started_at", "transfer_id", "claimed_at",
  CASE WHEN "state" = 'claim_started' THEN coalesce("reconcile_after", "state_changed_at") ELSE "reconcile_after" END
FROM "gifts"
WHERE "recipient_account_id" IS NOT NULL OR "transfer_started_at" IS NOT NULL OR "transfer_id" IS NOT NULL
  OR "claimed_at" IS NOT NULL OR "reconcile_after" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "recipient_account_id";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "transfer_started_at";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "transfer_id";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "claimed_at";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "reconcile_after";--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_transfer_xor_refund" CHECK (not ("gifts"."state" in ('transferring', 'claimed') and "gifts"."refund_started_at" is not null));