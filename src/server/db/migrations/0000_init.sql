CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "admins" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_owner" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_login_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "donors" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"tip_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"sender_covers_fees" boolean DEFAULT false NOT NULL,
	"recipient_first_name" text,
	"recipient_last_name" text,
	"recipient_email" text,
	"personal_note" text,
	"security_question" text,
	"security_answer_hash" text,
	"claim_token_hash" text,
	"sender_first_name" text,
	"sender_last_name" text,
	"sender_email" text,
	"donor_id" integer,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"charge_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"abandoned_at" timestamp with time zone,
	"wrong_answer_count" integer DEFAULT 0 NOT NULL,
	"claim_locked_until" timestamp with time zone,
	"claim_started_at" timestamp with time zone,
	"recipient_account_id" text,
	"transfer_started_at" timestamp with time zone,
	"transfer_id" text,
	"claimed_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"refund_started_at" timestamp with time zone,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	"reconcile_attempts" integer DEFAULT 0 NOT NULL,
	"reconcile_after" timestamp with time zone,
	"needs_attention" text,
	"personal_data_erased_at" timestamp with time zone,
	CONSTRAINT "gifts_status_check" CHECK ("gifts"."status" in ('pending', 'paid', 'claimed', 'expired', 'refunded')),
	CONSTRAINT "gifts_amounts_check" CHECK ("gifts"."amount_cents" > 0 and "gifts"."fee_cents" >= 0 and "gifts"."tip_cents" >= 0),
	CONSTRAINT "gifts_transfer_xor_refund" CHECK (not ("gifts"."transfer_started_at" is not null and "gifts"."refund_started_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text,
	"reply_to" text,
	"subject" text,
	"text_body" text,
	"html_body" text,
	"gift_id" integer,
	"dedupe_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipient_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"gift_public_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"customer_email" text,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_intent_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"transfer_group" text,
	"source_transaction" text,
	"description" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"actor" text,
	"ip" text,
	"detail" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"payload" jsonb
);
--> statement-breakpoint
ALTER TABLE "donor_login_tokens" ADD CONSTRAINT "donor_login_tokens_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admins_email_lower_idx" ON "admins" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "admins_single_owner_idx" ON "admins" USING btree ("is_owner") WHERE "admins"."is_owner";--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "dev_emails_to_idx" ON "dev_emails" USING btree (lower("to_address"),"id");--> statement-breakpoint
CREATE INDEX "donor_login_tokens_donor_idx" ON "donor_login_tokens" USING btree ("donor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "donors_email_lower_idx" ON "donors" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_public_id_idx" ON "gifts" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_claim_token_hash_idx" ON "gifts" USING btree ("claim_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_checkout_session_idx" ON "gifts" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "gifts_status_created_idx" ON "gifts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "gifts_created_idx" ON "gifts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "gifts_due_expiry_idx" ON "gifts" USING btree ("expires_at") WHERE "gifts"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "gifts_donor_idx" ON "gifts" USING btree ("donor_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_sender_email_lower_idx" ON "gifts" USING btree (lower("sender_email"));--> statement-breakpoint
CREATE INDEX "gifts_recipient_email_lower_idx" ON "gifts" USING btree (lower("recipient_email"));--> statement-breakpoint
CREATE INDEX "gifts_search_trgm_idx" ON "gifts" USING gin ((lower(coalesce("recipient_first_name", '') || ' ' || coalesce("recipient_last_name", '') || ' ' || coalesce("recipient_email", '') || ' ' || coalesce("sender_first_name", '') || ' ' || coalesce("sender_last_name", '') || ' ' || coalesce("sender_email", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_idx" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."sent_at" is null and "outbox"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_gift_idx" ON "outbox" USING btree ("gift_id");--> statement-breakpoint
CREATE INDEX "rate_events_bucket_idx" ON "rate_events" USING btree ("bucket","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recipient_accounts_email_idx" ON "recipient_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "recipient_accounts_provider_idx" ON "recipient_accounts" USING btree ("provider_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_idem_idx" ON "sandbox_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_pi_idx" ON "sandbox_refunds" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_transfers_idem_idx" ON "sandbox_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_transfers_group_idx" ON "sandbox_transfers" USING btree ("transfer_group");--> statement-breakpoint
CREATE INDEX "security_log_created_idx" ON "security_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_subject_idx" ON "sessions" USING btree ("kind","subject_id");