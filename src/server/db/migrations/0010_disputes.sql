-- Card disputes (decision 014): an open dispute freezes the gift's money (dispute_opened_at), a lost one closes it
-- with the status `disputed` (disputed_at starts its retention period, like claimed_at or refunded_at).
ALTER TABLE "gifts" ADD COLUMN "dispute_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gifts" DROP CONSTRAINT "gifts_status_check";--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_status_check" CHECK ("gifts"."status" in ('pending', 'paid', 'claimed', 'expired', 'refunded', 'disputed'));--> statement-breakpoint
DROP INDEX "gifts_erasure_due_idx";--> statement-breakpoint
CREATE INDEX "gifts_erasure_due_idx" ON "gifts" USING btree ((case when "personal_data_erased_at" is not null then null when "status" = 'claimed' then "claimed_at" when "status" = 'refunded' then "refunded_at" when "status" = 'expired' then "expired_at" when "status" = 'disputed' then "disputed_at" when "status" = 'pending' then coalesce("abandoned_at", "created_at") end));
--> statement-breakpoint
-- A movement no longer needed is `cancelled`, never sent: a transfer or refund of a gift whose payment a lost
-- dispute took back, a refund the provider's dashboard already made. Like a failed one it frees the gift's slot.
ALTER TABLE "ledger_movements" DROP CONSTRAINT "ledger_state_check";--> statement-breakpoint
ALTER TABLE "ledger_movements" ADD CONSTRAINT "ledger_state_check" CHECK ("ledger_movements"."state" in ('requested', 'in_flight', 'succeeded', 'failed', 'unknown', 'cancelled'));--> statement-breakpoint
DROP INDEX "ledger_one_outgoing_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_one_outgoing_idx" ON "ledger_movements" USING btree ("gift_id") WHERE "ledger_movements"."kind" in ('transfer', 'refund') and "ledger_movements"."origin" = 'hushgift' and "ledger_movements"."state" not in ('failed', 'cancelled');
