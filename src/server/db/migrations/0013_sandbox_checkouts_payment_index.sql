-- A sandbox refund's checks find its payment by payment intent (payments/sandbox/refunds.ts): without this index
-- every refund read all sandbox checkouts.
CREATE INDEX IF NOT EXISTS "sandbox_checkouts_pi_idx" ON "sandbox_checkouts" USING btree ("payment_intent_id");
