CREATE TABLE "address_stops" (
	"address_digest" text PRIMARY KEY NOT NULL,
	"stopped_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_id" integer NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"payer_keys" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "gift_reports_reason_check" CHECK ("gift_reports"."reason" in ('harassment', 'scam', 'other'))
);
--> statement-breakpoint
CREATE TABLE "gift_verification_codes" (
	"code_digest" text PRIMARY KEY NOT NULL,
	"gift_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipient_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"address_digest" text NOT NULL,
	"gift_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recipient_links_purpose_check" CHECK ("recipient_links"."purpose" in ('stop-all', 'resume-all'))
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_reports_open_idx" ON "gift_reports" USING btree ("gift_id") WHERE "gift_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "gift_verification_codes_gift_idx" ON "gift_verification_codes" USING btree ("gift_id");--> statement-breakpoint
CREATE INDEX "recipient_links_gift_idx" ON "recipient_links" USING btree ("gift_id");