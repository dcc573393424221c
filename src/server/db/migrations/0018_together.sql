CREATE TABLE "group_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"share_token_hash" text NOT NULL,
	"organiser_token_hash" text NOT NULL,
	"organiser_email" text,
	"recipient_first_name" text,
	"recipient_last_name" text,
	"recipient_email" text,
	"personal_note" text,
	"security_question" text,
	"security_answer_hash" text,
	"goal_cents" integer,
	"deadline_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"lead_gift_id" integer,
	"sent_amount_cents" integer,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "group_gifts_state_check" CHECK ("group_gifts"."state" in ('open', 'sent', 'closed')),
	CONSTRAINT "group_gifts_goal_check" CHECK ("group_gifts"."goal_cents" is null or "group_gifts"."goal_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "group_gift_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "group_gifts_public_id_idx" ON "group_gifts" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_gifts_share_token_idx" ON "group_gifts" USING btree ("share_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "group_gifts_organiser_token_idx" ON "group_gifts" USING btree ("organiser_token_hash");--> statement-breakpoint
CREATE INDEX "group_gifts_open_deadline_idx" ON "group_gifts" USING btree ("deadline_at") WHERE "group_gifts"."state" = 'open';--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_group_gift_id_group_gifts_id_fk" FOREIGN KEY ("group_gift_id") REFERENCES "public"."group_gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gifts_group_idx" ON "gifts" USING btree ("group_gift_id","id") WHERE "gifts"."group_gift_id" is not null;