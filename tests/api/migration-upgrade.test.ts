// A database made by an older set of migrations upgrades cleanly to today's: tests/fixtures/migrations-at-0013 is
// the migrations folder as it stood at 0013 (with its journal as it was then, 0011 listed before 0010). A database
// migrated by it, holding a gift, takes every newer migration, ends with the same columns, indexes and constraints
// as a database migrated from scratch, and keeps its rows: each gift's state (0016) and each flagged gift's
// attention item, on the attention list (0023); the claim attempts, deliveries, responses, senders and disputes in
// their own tables, the senders still found by the admin search.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, type Database } from '../../src/server/db/client.js';
import { ENGINES } from '../helpers/databases.js';
import { MIGRATIONS_AT_0013 as OLD_MIGRATIONS, emptyDatabase, rowsOf as rows } from '../helpers/old-schema.js';
import { SCHEMA_SHAPE_SQL, shapeLines } from '../../scripts/lib/schema-shape.mjs';
import { attentionList } from '../../src/server/services/admin/attention-list.js';
import { searchGifts } from '../../src/server/services/admin/gift-search.js';
import { HOUR } from '../../src/server/clock.js';
import { loadConfig } from '../../src/server/config.js';

const journalLength = (folder: string) =>
  (JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

/** Columns, indexes and constraints of the public schema, one line each, sorted (as `npm run db:check` reads them). */
async function shapeOf(database: Database): Promise<string[]> {
  return shapeLines(await rows<{ line: string }>(database, sql.raw(SCHEMA_SHAPE_SQL)));
}

const T = "'2026-02-01T10:00:00Z'::timestamptz";
const at = (hours: number) => sql.raw(`(${T} + interval '${hours} hours')`);

/** Gifts in each state the 0013 columns describe, written in those columns. */
async function insertGiftsOfEveryKind(database: Database): Promise<void> {
  const base = sql.raw('amount_cents, fee_cents, tip_cents, total_cents, created_at');
  const money = sql`5000, 280, 100, 5380, ${at(0)}`;
  const insert = (publicId: string, columns: string, values: ReturnType<typeof sql>) =>
    database.db.execute(
      sql`insert into gifts (public_id, ${base}, ${sql.raw(columns)}) values (${publicId}, ${money}, ${values})`,
    );
  await insert('g_pending', 'status', sql`'pending'`);
  await insert('g_abandoned', 'status, abandoned_at', sql`'pending', ${at(1)}`);
  await insert('g_paid', 'status, paid_at, payment_intent_id', sql`'paid', ${at(1)}, 'pi_2'`);
  await insert(
    'g_scheduled',
    'status, paid_at, deliver_at, delivery_time_zone',
    sql`'paid', ${at(1)}, ${at(72)}, 'Europe/Paris'`,
  );
  await insert(
    'g_claim_started',
    'status, paid_at, claim_started_at, recipient_account_id, dispute_opened_at',
    sql`'paid', ${at(1)}, ${at(2)}, 'acct_1', ${at(3)}`,
  );
  await insert(
    'g_transferring',
    'status, paid_at, claim_started_at, transfer_started_at',
    sql`'paid', ${at(1)}, ${at(2)}, ${at(3)}`,
  );
  await insert(
    'g_frozen',
    'status, paid_at, claim_frozen_at, wrong_answers_total, needs_attention',
    sql`'paid', ${at(1)}, ${at(4)}, 10, 'Claim frozen after 10 wrong answers.'`,
  );
  await insert(
    'g_flagged',
    'status, paid_at, needs_attention',
    sql`'paid', ${at(1)}, 'Payment does not match the gift: paid 1 USD cents.'`,
  );
  await insert(
    'g_legacy_flag',
    'status, paid_at, needs_attention',
    sql`'paid', ${at(1)}, 'Checked by hand: call ada@example.org before paying out.'`,
  );
  await insert(
    'g_claimed',
    'status, paid_at, claim_started_at, transfer_started_at, claimed_at, transfer_id, payment_intent_id, charge_id, sender_first_name, sender_last_name, sender_email',
    sql`'claimed', ${at(1)}, ${at(2)}, ${at(3)}, ${at(5)}, 'tr_1', 'pi_1', 'ch_1', 'Sam', 'Sender', 'Sam.Sender@example.org'`,
  );
  await insert(
    'g_refunding',
    'status, paid_at, expired_at, refund_started_at',
    sql`'expired', ${at(1)}, ${at(6)}, ${at(6)}`,
  );
  await insert(
    'g_refunded',
    'status, paid_at, expired_at, refund_started_at, refunded_at, refund_id, cancelled_at',
    sql`'refunded', ${at(1)}, ${at(6)}, ${at(6)}, ${at(7)}, 're_1', ${at(6)}`,
  );
  await insert('g_disputed', 'status, paid_at, disputed_at', sql`'disputed', ${at(1)}, ${at(8)}`);
}

async function statusTotals(database: Database) {
  return rows<{ status: string; gifts: string }>(
    database,
    sql`select status, sum(gifts)::text as gifts from gift_status_totals group by status order by status`,
  );
}

/** Each gift's state, computed status and since when, as migration 0014 derives them. */
async function expectMovedGifts(database: Database): Promise<void> {
  const got = await rows<{ public_id: string; state: string; status: string; since: string }>(
    database,
    sql`select public_id, state, status, extract(epoch from state_changed_at - ${at(0)}) / 3600 as since
          from gifts where public_id <> 'g_upgrade' order by public_id`,
  );
  const expected: Record<string, [string, string, number]> = {
    g_pending: ['pending', 'pending', 0],
    g_abandoned: ['abandoned', 'pending', 1],
    g_paid: ['paid', 'paid', 1],
    g_scheduled: ['paid', 'paid', 1],
    g_claim_started: ['claim_started', 'paid', 2],
    g_transferring: ['transferring', 'paid', 3],
    g_frozen: ['paid', 'paid', 1],
    g_flagged: ['paid', 'paid', 1],
    g_legacy_flag: ['paid', 'paid', 1],
    g_claimed: ['claimed', 'claimed', 5],
    g_refunding: ['refunding', 'expired', 6],
    g_refunded: ['refunded', 'refunded', 7],
    g_disputed: ['disputed', 'disputed', 8],
  };
  expect(Object.fromEntries(got.map((g) => [g.public_id, [g.state, g.status, Number(g.since)]]))).toEqual(expected);
}

/**
 * The free-text flags of 0013 as attention items (migration 0023): a reason code worked out from the words (legacy
 * when they name none), the text as the detail with no e-mail address, since the freeze or the payment; and each
 * flagged gift on the attention list after the upgrade.
 */
async function expectAttentionCarriedOver(database: Database): Promise<void> {
  const items = await rows<{ public_id: string; code: string; detail: string; since: string; open: boolean }>(
    database,
    sql`select g.public_id, a.code, a.detail, extract(epoch from a.since - ${at(0)}) / 3600 as since,
               a.resolved_at is null as open
          from gift_attention a join gifts g on g.id = a.gift_id order by g.public_id`,
  );
  expect(items.map((i) => ({ ...i, since: Number(i.since) }))).toEqual([
    {
      public_id: 'g_flagged',
      code: 'payment_mismatch',
      detail: 'Payment does not match the gift: paid 1 USD cents.',
      since: 1,
      open: true,
    },
    {
      public_id: 'g_frozen',
      code: 'claim_frozen',
      detail: 'Claim frozen after 10 wrong answers.',
      since: 4,
      open: true,
    },
    {
      public_id: 'g_legacy_flag',
      code: 'legacy',
      detail: 'Checked by hand: call [address] before paying out.',
      since: 1,
      open: true,
    },
  ]);
  const clock = { now: () => new Date('2026-02-01T12:00:00Z') };
  const list = await attentionList({
    db: database.db,
    clock,
    config: { ...loadConfig({}), moneyAttentionAfterMs: 2 * HOUR },
  });
  const ids = await rows<{ id: number; public_id: string }>(database, sql`select id, public_id from gifts`);
  const listed = list.items.map((i) => ({
    gift: ids.find((g) => g.id === i.giftId)!.public_id,
    reason: i.reason,
    causes: i.causes,
    canResolve: i.canResolve,
  }));
  expect(listed).toEqual([
    {
      gift: 'g_flagged',
      reason: 'Payment does not match the gift: paid 1 USD cents.',
      causes: ['flagged'],
      canResolve: true,
    },
    {
      gift: 'g_legacy_flag',
      reason: 'Checked by hand: call [address] before paying out.',
      causes: ['flagged'],
      canResolve: true,
    },
    {
      gift: 'g_frozen',
      reason: 'Claim frozen after 10 wrong answers.',
      causes: ['flagged', 'frozen_claim'],
      canResolve: false,
    },
  ]);
}

/** The groups moved out of gifts into their own tables keyed by gift_id (decision 019): only the gifts that had them. */
async function expectGroupsMoved(database: Database): Promise<void> {
  const attempts = await rows<{ public_id: string; total: number; frozen: string }>(
    database,
    sql`select g.public_id, a.wrong_answers_total as total, extract(epoch from a.claim_frozen_at - ${at(0)}) / 3600 as frozen
          from gift_claim_attempts a join gifts g on g.id = a.gift_id order by g.public_id`,
  );
  expect(attempts.map((r) => ({ ...r, frozen: Number(r.frozen) }))).toEqual([
    { public_id: 'g_frozen', total: 10, frozen: 4 },
  ]);
  const deliveries = await rows<{ public_id: string; deliver_at: string | null; zone: string | null }>(
    database,
    sql`select g.public_id, extract(epoch from d.deliver_at - ${at(0)}) / 3600 as deliver_at, d.delivery_time_zone as zone
          from gifts g left join gift_deliveries d on d.gift_id = g.id order by g.public_id`,
  );
  // Every gift has its delivery row; the scheduled one keeps its day and time zone.
  expect(deliveries).toHaveLength(14);
  expect(deliveries.filter((r) => r.deliver_at !== null || r.zone !== null)).toEqual([
    { public_id: 'g_scheduled', deliver_at: expect.anything(), zone: 'Europe/Paris' },
  ]);
  expect(Number(deliveries.find((r) => r.public_id === 'g_scheduled')!.deliver_at)).toBe(72);
  const missing = await rows<{ n: number }>(
    database,
    sql`select count(*)::int as n from gifts g where not exists (select 1 from gift_deliveries d where d.gift_id = g.id)`,
  );
  expect(missing).toEqual([{ n: 0 }]);
  const responses = await rows<{ public_id: string; cancelled: string; declined: string | null }>(
    database,
    sql`select g.public_id, extract(epoch from r.cancelled_at - ${at(0)}) / 3600 as cancelled, r.declined_at as declined
          from gift_responses r join gifts g on g.id = r.gift_id order by g.public_id`,
  );
  expect(responses.map((r) => ({ ...r, cancelled: Number(r.cancelled) }))).toEqual([
    { public_id: 'g_refunded', cancelled: 6, declined: null },
  ]);
  const hours = (v: string | null) => (v === null ? null : Number(v));
  const payouts = await rows<{
    public_id: string;
    account: string | null;
    started: string | null;
    transfer: string | null;
    claimed: string | null;
    look: string | null;
  }>(
    database,
    sql`select g.public_id, p.recipient_account_id as account, p.transfer_id as transfer,
               extract(epoch from p.transfer_started_at - ${at(0)}) / 3600 as started,
               extract(epoch from p.claimed_at - ${at(0)}) / 3600 as claimed,
               extract(epoch from p.reconcile_after - ${at(0)}) / 3600 as look
          from gift_payouts p join gifts g on g.id = p.gift_id order by g.public_id`,
  );
  // The gift waiting for its payout gets its next look at its claim's start (it had none): due for the job.
  expect(
    payouts.map((r) => ({ ...r, started: hours(r.started), claimed: hours(r.claimed), look: hours(r.look) })),
  ).toEqual([
    { public_id: 'g_claim_started', account: 'acct_1', transfer: null, started: null, claimed: null, look: 2 },
    { public_id: 'g_claimed', account: null, transfer: 'tr_1', started: 3, claimed: 5, look: null },
    { public_id: 'g_transferring', account: null, transfer: null, started: 3, claimed: null, look: null },
  ]);
  const payments = await rows<{ public_id: string; payment: string; charge: string | null }>(
    database,
    sql`select g.public_id, m.payment_intent_id as payment, m.charge_id as charge
          from gift_payments m join gifts g on g.id = m.gift_id order by g.public_id`,
  );
  expect(payments).toEqual([
    { public_id: 'g_claimed', payment: 'pi_1', charge: 'ch_1' },
    { public_id: 'g_paid', payment: 'pi_2', charge: null },
  ]);
  // A sender row for each paid gift (g_pending and g_abandoned were never paid), the sender as it was.
  const senders = await rows<{ public_id: string; first: string | null; last: string | null; email: string | null }>(
    database,
    sql`select g.public_id, s.sender_first_name as first, s.sender_last_name as last, s.sender_email as email
          from gift_senders s join gifts g on g.id = s.gift_id order by g.public_id`,
  );
  expect(senders.map((r) => r.public_id)).toEqual(
    deliveries.map((r) => r.public_id).filter((id) => id !== 'g_pending' && id !== 'g_abandoned'),
  );
  expect(senders.filter((r) => r.first !== null || r.last !== null || r.email !== null)).toEqual([
    { public_id: 'g_claimed', first: 'Sam', last: 'Sender', email: 'Sam.Sender@example.org' },
  ]);
  const disputes = await rows<{ public_id: string; opened: string | null; lost: string | null }>(
    database,
    sql`select g.public_id, extract(epoch from x.dispute_opened_at - ${at(0)}) / 3600 as opened,
               extract(epoch from x.disputed_at - ${at(0)}) / 3600 as lost
          from gift_disputes x join gifts g on g.id = x.gift_id order by g.public_id`,
  );
  expect(disputes.map((r) => ({ ...r, opened: r.opened && Number(r.opened), lost: r.lost && Number(r.lost) }))).toEqual(
    [
      { public_id: 'g_claim_started', opened: 3, lost: null },
      { public_id: 'g_disputed', opened: null, lost: 8 },
    ],
  );
}

/** Admin search finds a sender copied by the upgrade, and a sender written after it (the gift_names trigger). */
async function expectSendersSearchable(database: Database): Promise<void> {
  const search = async (q: string) =>
    (await searchGifts({ db: database.db }, { q, status: 'all', page: 1 })).gifts.map((g) => g.senderLastName);
  expect(await search('sam send')).toEqual(['Sender']);
  expect(await search('sam.sender@')).toEqual(['Sender']);
  await database.db.execute(
    sql`update gift_senders set sender_first_name = 'Nadia', sender_last_name = 'Newname'
          where gift_id = (select id from gifts where public_id = 'g_paid')`,
  );
  expect(await search('nadia new')).toEqual(['Newname']);
}

describe.each(ENGINES)('upgrading a database migrated to 0013 [%s]', (engine) => {
  it('applies every newer migration, keeps the rows and ends as a fresh database does', async () => {
    const old = await emptyDatabase(engine);
    const fresh = await emptyDatabase(engine);
    try {
      await old.database.migrate(OLD_MIGRATIONS);
      // A gift as the 0013 schema stores one, written in that schema's own columns.
      await old.database.db.execute(sql`
        insert into gifts (public_id, status, amount_cents, fee_cents, tip_cents, total_cents, created_at, paid_at,
                           expires_at, recipient_first_name, recipient_email)
        values ('g_upgrade', 'paid', 5000, 280, 100, 5380, now(), now(), now() + interval '30 days', 'Ada',
                'ada@example.org')`);
      await insertGiftsOfEveryKind(old.database);
      const totalsBefore = await statusTotals(old.database);

      await old.database.migrate();
      await fresh.database.migrate();

      const applied = await rows<{ n: number }>(
        old.database,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied[0]!.n).toBe(journalLength(MIGRATIONS_DIR));
      expect(await shapeOf(old.database)).toEqual(await shapeOf(fresh.database));
      const kept = await rows<{ amount_cents: number }>(
        old.database,
        sql`select amount_cents from gifts where public_id = 'g_upgrade'`,
      );
      expect(kept).toEqual([{ amount_cents: 5000 }]);
      await expectMovedGifts(old.database);
      await expectAttentionCarriedOver(old.database);
      await expectGroupsMoved(old.database);
      await expectSendersSearchable(old.database);
      expect(await statusTotals(old.database)).toEqual(totalsBefore);
    } finally {
      await old.destroy();
      await fresh.destroy();
    }
  }, 240_000);
});
