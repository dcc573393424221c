-- The gift's lifecycle becomes one column (decision 019): `state`, moved only by gift-lifecycle/transition.ts.
-- `status` stays, computed from it, so the public API, the admin and gift_status_totals (its triggers read
-- status from the statement's rows) see the same values as before.
ALTER TABLE "gifts" ADD COLUMN "state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "state_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The state today's columns describe (status plus the timestamps), and since when. The status totals trigger
-- fires and writes nothing: no status changes here.
UPDATE "gifts" SET
  "state" = CASE
    WHEN "status" = 'pending' AND "abandoned_at" IS NOT NULL THEN 'abandoned'
    WHEN "status" = 'paid' AND "transfer_started_at" IS NOT NULL THEN 'transferring'
    WHEN "status" = 'paid' AND "claim_started_at" IS NOT NULL THEN 'claim_started'
    WHEN "status" = 'expired' THEN 'refunding'
    ELSE "status"
  END,
  "state_changed_at" = coalesce(
    CASE "status"
      WHEN 'claimed' THEN "claimed_at"
      WHEN 'refunded' THEN "refunded_at"
      WHEN 'expired' THEN "expired_at"
      WHEN 'disputed' THEN "disputed_at"
      WHEN 'pending' THEN "abandoned_at"
    END,
    "transfer_started_at", "claim_started_at", "paid_at", "created_at"
  );--> statement-breakpoint
-- Dropping status drops the indexes and the check that read it; they are made again below on the computed column.
ALTER TABLE "gifts" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "status" text GENERATED ALWAYS AS (case "state" when 'abandoned' then 'pending' when 'claim_started' then 'paid' when 'transferring' then 'paid' when 'refunding' then 'expired' else "state" end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_state_check" CHECK ("gifts"."state" in ('pending', 'abandoned', 'paid', 'claim_started', 'transferring', 'claimed', 'refunding', 'refunded', 'disputed'));--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_status_check" CHECK ("gifts"."status" in ('pending', 'paid', 'claimed', 'expired', 'refunded', 'disputed'));--> statement-breakpoint
CREATE INDEX "gifts_status_created_idx" ON "gifts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "gifts_due_expiry_idx" ON "gifts" USING btree ("expires_at") WHERE "gifts"."state" in ('paid', 'claim_started');--> statement-breakpoint
CREATE INDEX "gifts_payout_due_idx" ON "gifts" USING btree ("reconcile_after","id") WHERE "gifts"."state" = 'claim_started';--> statement-breakpoint
CREATE INDEX "gifts_recipient_account_idx" ON "gifts" USING btree ("recipient_account_id") WHERE "gifts"."state" = 'claim_started';--> statement-breakpoint
CREATE INDEX "gifts_delivery_due_idx" ON "gifts" USING btree ("deliver_at") WHERE "gifts"."status" = 'paid' and "gifts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "gifts_reminder_due_idx" ON "gifts" USING btree ("expires_at") WHERE "gifts"."status" = 'paid' and "gifts"."claim_started_at" is null;--> statement-breakpoint
CREATE INDEX "gifts_erasure_due_idx" ON "gifts" USING btree ((case when "personal_data_erased_at" is not null then null when "status" = 'claimed' then "claimed_at" when "status" = 'refunded' then "refunded_at" when "status" = 'expired' then "expired_at" when "status" = 'disputed' then "disputed_at" when "status" = 'pending' then coalesce("abandoned_at", "created_at") end));--> statement-breakpoint
CREATE INDEX "gifts_attention_idx" ON "gifts" USING btree ("id") WHERE "gifts"."needs_attention" is not null or ("gifts"."claim_frozen_at" is not null and "gifts"."status" = 'paid');
