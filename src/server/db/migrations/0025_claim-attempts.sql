CREATE TABLE "gift_claim_attempts" (
	"gift_id" integer PRIMARY KEY NOT NULL,
	"wrong_answer_count" integer DEFAULT 0 NOT NULL,
	"wrong_answers_total" integer DEFAULT 0 NOT NULL,
	"claim_locks" integer DEFAULT 0 NOT NULL,
	"claim_locked_until" timestamp with time zone,
	"claim_frozen_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "gifts_frozen_claim_idx";--> statement-breakpoint
ALTER TABLE "gift_claim_attempts" ADD CONSTRAINT "gift_claim_attempts_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_claim_attempts_frozen_idx" ON "gift_claim_attempts" USING btree ("gift_id") WHERE "gift_claim_attempts"."claim_frozen_at" is not null;--> statement-breakpoint
-- Data: each gift with a counted answer, a lock or a freeze keeps them in its gift_claim_attempts row.
INSERT INTO "gift_claim_attempts" ("gift_id", "wrong_answer_count", "wrong_answers_total", "claim_locks", "claim_locked_until", "claim_frozen_at")
SELECT "id", "wrong_answer_count", "wrong_answers_total", "claim_locks", "claim_locked_until", "claim_frozen_at" FROM "gifts"
WHERE "wrong_answer_count" <> 0 OR "wrong_answers_total" <> 0 OR "claim_locks" <> 0 OR "claim_locked_until" IS NOT NULL OR "claim_frozen_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "wrong_answer_count";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "wrong_answers_total";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "claim_locks";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "claim_locked_until";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "claim_frozen_at";