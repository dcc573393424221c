CREATE TABLE "gift_status_totals" (
	"status" text NOT NULL,
	"shard" integer NOT NULL,
	"gifts" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "gift_status_totals_status_shard_pk" PRIMARY KEY("status","shard")
);
--> statement-breakpoint
-- Keeps gift_status_totals in step with gifts: one aggregate upsert per statement (bulk inserts stay cheap), rows in
-- a fixed order (no deadlock between two multi-gift statements), and nothing written when a statement changes
-- neither status nor amount (token rotations, timestamps).
CREATE FUNCTION "gift_status_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO gift_status_totals AS t (status, shard, gifts, amount_cents)
      SELECT status, id % 16, count(*), sum(amount_cents) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (status, shard) DO UPDATE SET gifts = t.gifts + excluded.gifts, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO gift_status_totals AS t (status, shard, gifts, amount_cents)
      SELECT status, id % 16, -count(*), -sum(amount_cents) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (status, shard) DO UPDATE SET gifts = t.gifts + excluded.gifts, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSE
    INSERT INTO gift_status_totals AS t (status, shard, gifts, amount_cents)
      SELECT status, shard, sum(n), sum(a) FROM (
        SELECT status, id % 16 AS shard, -1 AS n, -amount_cents::bigint AS a FROM old_rows
        UNION ALL
        SELECT status, id % 16 AS shard, 1 AS n, amount_cents::bigint AS a FROM new_rows
      ) d
      GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(a) <> 0 ORDER BY 1, 2
      ON CONFLICT (status, shard) DO UPDATE SET gifts = t.gifts + excluded.gifts, amount_cents = t.amount_cents + excluded.amount_cents;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "gifts_status_totals_insert" AFTER INSERT ON "gifts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "gift_status_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "gifts_status_totals_update" AFTER UPDATE ON "gifts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "gift_status_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "gifts_status_totals_delete" AFTER DELETE ON "gifts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "gift_status_totals_apply"();
--> statement-breakpoint
INSERT INTO "gift_status_totals" ("status", "shard", "gifts", "amount_cents")
  SELECT "status", "id" % 16, count(*), sum("amount_cents") FROM "gifts" GROUP BY 1, 2;
