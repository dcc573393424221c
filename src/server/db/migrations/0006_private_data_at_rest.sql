-- Private data at rest (decision 012, docs/data-retention.md).
-- Outbox: a delivered (or abandoned) message keeps id, kind, a hash of the recipient address and its times; the
-- address, subject and body (which carry claim and sign-in links) are erased.
ALTER TABLE "outbox" ADD COLUMN "recipient_hash" text;--> statement-breakpoint
UPDATE "outbox" SET "recipient_hash" = encode(sha256(convert_to(lower(trim("to_address")), 'UTF8')), 'hex') WHERE "to_address" IS NOT NULL;--> statement-breakpoint
UPDATE "outbox" SET "to_address" = NULL, "reply_to" = NULL, "subject" = NULL, "text_body" = NULL, "html_body" = NULL WHERE "sent_at" IS NOT NULL OR "failed_at" IS NOT NULL;--> statement-breakpoint
-- Provider events: only what dedupe and audit need; no payloads (they carried the sender's e-mail).
ALTER TABLE "webhook_events" ADD COLUMN "object_id" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "gift_id" integer;--> statement-breakpoint
ALTER TABLE "webhook_events" DROP COLUMN "payload";--> statement-breakpoint
-- Gifts left in expired (a refund that never completed) are erased 60 days after they expired, like the others.
DROP INDEX "gifts_erasure_due_idx";--> statement-breakpoint
CREATE INDEX "gifts_erasure_due_idx" ON "gifts" USING btree ((case when "personal_data_erased_at" is not null then null when "status" = 'claimed' then "claimed_at" when "status" = 'refunded' then "refunded_at" when "status" = 'expired' then "expired_at" when "status" = 'pending' then coalesce("abandoned_at", "created_at") end));
