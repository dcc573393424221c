CREATE TABLE "sender_stop_refunds" (
	"gift_id" integer PRIMARY KEY NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sender_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"address_digest" text NOT NULL,
	"payer_keys" jsonb NOT NULL,
	"gift_id" integer NOT NULL,
	"undo_token_hash" text NOT NULL,
	"stopped_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recipient_links" DROP CONSTRAINT "recipient_links_purpose_check";--> statement-breakpoint
CREATE UNIQUE INDEX "sender_stops_gift_idx" ON "sender_stops" USING btree ("gift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sender_stops_undo_idx" ON "sender_stops" USING btree ("undo_token_hash");--> statement-breakpoint
CREATE INDEX "sender_stops_address_idx" ON "sender_stops" USING btree ("address_digest");--> statement-breakpoint
ALTER TABLE "recipient_links" ADD CONSTRAINT "recipient_links_purpose_check" CHECK ("recipient_links"."purpose" in ('stop-all', 'resume-all', 'resume-sender'));