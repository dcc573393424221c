-- Claim lockout (decision 012): every answer is counted before it is checked; locks grow (1 h, then 24 h) and
-- after 15 wrong answers in total the gift is frozen for an operator (needs_attention says why).
ALTER TABLE "gifts" ADD COLUMN "wrong_answers_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "claim_locks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "claim_frozen_at" timestamp with time zone;
