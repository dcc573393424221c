CREATE TABLE "gift_verification_codes" (
	"code_digest" text PRIMARY KEY NOT NULL,
	"gift_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "gift_verification_codes_gift_idx" ON "gift_verification_codes" USING btree ("gift_id");