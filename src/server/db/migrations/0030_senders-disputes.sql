CREATE TABLE "gift_disputes" (
	"gift_id" integer PRIMARY KEY NOT NULL,
	"dispute_opened_at" timestamp with time zone,
	"disputed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gift_senders" (
	"gift_id" integer PRIMARY KEY NOT NULL,
	"sender_first_name" text,
	"sender_last_name" text,
	"sender_email" text
);
--> statement-breakpoint
DROP INDEX "gifts_sender_email_lower_idx";--> statement-breakpoint
DROP INDEX "gifts_sender_name_idx";--> statement-breakpoint
DROP INDEX "gifts_email_trgm_idx";--> statement-breakpoint
DROP INDEX "gifts_erasure_due_idx";--> statement-breakpoint
ALTER TABLE "gift_disputes" ADD CONSTRAINT "gift_disputes_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_senders" ADD CONSTRAINT "gift_senders_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_senders_email_lower_idx" ON "gift_senders" USING btree (lower("sender_email"));--> statement-breakpoint
CREATE INDEX "gift_senders_name_idx" ON "gift_senders" USING btree (lower(coalesce("sender_first_name", '') || ' ' || coalesce("sender_last_name", '')),"gift_id");--> statement-breakpoint
CREATE INDEX "gift_senders_email_trgm_idx" ON "gift_senders" USING gin ((lower(coalesce("sender_email", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "gifts_recipient_email_trgm_idx" ON "gifts" USING gin ((lower(coalesce("recipient_email", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "gifts_erasure_due_idx" ON "gifts" USING btree ((case when "personal_data_erased_at" is not null then null when "status" = 'claimed' then "state_changed_at" when "status" = 'refunded' then "refunded_at" when "status" = 'expired' then "expired_at" when "status" = 'disputed' then "state_changed_at" when "status" = 'pending' then coalesce("abandoned_at", "created_at") end));--> statement-breakpoint
-- Data: a gift has its sender row once it was paid (checkout-events.ts writes it with the move to paid); a gift
-- never paid has one only if it carries a sender.
INSERT INTO "gift_senders" ("gift_id", "sender_first_name", "sender_last_name", "sender_email")
SELECT "id", "sender_first_name", "sender_last_name", "sender_email" FROM "gifts"
WHERE "paid_at" IS NOT NULL OR "sender_first_name" IS NOT NULL OR "sender_last_name" IS NOT NULL OR "sender_email" IS NOT NULL;--> statement-breakpoint
-- Trigger: gift_names (migration 0002) takes the senders' names from gift_senders now, the recipients' from gifts.
-- Created after the copy: the names copied are in gift_names already.
CREATE OR REPLACE FUNCTION "gift_names_capture"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  names text[];
  held integer;
BEGIN
  IF TG_TABLE_NAME = 'gift_senders' AND TG_LEVEL = 'STATEMENT' THEN
    SELECT coalesce(array_agg(DISTINCT n ORDER BY n), '{}') INTO names FROM new_rows r,
      LATERAL (VALUES (lower(coalesce(r.sender_first_name, '') || ' ' || coalesce(r.sender_last_name, '')))) v(n)
      WHERE btrim(n) <> '';
  ELSIF TG_TABLE_NAME = 'gift_senders' THEN
    SELECT coalesce(array_agg(DISTINCT n ORDER BY n), '{}') INTO names FROM
      (VALUES (lower(coalesce(NEW.sender_first_name, '') || ' ' || coalesce(NEW.sender_last_name, '')))) v(n)
      WHERE btrim(n) <> '';
  ELSIF TG_LEVEL = 'STATEMENT' THEN
    SELECT coalesce(array_agg(DISTINCT n ORDER BY n), '{}') INTO names FROM new_rows r,
      LATERAL (VALUES (lower(coalesce(r.recipient_first_name, '') || ' ' || coalesce(r.recipient_last_name, '')))) v(n)
      WHERE btrim(n) <> '';
  ELSE
    SELECT coalesce(array_agg(DISTINCT n ORDER BY n), '{}') INTO names FROM
      (VALUES (lower(coalesce(NEW.recipient_first_name, '') || ' ' || coalesce(NEW.recipient_last_name, '')))) v(n)
      WHERE btrim(n) <> '';
  END IF;
  IF cardinality(names) = 0 THEN
    RETURN NULL;
  END IF;
  LOOP
    INSERT INTO gift_names (name) SELECT unnest(names) ORDER BY 1 ON CONFLICT (name) DO NOTHING;
    SELECT count(*) INTO held FROM (SELECT 1 FROM gift_names WHERE name = ANY(names) ORDER BY name FOR KEY SHARE) h;
    EXIT WHEN held = cardinality(names);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "gift_names_on_rename" ON "gifts";--> statement-breakpoint
CREATE TRIGGER "gift_names_on_rename" AFTER UPDATE OF "recipient_first_name", "recipient_last_name" ON "gifts"
  FOR EACH ROW EXECUTE FUNCTION "gift_names_capture"();
--> statement-breakpoint
CREATE TRIGGER "gift_sender_names_on_insert" AFTER INSERT ON "gift_senders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "gift_names_capture"();
--> statement-breakpoint
CREATE TRIGGER "gift_sender_names_on_rename" AFTER UPDATE OF "sender_first_name", "sender_last_name" ON "gift_senders"
  FOR EACH ROW EXECUTE FUNCTION "gift_names_capture"();
--> statement-breakpoint
-- Data: a row for each gift that had a dispute opened or lost.
INSERT INTO "gift_disputes" ("gift_id", "dispute_opened_at", "disputed_at")
SELECT "id", "dispute_opened_at", "disputed_at" FROM "gifts"
WHERE "dispute_opened_at" IS NOT NULL OR "disputed_at" IS NOT NULL;--> statement-breakpoint
-- Data: retention reads a lost dispute's date as the state's since-when ('disputed' is final); the move and
-- migration 0016 wrote both alike, this makes sure of it.
UPDATE "gifts" SET "state_changed_at" = "disputed_at"
WHERE "state" = 'disputed' AND "disputed_at" IS NOT NULL AND "state_changed_at" IS DISTINCT FROM "disputed_at";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "sender_first_name";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "sender_last_name";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "sender_email";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "dispute_opened_at";--> statement-breakpoint
ALTER TABLE "gifts" DROP COLUMN "disputed_at";