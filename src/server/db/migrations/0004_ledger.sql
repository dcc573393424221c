-- The ledger (decision 014): one row per money movement, each a balanced double-entry transaction (amount debited
-- to one account, credited to another), with its state, idempotency key and provider reference.
CREATE TABLE "ledger_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"debit_account" text NOT NULL,
	"credit_account" text NOT NULL,
	"state" text NOT NULL,
	"origin" text DEFAULT 'hushgift' NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_ref" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "ledger_amount_positive" CHECK ("ledger_movements"."amount_cents" > 0),
	CONSTRAINT "ledger_balanced" CHECK ("ledger_movements"."debit_account" <> "ledger_movements"."credit_account"),
	CONSTRAINT "ledger_accounts_check" CHECK ("ledger_movements"."debit_account" in ('provider_clearing', 'owed_to_recipients', 'fee_revenue', 'tip_revenue', 'disputes') and "ledger_movements"."credit_account" in ('provider_clearing', 'owed_to_recipients', 'fee_revenue', 'tip_revenue', 'disputes')),
	CONSTRAINT "ledger_kind_check" CHECK ("ledger_movements"."kind" in ('charge', 'fee', 'tip', 'transfer', 'refund', 'dispute_debit', 'dispute_credit', 'reversal')),
	CONSTRAINT "ledger_state_check" CHECK ("ledger_movements"."state" in ('requested', 'in_flight', 'succeeded', 'failed', 'unknown')),
	CONSTRAINT "ledger_origin_check" CHECK ("ledger_movements"."origin" in ('hushgift', 'provider')),
	CONSTRAINT "ledger_settled_check" CHECK (("ledger_movements"."state" = 'succeeded') = ("ledger_movements"."settled_at" is not null))
);--> statement-breakpoint
ALTER TABLE "ledger_movements" ADD CONSTRAINT "ledger_movements_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_key_idx" ON "ledger_movements" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_gift_idx" ON "ledger_movements" USING btree ("gift_id","id");--> statement-breakpoint
CREATE INDEX "ledger_provider_ref_idx" ON "ledger_movements" USING btree ("provider_ref");--> statement-breakpoint
-- Claim and expiry exclude each other in the ledger too: one live payout-or-refund that Hushgift started per gift.
CREATE UNIQUE INDEX "ledger_one_outgoing_idx" ON "ledger_movements" USING btree ("gift_id") WHERE "ledger_movements"."kind" in ('transfer', 'refund') and "ledger_movements"."origin" = 'hushgift' and "ledger_movements"."state" <> 'failed';--> statement-breakpoint
-- The reconciler's queue: unsettled movements by when they are due.
CREATE INDEX "ledger_due_idx" ON "ledger_movements" USING btree ("next_attempt_at","id") WHERE "ledger_movements"."state" in ('requested', 'in_flight', 'unknown');--> statement-breakpoint
-- Existing money moves into the ledger. Keys are the ones already used at the provider (gift:<id>:<kind>), so a
-- lookup finds what was moved under them.
INSERT INTO "ledger_movements" ("gift_id", "kind", "amount_cents", "debit_account", "credit_account", "state", "idempotency_key", "provider_ref", "created_at", "settled_at")
SELECT g."id", m."kind", m."amount", 'provider_clearing', m."credit", 'succeeded', 'gift:' || g."id" || ':' || m."kind", g."payment_intent_id", g."paid_at", g."paid_at"
FROM "gifts" g
CROSS JOIN LATERAL (VALUES ('charge', g."amount_cents", 'owed_to_recipients'), ('fee', g."fee_cents", 'fee_revenue'), ('tip', g."tip_cents", 'tip_revenue')) AS m("kind", "amount", "credit")
WHERE g."paid_at" IS NOT NULL AND g."status" <> 'pending' AND m."amount" > 0;--> statement-breakpoint
-- Transfers: recorded ones succeeded; started but unrecorded ones (a crash) are unknown, for the reconciler to look up.
INSERT INTO "ledger_movements" ("gift_id", "kind", "amount_cents", "debit_account", "credit_account", "state", "idempotency_key", "provider_ref", "attempts", "next_attempt_at", "created_at", "settled_at")
SELECT g."id", 'transfer', g."amount_cents", 'owed_to_recipients', 'provider_clearing',
  CASE WHEN g."transfer_id" IS NOT NULL THEN 'succeeded' ELSE 'unknown' END,
  'gift:' || g."id" || ':transfer', g."transfer_id", g."reconcile_attempts",
  CASE WHEN g."transfer_id" IS NULL THEN g."transfer_started_at" END,
  g."transfer_started_at", CASE WHEN g."transfer_id" IS NOT NULL THEN coalesce(g."claimed_at", g."transfer_started_at") END
FROM "gifts" g WHERE g."transfer_started_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "ledger_movements" ("gift_id", "kind", "amount_cents", "debit_account", "credit_account", "state", "idempotency_key", "provider_ref", "attempts", "next_attempt_at", "created_at", "settled_at")
SELECT g."id", 'refund', g."amount_cents", 'owed_to_recipients', 'provider_clearing',
  CASE WHEN g."refund_id" IS NOT NULL THEN 'succeeded' ELSE 'unknown' END,
  'gift:' || g."id" || ':refund', g."refund_id", g."reconcile_attempts",
  CASE WHEN g."refund_id" IS NULL THEN g."refund_started_at" END,
  g."refund_started_at", CASE WHEN g."refund_id" IS NOT NULL THEN coalesce(g."refunded_at", g."refund_started_at") END
FROM "gifts" g WHERE g."refund_started_at" IS NOT NULL;
