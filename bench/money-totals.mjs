// The admin's Money section and Needs attention list at 1,000,000 gifts on PostgreSQL (decision 017). The ledger's
// totals as one aggregate over the movements (~3.4 million rows) against what GET /api/admin/money reads (the
// trigger-kept ledger_totals), and the attention list with a few hundred gifts on it. Seeds a fresh database with
// the real migrations: every gift charged (charge, fee, tip), 40 % paid out, 30 % refunded; 1 in 5,000 flagged,
// 1 in 20,000 paid gifts frozen, 1 in 20,000 with a failed payout.
// Run: npx tsx bench/money-totals.mjs   (BENCH_GIFTS=200000 for a quicker pass; BENCH_DATABASE_URL for another server)
import os from 'node:os';
import { openDatabase } from '../src/server/db/client.ts';
import { ledgerMovements } from '../src/server/db/schema.ts';
import { HOUR, systemClock } from '../src/server/clock.ts';
import { ledgerFigures } from '../src/server/services/ledger/balances.ts';
import { moneyTotals } from '../src/server/services/admin/money-totals.ts';
import { attentionList } from '../src/server/services/admin/attention-list.ts';
import { freshPostgres } from './lib/server.mjs';

const GIFTS = Number(process.env.BENCH_GIFTS ?? 1_000_000);
const RUNS = 7;

async function time(fn) {
  const ms = [];
  let answer;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    answer = await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(RUNS / 2)].toFixed(1), max: ms.at(-1).toFixed(1), answer };
}

const scratch = await freshPostgres('money');
const database = await openDatabase({ databaseUrl: scratch.url, poolMax: 2 });
try {
  await database.migrate();
  const { db } = database;
  const run = (text, params = []) => db.$client.query(text, params);
  const seeded = performance.now();
  await run(
    `insert into gifts (public_id, state, amount_cents, fee_cents, tip_cents, total_cents, created_at, paid_at)
    select 'g' || i, case when i % 10 < 4 then 'claimed' when i % 10 < 7 then 'refunded' else 'paid' end,
      1000 + i % 9000, 80 + i % 450, i % 3 * 100, 1080 + i % 9000 + i % 450 + i % 3 * 100, now(), now()
    from generate_series(1, $1) i`,
    [GIFTS],
  );
  await run(`
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
  // The attention list's causes, spread over the gifts.
  await run(
    `insert into gift_attention (gift_id, code, detail, since) select id, 'legacy', 'bench: check this gift', now() from gifts where id % 5000 = 0`,
  );
  await run(
    `insert into gift_claim_attempts (gift_id, claim_frozen_at) select id, now() from gifts where id % 20000 = 7 and status = 'paid'`,
  );
  await run(`
    update gifts set claim_started_at = now() where id % 20000 = 9 and status = 'paid';
    insert into gift_payouts (gift_id, transfer_started_at) select id, now() from gifts where id % 20000 = 9 and status = 'paid';
    insert into ledger_movements (gift_id, kind, amount_cents, debit_account, credit_account, state, idempotency_key, failing_since, last_error, created_at)
    select id, 'transfer', amount_cents, 'owed_to_recipients', 'provider_clearing', 'failed', public_id || ':transfer', now(), 'bench: refused', now()
    from gifts where id % 20000 = 9 and status = 'paid'`);
  await run('vacuum analyze');
  const movements = (await run('select count(*)::int as n from ledger_movements')).rows[0].n;
  const expected = (
    await run(`select count(*)::int as n from gifts where id % 5000 = 0 or (status = 'paid' and id % 20000 in (7, 9))`)
  ).rows[0].n;
  const seedSeconds = ((performance.now() - seeded) / 1000).toFixed(0);

  const deps = { db, clock: systemClock, config: { moneyAttentionAfterMs: 2 * HOUR } };
  const aggregate = await time(async () => (await db.select(ledgerFigures).from(ledgerMovements))[0]);
  const running = await time(() => moneyTotals(deps));
  const list = await time(() => attentionList(deps));
  const cents = (decimal) => Math.round(Number(decimal) * 100);
  const a = aggregate.answer;
  const r = running.answer;
  const same =
    cents(r.collected) === a.charged &&
    cents(r.owedToRecipients) === a.owed &&
    cents(r.paidOut) === a.transferred - a.reversed &&
    cents(r.refunded) === a.refunded &&
    cents(r.fees) === a.fees &&
    cents(r.tips) === a.tips;
  console.log(
    JSON.stringify(
      {
        gifts: GIFTS,
        movements,
        seedSeconds,
        load: os.loadavg().map((l) => l.toFixed(2)),
        aggregateOverMovementsMs: { p50: aggregate.p50, max: aggregate.max },
        moneyTotalsMs: { p50: running.p50, max: running.max },
        sameFigures: same,
        attentionListMs: { p50: list.p50, max: list.max },
        attentionGifts: { listed: list.answer.total, expected },
      },
      null,
      2,
    ),
  );
  if (!same || list.answer.total !== expected) process.exitCode = 1;
} finally {
  await database.close();
  await scratch.drop();
}
