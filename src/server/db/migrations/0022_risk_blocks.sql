CREATE TABLE "risk_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"gift_id" integer,
	"source" text NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "risk_blocks_kind_check" CHECK ("risk_blocks"."kind" in ('payer_email', 'payer_card', 'payer_client', 'recipient'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "risk_blocks_kind_key_idx" ON "risk_blocks" USING btree ("kind","key");