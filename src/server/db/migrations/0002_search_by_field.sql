CREATE TABLE "gift_names" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "gifts_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "gift_names_trgm_idx" ON "gift_names" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "gifts_recipient_name_idx" ON "gifts" USING btree (lower(coalesce("recipient_first_name", '') || ' ' || coalesce("recipient_last_name", '')),"created_at","id");--> statement-breakpoint
CREATE INDEX "gifts_sender_name_idx" ON "gifts" USING btree (lower(coalesce("sender_first_name", '') || ' ' || coalesce("sender_last_name", '')),"created_at","id");--> statement-breakpoint
CREATE INDEX "gifts_email_trgm_idx" ON "gifts" USING gin ((lower(coalesce("recipient_email", '') || ' ' || coalesce("sender_email", ''))) gin_trgm_ops);--> statement-breakpoint
-- Keeps gift_names holding every full name a gift carries. Inserts are captured per statement (bulk loads stay
-- cheap); an update that sets a name column (only the retention job's erasure today) per row. Names are added in
-- sorted order (no deadlock between two transactions adding the same new names) and then held with FOR KEY SHARE
-- until commit: the retention job removes names no gift carries (FOR UPDATE, then delete), so it waits for this
-- gift to be visible; and if it removed a name just before, the loop adds it again.
CREATE FUNCTION "gift_names_capture"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  names text[];
  held integer;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    SELECT coalesce(array_agg(DISTINCT n ORDER BY n), '{}') INTO names FROM new_rows r,
      LATERAL (VALUES (lower(coalesce(r.recipient_first_name, '') || ' ' || coalesce(r.recipient_last_name, ''))),
                      (lower(coalesce(r.sender_first_name, '') || ' ' || coalesce(r.sender_last_name, '')))) v(n)
      WHERE btrim(n) <> '';
  ELSE
    SELECT coalesce(array_agg(DISTINCT n ORDER BY n), '{}') INTO names FROM
      (VALUES (lower(coalesce(NEW.recipient_first_name, '') || ' ' || coalesce(NEW.recipient_last_name, ''))),
              (lower(coalesce(NEW.sender_first_name, '') || ' ' || coalesce(NEW.sender_last_name, '')))) v(n)
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
CREATE TRIGGER "gift_names_on_insert" AFTER INSERT ON "gifts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "gift_names_capture"();
--> statement-breakpoint
CREATE TRIGGER "gift_names_on_rename" AFTER UPDATE OF "recipient_first_name", "recipient_last_name", "sender_first_name", "sender_last_name" ON "gifts"
  FOR EACH ROW EXECUTE FUNCTION "gift_names_capture"();
--> statement-breakpoint
INSERT INTO gift_names (name)
  SELECT n FROM gifts g,
    LATERAL (VALUES (lower(coalesce(g.recipient_first_name, '') || ' ' || coalesce(g.recipient_last_name, ''))),
                    (lower(coalesce(g.sender_first_name, '') || ' ' || coalesce(g.sender_last_name, '')))) v(n)
  WHERE btrim(n) <> ''
  GROUP BY n ORDER BY n
  ON CONFLICT (name) DO NOTHING;
