// The admin's Money section at 1,000,000 gifts on PostgreSQL (decision 017): the ledger's totals as one aggregate
// over the movements (~3.7 million rows) against the same figures from the trigger-kept ledger_totals. Seeds a
// fresh database with the real migrations: every gift charged (charge, fee, tip), 40 % paid out, 30 % refunded.
// Run: node bench/money-totals.mjs   (BENCH_GIFTS=200000 for a quicker pass; BENCH_DATABASE_URL for another server)
import os from 'node:os';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { freshPostgres } from './lib/server.mjs';

const GIFTS = Number(process.env.BENCH_GIFTS ?? 1_000_000);
const RUNS = 7;

// The figures the section shows (services/ledger/balances.ts), over a source of succeeded amounts.
const figures = (counts) => `
  select
    coalesce(sum(amount_cents) filter (where ${counts} and kind in ('charge', 'fee', 'tip')), 0) as collected,
    coalesce(sum(amount_cents) filter (where ${counts} and credit_account = 'owed_to_recipients'), 0)
      - coalesce(sum(amount_cents) filter (where ${counts} and debit_account = 'owed_to_recipients'), 0) as owed,
    coalesce(sum(amount_cents) filter (where ${counts} and kind = 'transfer'), 0)
      - coalesce(sum(amount_cents) filter (where ${counts} and kind = 'reversal'), 0) as paid_out,
    coalesce(sum(amount_cents) filter (where ${counts} and kind = 'refund'), 0) as refunded,
    coalesce(sum(amount_cents) filter (where ${counts} and credit_account = 'fee_revenue'), 0)
      - coalesce(sum(amount_cents) filter (where ${counts} and debit_account = 'fee_revenue'), 0) as fees,
    coalesce(sum(amount_cents) filter (where ${counts} and credit_account = 'tip_revenue'), 0)
      - coalesce(sum(amount_cents) filter (where ${counts} and debit_account = 'tip_revenue'), 0) as tips`;

async function time(client, sql) {
  const ms = [];
  let answer;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    answer = (await client.query(sql)).rows[0];
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(RUNS / 2)].toFixed(1), max: ms.at(-1).toFixed(1), answer };
}

const database = await freshPostgres('money');
const client = new pg.Client({ connectionString: database.url });
try {
  await client.connect();
  await migrate(drizzle(client), { migrationsFolder: 'src/server/db/migrations' });
  const seeded = performance.now();
  await client.query(
    `
    insert into gifts (public_id, status, amount_cents, fee_cents, tip_cents, total_cents, created_at, paid_at)
    select 'g' || i, case when i % 10 < 4 then 'claimed' when i % 10 < 7 then 'refunded' else 'paid' end,
      1000 + i % 9000, 80 + i % 450, i % 3 * 100, 1080 + i % 9000 + i % 450 + i % 3 * 100, now(), now()
    from generate_series(1, $1) i`,
    [GIFTS],
  );
  await client.query(`
    insert into ledger_movements (gift_id, kind, amount_cents, debit_account, credit_account, state, idempotency_key, created_at, settled_at)
    select g.id, m.kind, m.amount, m.debit, m.credit, 'succeeded', g.public_id || ':' || m.kind, now(), now()
    from gifts g cross join lateral (values
      ('charge', g.amount_cents, 'provider_clearing', 'owed_to_recipients', true),
      ('fee', g.fee_cents, 'provider_clearing', 'fee_revenue', true),
      ('tip', g.tip_cents, 'provider_clearing', 'tip_revenue', true),
      ('transfer', g.amount_cents, 'owed_to_recipients', 'provider_clearing', g.status = 'claimed'),
      ('refund', g.amount_cents, 'owed_to_recipients', 'provider_clearing', g.status = 'refunded')
    ) m(kind, amount, debit, credit, wanted)
    where m.wanted and m.amount > 0`);
  await client.query('vacuum analyze');
  const { rows } = await client.query('select count(*)::int as n from ledger_movements');
  const seedSeconds = ((performance.now() - seeded) / 1000).toFixed(0);

  const aggregate = await time(client, `${figures("state = 'succeeded'")} from ledger_movements`);
  const running = await time(client, `${figures('true')} from ledger_totals`);
  const same = JSON.stringify(aggregate.answer) === JSON.stringify(running.answer);
  console.log(
    JSON.stringify(
      {
        gifts: GIFTS,
        movements: rows[0].n,
        seedSeconds,
        load: os.loadavg().map((l) => l.toFixed(2)),
        aggregateOverMovementsMs: { p50: aggregate.p50, max: aggregate.max },
        runningTotalsMs: { p50: running.p50, max: running.max },
        sameFigures: same,
      },
      null,
      2,
    ),
  );
  if (!same) process.exitCode = 1;
} finally {
  await client.end();
  await database.drop();
}
