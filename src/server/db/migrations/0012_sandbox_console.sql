-- The sandbox console (/sandbox/console, decision 014): the provider's side the sandbox plays. Disputes of sandbox
-- payments, transfers taken back, and the faults an operator switches on (an outage of the money calls until a
-- time; one gift's next transfer or refund refused).
CREATE TABLE "sandbox_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "sandbox_disputes_status_check" CHECK ("sandbox_disputes"."status" in ('open', 'won', 'lost'))
);--> statement-breakpoint
CREATE INDEX "sandbox_disputes_pi_idx" ON "sandbox_disputes" USING btree ("payment_intent_id");--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "sandbox_faults" (
	"target" text PRIMARY KEY NOT NULL,
	"fail_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
