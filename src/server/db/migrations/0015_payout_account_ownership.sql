CREATE TABLE "payout_owner_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_id" integer NOT NULL,
	"session_hash" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"nonce_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_sign_ins" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"return_url" text,
	"code" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"signed_in_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "recipient_accounts_email_idx";--> statement-breakpoint
ALTER TABLE "recipient_accounts" ADD COLUMN "gift_id" integer;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "payout_last4" text;--> statement-breakpoint
ALTER TABLE "payout_owner_proofs" ADD CONSTRAINT "payout_owner_proofs_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_owner_proofs_nonce_idx" ON "payout_owner_proofs" USING btree ("nonce_hash");--> statement-breakpoint
CREATE INDEX "payout_owner_proofs_gift_idx" ON "payout_owner_proofs" USING btree ("gift_id");--> statement-breakpoint
CREATE INDEX "sandbox_sign_ins_account_idx" ON "sandbox_sign_ins" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "recipient_accounts" ADD CONSTRAINT "recipient_accounts_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipient_accounts_gift_idx" ON "recipient_accounts" USING btree ("gift_id");--> statement-breakpoint
CREATE INDEX "recipient_accounts_email_idx" ON "recipient_accounts" USING btree (lower("email"),"id");