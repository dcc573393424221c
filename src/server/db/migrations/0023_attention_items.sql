-- The attention flag becomes its own table (decision 019): gift_attention, one open item per gift and reason code.
-- Dead columns go: refund_id (the ledger's refund movement holds the reference), reconcile_attempts (unwritten
-- since the ledger counts attempts).
CREATE TABLE "gift_attention" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_id" integer NOT NULL,
	"code" text NOT NULL,
	"detail" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	CONSTRAINT "gift_attention_code_check" CHECK ("gift_attention"."code" in ('payout_failed', 'refund_failed', 'claim_frozen', 'payment_mismatch', 'lost_email', 'refunded_outside', 'reversed_transfer', 'dispute_open', 'dispute_lost_after_payout', 'fraud_warning_after_payout', 'legacy'))
);
--> statement-breakpoint
DROP INDEX "gifts_attention_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "gift_attention_open_idx" ON "gift_attention" USING btree ("gift_id","code") WHERE "gift_attention"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "gifts_frozen_claim_idx" ON "gifts" USING btree ("id") WHERE "gifts"."claim_frozen_at" is not null and "gifts"."status" = 'paid';--> statement-breakpoint
-- The free-text flags become attention items (decision 019): a reason code worked out from the flag's words (each
-- writer's text starts its own way; legacy when none fits), the words as the detail with e-mail addresses cut out,
-- since the freeze for a frozen claim, else the gift's latest money movement, its payment, its creation.
INSERT INTO "gift_attention" ("gift_id", "code", "detail", "since")
SELECT f."id", f."code",
  left(regexp_replace(f."needs_attention", '[^\s<>()\[\]"'',;:]+@[^\s<>()\[\]"'',;:]+', '[address]', 'g'), 500),
  coalesce(
    CASE WHEN f."code" = 'claim_frozen' THEN f."claim_frozen_at" END,
    (SELECT max(m."created_at") FROM "ledger_movements" m WHERE m."gift_id" = f."id"),
    f."paid_at", f."created_at"
  )
FROM (
  SELECT g."id", g."needs_attention", g."claim_frozen_at", g."paid_at", g."created_at",
    CASE
      WHEN g."needs_attention" LIKE 'Transfer to the recipient fail%' THEN 'payout_failed'
      WHEN g."needs_attention" LIKE 'Refund to the sender fail%' THEN 'refund_failed'
      WHEN g."needs_attention" LIKE 'Claim frozen after %' THEN 'claim_frozen'
      WHEN g."needs_attention" LIKE 'Payment does not match the gift%' THEN 'payment_mismatch'
      WHEN g."needs_attention" LIKE 'The e-mail with the claim link could not be sent%' THEN 'lost_email'
      WHEN g."needs_attention" LIKE 'Refunded % in the provider''s dashboard%' THEN 'refunded_outside'
      WHEN g."needs_attention" LIKE 'Transfer % was reversed%' THEN 'reversed_transfer'
      WHEN g."needs_attention" LIKE 'Dispute % opened:%' THEN 'dispute_open'
      WHEN g."needs_attention" LIKE 'Dispute % lost:%' THEN 'dispute_lost_after_payout'
      WHEN g."needs_attention" LIKE 'The card network sent an early fraud warning%' THEN 'fraud_warning_after_payout'
      ELSE 'legacy'
    END AS "code"
  FROM "gifts" g
  WHERE g."needs_attention" IS NOT NULL
) f;--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "refund_id";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "reconcile_attempts";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "needs_attention";