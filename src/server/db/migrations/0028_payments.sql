CREATE TABLE "gift_payments" (
	"gift_id" integer PRIMARY KEY NOT NULL,
	"payment_intent_id" text,
	"charge_id" text
);
--> statement-breakpoint
ALTER TABLE "gift_payments" ADD CONSTRAINT "gift_payments_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_payments_payment_intent_idx" ON "gift_payments" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "gift_payments_charge_idx" ON "gift_payments" USING btree ("charge_id");--> statement-breakpoint
-- Data: each gift the provider named a payment or charge for keeps them in its gift_payments row.
INSERT INTO "gift_payments" ("gift_id", "payment_intent_id", "charge_id")
SELECT "id", "payment_intent_id", "charge_id" FROM "gifts"
WHERE "payment_intent_id" IS NOT NULL OR "charge_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "payment_intent_id";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "charge_id";