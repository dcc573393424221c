-- The admin dashboard's Money section and Needs attention list (decision 017).
--
-- Ledger totals: succeeded movements summed per (kind, debit account, credit account), kept by statement-level
-- triggers on ledger_movements in the same transaction as each change (as gift_status_totals, decision 006), so
-- the Money section reads a few hundred rows, not millions of movements. Spread over 16 shards (gift id % 16) so
-- concurrent transactions rarely wait on the same row; deltas are upserted in a fixed order (no deadlock between
-- two multi-row statements), and a statement that settles nothing (a lease, a retry's backoff) writes nothing.
CREATE TABLE "ledger_totals" (
	"kind" text NOT NULL,
	"debit_account" text NOT NULL,
	"credit_account" text NOT NULL,
	"shard" integer NOT NULL,
	"movements" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_totals_pk" PRIMARY KEY("kind","debit_account","credit_account","shard")
);
--> statement-breakpoint
CREATE FUNCTION "ledger_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ledger_totals AS t (kind, debit_account, credit_account, shard, movements, amount_cents)
      SELECT kind, debit_account, credit_account, gift_id % 16, count(*), sum(amount_cents) FROM new_rows
      WHERE state = 'succeeded' GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (kind, debit_account, credit_account, shard) DO UPDATE
        SET movements = t.movements + excluded.movements, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO ledger_totals AS t (kind, debit_account, credit_account, shard, movements, amount_cents)
      SELECT kind, debit_account, credit_account, gift_id % 16, -count(*), -sum(amount_cents) FROM old_rows
      WHERE state = 'succeeded' GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (kind, debit_account, credit_account, shard) DO UPDATE
        SET movements = t.movements + excluded.movements, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSE
    INSERT INTO ledger_totals AS t (kind, debit_account, credit_account, shard, movements, amount_cents)
      SELECT kind, debit_account, credit_account, shard, sum(n), sum(a) FROM (
        SELECT kind, debit_account, credit_account, gift_id % 16 AS shard, -1 AS n, -amount_cents::bigint AS a
          FROM old_rows WHERE state = 'succeeded'
        UNION ALL
        SELECT kind, debit_account, credit_account, gift_id % 16 AS shard, 1 AS n, amount_cents::bigint AS a
          FROM new_rows WHERE state = 'succeeded'
      ) d
      GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(a) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (kind, debit_account, credit_account, shard) DO UPDATE
        SET movements = t.movements + excluded.movements, amount_cents = t.amount_cents + excluded.amount_cents;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_totals_insert" AFTER INSERT ON "ledger_movements" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "ledger_totals_update" AFTER UPDATE ON "ledger_movements" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "ledger_totals_delete" AFTER DELETE ON "ledger_movements" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_totals_apply"();
--> statement-breakpoint
INSERT INTO "ledger_totals" ("kind", "debit_account", "credit_account", "shard", "movements", "amount_cents")
  SELECT "kind", "debit_account", "credit_account", "gift_id" % 16, count(*), sum("amount_cents")
  FROM "ledger_movements" WHERE "state" = 'succeeded' GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- The attention list reads only the few gifts on it: flagged gifts and frozen claims from one partial index,
-- failed or long-failing outgoing movements from another (their predicates are the list's, services/admin/attention-sql.ts).
CREATE INDEX "gifts_attention_idx" ON "gifts" USING btree ("id") WHERE "gifts"."needs_attention" is not null or ("gifts"."claim_frozen_at" is not null and "gifts"."status" = 'paid');
--> statement-breakpoint
CREATE INDEX "ledger_attention_idx" ON "ledger_movements" USING btree ("gift_id") WHERE "ledger_movements"."kind" in ('transfer', 'refund') and "ledger_movements"."origin" = 'hushgift' and ("ledger_movements"."state" = 'failed' or ("ledger_movements"."state" in ('requested', 'in_flight', 'unknown') and "ledger_movements"."failing_since" is not null));
