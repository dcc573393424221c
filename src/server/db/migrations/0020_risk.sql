CREATE TABLE "gift_payers" (
	"gift_id" integer PRIMARY KEY NOT NULL,
	"client_key" text,
	"email_key" text,
	"card_key" text,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_reviews" (
	"gift_id" integer PRIMARY KEY NOT NULL,
	"reasons" jsonb NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	"decision" text,
	"operator_id" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "risk_reviews_decision_check" CHECK ("risk_reviews"."decision" is null or "risk_reviews"."decision" in ('approved', 'rejected')),
	CONSTRAINT "risk_reviews_decided_check" CHECK (("risk_reviews"."decision" is null) = ("risk_reviews"."decided_at" is null) and ("risk_reviews"."operator_id" is null or "risk_reviews"."decision" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_movements" DROP CONSTRAINT "ledger_kind_check";--> statement-breakpoint
CREATE INDEX "gift_payers_client_idx" ON "gift_payers" USING btree ("client_key","paid_at");--> statement-breakpoint
CREATE INDEX "gift_payers_email_idx" ON "gift_payers" USING btree ("email_key","paid_at");--> statement-breakpoint
CREATE INDEX "gift_payers_card_idx" ON "gift_payers" USING btree ("card_key","paid_at");--> statement-breakpoint
CREATE INDEX "risk_reviews_open_idx" ON "risk_reviews" USING btree ("held_at") WHERE "risk_reviews"."decision" is null;--> statement-breakpoint
ALTER TABLE "ledger_movements" ADD CONSTRAINT "ledger_kind_check" CHECK ("ledger_movements"."kind" in ('charge', 'fee', 'tip', 'transfer', 'refund', 'dispute_debit', 'dispute_credit', 'reversal', 'fee_return'));