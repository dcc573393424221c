CREATE INDEX "gifts_payout_due_idx" ON "gifts" USING btree ("reconcile_after","id") WHERE "gifts"."status" = 'paid' and "gifts"."claim_started_at" is not null and "gifts"."refund_started_at" is null;--> statement-breakpoint
CREATE INDEX "gifts_recipient_account_idx" ON "gifts" USING btree ("recipient_account_id") WHERE "gifts"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "gifts_refund_retry_idx" ON "gifts" USING btree (coalesce("reconcile_after", '-infinity'::timestamptz)) WHERE "gifts"."status" = 'expired' and "gifts"."refunded_at" is null;--> statement-breakpoint
CREATE INDEX "gifts_erasure_due_idx" ON "gifts" USING btree ((case when "personal_data_erased_at" is not null then null when "status" = 'claimed' then "claimed_at" when "status" = 'refunded' then "refunded_at" when "status" = 'pending' then coalesce("abandoned_at", "created_at") end));--> statement-breakpoint
-- The planner needs statistics on the new index expressions (names, e-mails, retention date) at once: without them
-- it misjudges how many gifts a search matches. Autovacuum would not gather them until enough rows change.
ANALYZE "gifts";--> statement-breakpoint
ANALYZE "gift_names";
