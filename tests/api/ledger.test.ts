// The ledger (decision 014): every money movement of the real flows is posted as balanced movements with its
// key and provider reference; constraints refuse unbalanced, non-positive, unknown-account and double outgoing
// movements; the checking function finds every kind of broken invariant; the migration moves existing
// transfer and refund columns into ledger rows (run on a database at the pre-ledger schema).
import { eq, sql } from 'drizzle-orm';
import { ledgerMovements } from '../../src/server/db/schema.js';
import type { Database } from '../../src/server/db/client.js';
import { DAY, HOUR, MINUTE } from '../../src/server/clock.js';
import { checkLedgerInvariants } from '../../src/server/services/ledger/invariants.js';
import { processExpired } from '../../src/server/services/expiry/expire-and-refund.js';
import { postMovement } from '../../src/server/services/ledger/post.js';
import { defaultKeyPrefix, movementKey } from '../../src/server/services/ledger/accounts.js';
import { loadConfig } from '../../src/server/config.js';
import { buildTestApp, describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { complete, setAccountStatus, startClaim } from '../helpers/claims.js';
import { claimedGift, expiredGift, givenGift, openGiftDispute, pendingGift, refundedGift } from '../helpers/gifts.js';
import { ENGINES } from '../helpers/databases.js';
import { MIGRATIONS_AT_0013, emptyDatabase, migrateUpTo, rowsOf } from '../helpers/old-schema.js';
import { feeCents } from '../../src/shared/money.js';
import { checkLedger, movementsOf, paySandboxGift } from '../helpers/money.js';

const PREFIX = 'localhost-3000';
const key = (publicId: string, kind: string) => `${PREFIX}:${publicId}:${kind}`;
const pick = (rows: Awaited<ReturnType<typeof movementsOf>>) =>
  rows.map((r) => ({
    kind: r.kind,
    amountCents: r.amountCents,
    debit: r.debitAccount,
    credit: r.creditAccount,
    state: r.state,
    key: r.idempotencyKey,
  }));

describe('provider key prefix', () => {
  it("defaults to PUBLIC_URL's host and can be set", () => {
    expect(defaultKeyPrefix('https://Gifts.Example.com/')).toBe('gifts.example.com');
    expect(defaultKeyPrefix('http://localhost:3000')).toBe('localhost-3000');
    expect(loadConfig({ PUBLIC_URL: 'https://hushgift.example' }).providerKeyPrefix).toBe('hushgift.example');
    expect(loadConfig({ PROVIDER_KEY_PREFIX: 'staging-eu' }).providerKeyPrefix).toBe('staging-eu');
    expect(() => loadConfig({ PROVIDER_KEY_PREFIX: 'has space' })).toThrow(/PROVIDER_KEY_PREFIX/);
    expect(movementKey('staging-eu', 'g_abc', 'transfer')).toBe('staging-eu:g_abc:transfer');
  });
});

describeEachEngine('ledger of the real flows', (ctx) => {
  it('posts the charge, fee and tip of a paid checkout once, and the transfer when claimed', async () => {
    const { gift, claimToken } = await paySandboxGift(ctx(), { amountCents: 5000, tipCents: 300 });
    expect(pick(await movementsOf(ctx(), gift.id))).toEqual([
      {
        kind: 'charge',
        amountCents: 5000,
        debit: 'provider_clearing',
        credit: 'owed_to_recipients',
        state: 'succeeded',
        key: key(gift.publicId, 'charge'),
      },
      {
        kind: 'fee',
        amountCents: gift.feeCents,
        debit: 'provider_clearing',
        credit: 'fee_revenue',
        state: 'succeeded',
        key: key(gift.publicId, 'fee'),
      },
      {
        kind: 'tip',
        amountCents: 300,
        debit: 'provider_clearing',
        credit: 'tip_revenue',
        state: 'succeeded',
        key: key(gift.publicId, 'tip'),
      },
    ]);
    expect((await movementsOf(ctx(), gift.id)).every((m) => m.providerRef === gift.paymentIntentId)).toBe(true);

    const account = await startClaim(ctx(), claimToken, 'Rex');
    await setAccountStatus(ctx(), account, 'verified');
    const done = await Promise.all(Array.from({ length: 5 }, () => complete(ctx(), claimToken)));
    expect(done.every((r) => r.json().success === true)).toBe(true);
    const rows = await movementsOf(ctx(), gift.id);
    const transfers = rows.filter((r) => r.kind === 'transfer');
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      amountCents: 5000,
      debitAccount: 'owed_to_recipients',
      creditAccount: 'provider_clearing',
      state: 'succeeded',
    });
    expect(transfers[0]!.providerRef).toMatch(/^tr_sb_/);
    const check = await checkLedger(ctx());
    expect(check.violations).toEqual([]);
  });

  it('posts the refund of an expired gift (fee and tip kept) and the books balance to the cent', async () => {
    const { gift } = await paySandboxGift(ctx(), { amountCents: 2500, tipCents: 100 });
    ctx().clock.advance(31 * DAY);
    await processExpired(ctx().deps);
    const rows = await movementsOf(ctx(), gift.id);
    const refund = rows.find((r) => r.kind === 'refund')!;
    expect(refund).toMatchObject({
      amountCents: 2500,
      debitAccount: 'owed_to_recipients',
      creditAccount: 'provider_clearing',
      state: 'succeeded',
    });
    expect(refund.providerRef).toMatch(/^re_sandbox_/);
    const check = await checkLedger(ctx());
    expect(check.violations).toEqual([]);
    // Both gifts of this file so far: one claimed (5000 out), one refunded (2500 back); fees and tips kept.
    expect(check.totals).toMatchObject({
      transferred: 5000,
      refunded: 2500,
      owed: 0,
      tips: 400,
      reversed: 0,
      disputedOut: 0,
    });
    expect(check.totals.charged).toBe(5000 + 2500 + 400 + check.totals.fees);
    expect(check.totals.clearing).toBe(check.totals.fees + 400);
  });

  it('posts a movement once per key: a replay changes nothing', async () => {
    const { gift } = await paySandboxGift(ctx());
    const before = await movementsOf(ctx(), gift.id);
    const again = await postMovement(ctx().db, {
      giftId: gift.id,
      kind: 'charge',
      amountCents: 1,
      idempotencyKey: key(gift.publicId, 'charge'),
      now: ctx().clock.now(),
    });
    expect(again).toBeNull();
    expect(await movementsOf(ctx(), gift.id)).toEqual(before);
  });
});

describeEachEngine('ledger constraints and the checking function', (ctx) => {
  const insert = (c: TestContext, giftId: number, values: Partial<typeof ledgerMovements.$inferInsert>) =>
    c.db.insert(ledgerMovements).values({
      giftId,
      kind: 'charge',
      amountCents: 100,
      debitAccount: 'provider_clearing',
      creditAccount: 'owed_to_recipients',
      state: 'succeeded',
      idempotencyKey: `k_${Math.random()}`,
      createdAt: c.clock.now(),
      settledAt: c.clock.now(),
      ...values,
    });

  it('refuses an unbalanced, non-positive, unknown-account, unknown-state or unsettled-succeeded movement', async () => {
    const { gift } = await givenGift(ctx());
    const before = await ctx().db.$count(ledgerMovements, eq(ledgerMovements.giftId, gift.id));
    const bad: Array<Partial<typeof ledgerMovements.$inferInsert>> = [
      { debitAccount: 'provider_clearing', creditAccount: 'provider_clearing' },
      { amountCents: 0 },
      { amountCents: -5 },
      { creditAccount: 'somewhere' },
      { kind: 'gift' },
      { state: 'done' },
      { settledAt: null },
      { state: 'requested' },
    ];
    for (const values of bad) await expect(insert(ctx(), gift.id, values)).rejects.toThrow();
    expect(await ctx().db.$count(ledgerMovements, eq(ledgerMovements.giftId, gift.id))).toBe(before);
  });

  it('allows one live transfer-or-refund per gift: parallel attempts to start both leave exactly one', async () => {
    const { gift } = await givenGift(ctx());
    const start = (kind: 'transfer' | 'refund', i: number, giftId = gift.id) =>
      postMovement(ctx().db, {
        giftId,
        kind,
        amountCents: gift.amountCents,
        idempotencyKey: `x:${gift.publicId}:${kind}:${i}`,
        state: 'requested',
        now: ctx().clock.now(),
      }).then(
        () => 'ok',
        () => 'refused',
      );
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => start(i % 2 ? 'transfer' : 'refund', i)));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(await start('refund', 98)).toBe('refused');
    // A failed one frees the gift for the other (an operator's "Refund sender" after a permanent failure): here a
    // refund the provider refused for good.
    const { gift: refused } = await expiredGift(ctx());
    expect(await start('refund', 99, refused.id)).toBe('ok');
  });
});

// Deliberately broken books on gifts reached through the product: the checking function names each broken rule,
// and closing the database (tests/helpers/databases.ts) refuses them too.
describe.each(ENGINES)('the checking function on a broken ledger [%s]', (engine) => {
  let context: TestContext | undefined;
  const ctx = () => context!;
  const insert = (c: TestContext, giftId: number, values: Partial<typeof ledgerMovements.$inferInsert>) =>
    c.db.insert(ledgerMovements).values({
      giftId,
      kind: 'charge',
      amountCents: 100,
      debitAccount: 'provider_clearing',
      creditAccount: 'owed_to_recipients',
      state: 'succeeded',
      idempotencyKey: `k_${Math.random()}`,
      createdAt: c.clock.now(),
      settledAt: c.clock.now(),
      ...values,
    });
  let expected: string[] = [];
  beforeAll(async () => {
    context = await buildTestApp(engine);
  });
  afterAll(async () => {
    const closing = context!.close();
    await expect(closing).rejects.toThrow('the test left the ledger broken');
    const message = await closing.catch((e: Error) => e.message);
    for (const line of expected) expect(message).toContain(line);
  });

  it('finds each broken invariant, naming the gift', async () => {
    const now = ctx().clock.now();
    // Refunded, then refunded again beyond what was charged.
    const over = (await refundedGift(ctx(), { amountCents: 1000, tipCents: 0 })).gift;
    await insert(ctx(), over.id, {
      kind: 'refund',
      origin: 'provider',
      amountCents: 3000,
      debitAccount: 'owed_to_recipients',
      creditAccount: 'provider_clearing',
    });
    // Claimed, and paid out a second time.
    const claimed = (await claimedGift(ctx(), { tipCents: 0 })).gift;
    await insert(ctx(), claimed.id, {
      kind: 'transfer',
      origin: 'provider',
      amountCents: claimed.amountCents,
      debitAccount: 'owed_to_recipients',
      creditAccount: 'provider_clearing',
    });
    // A failed payout nobody was told about.
    const parked = (await givenGift(ctx(), { tipCents: 0 })).gift;
    await insert(ctx(), parked.id, {
      kind: 'transfer',
      amountCents: parked.amountCents,
      debitAccount: 'owed_to_recipients',
      creditAccount: 'provider_clearing',
      state: 'failed',
      settledAt: null,
    });
    // Retrying for 3 hours without being on the attention list.
    const retrying = (await givenGift(ctx(), { tipCents: 0 })).gift;
    await insert(ctx(), retrying.id, {
      kind: 'refund',
      amountCents: 10,
      debitAccount: 'owed_to_recipients',
      creditAccount: 'provider_clearing',
      state: 'in_flight',
      settledAt: null,
      failingSince: new Date(now.getTime() - 180 * MINUTE),
    });
    // Money on an unpaid gift.
    const pending = (await pendingGift(ctx())).gift;
    await insert(ctx(), pending.id, {});

    const ids = () => [over, claimed, parked, retrying, pending].map((g) => g.publicId);
    const mine = async () => (await checkLedger(ctx())).violations.filter((v) => ids().some((id) => v.includes(id)));
    const violations = await mine();
    expect(violations.filter((v) => v.includes(over.publicId))).toEqual([
      `gift ${over.publicId} (refunded): paid out or refunded beyond what was charged`,
      `gift ${over.publicId} (refunded): more left than was charged`,
      `gift ${over.publicId} (refunded): settled but still owes -3000`,
    ]);
    expect(violations.filter((v) => v.includes(claimed.publicId))).toEqual([
      `gift ${claimed.publicId} (claimed): paid out or refunded beyond what was charged`,
      `gift ${claimed.publicId} (claimed): more left than was charged`,
      `gift ${claimed.publicId} (claimed): settled but still owes -${claimed.amountCents}`,
      `gift ${claimed.publicId} (claimed): 2 succeeded transfers`,
    ]);
    expect(violations.filter((v) => v.includes(parked.publicId))).toEqual([
      `gift ${parked.publicId} (paid): a movement is stuck and the gift is not on the attention list`,
    ]);
    expect(violations.filter((v) => v.includes(retrying.publicId))).toEqual([
      `gift ${retrying.publicId} (paid): a movement is stuck and the gift is not on the attention list`,
    ]);
    expect(violations.filter((v) => v.includes(pending.publicId))).toEqual([
      `gift ${pending.publicId} (pending): money moved for an unpaid gift`,
    ]);
    expect(violations).toHaveLength(10);

    // On the attention list (a card dispute opened on each), the stuck ones are accounted for.
    for (const gift of [parked, retrying]) await openGiftDispute(ctx(), gift);
    const left = await mine();
    expect(left).toHaveLength(8);
    expected = left;
  });
});

// Gifts as the product stored them before the ledger existed (money in the gift's own columns, no movements), in a
// database at that schema (migrations up to 0003, tests/helpers/old-schema.ts): migration 0004 moves them into the
// ledger, and every later migration carries them to today's schema.
const T = new Date('2026-02-01T10:00:00Z');
type LegacyColumns = Record<string, string | number | Date | null>;
let legacy = 0;
async function legacyGift(database: Database, { status = 'paid', ...values }: LegacyColumns): Promise<number> {
  legacy++;
  const paid = status !== 'pending';
  const amountCents = 5000;
  const tipCents = Number(values.tip_cents ?? 100);
  const columns: LegacyColumns = {
    public_id: `g_legacy${legacy}`,
    status,
    amount_cents: amountCents,
    fee_cents: feeCents(amountCents),
    tip_cents: tipCents,
    total_cents: amountCents + feeCents(amountCents) + tipCents,
    recipient_email: `legacy${legacy}@example.com`,
    payment_intent_id: paid ? `pi_legacy_${legacy}` : null,
    created_at: T,
    paid_at: paid ? T : null,
    ...values,
  };
  const names = sql.raw(Object.keys(columns).join(', '));
  const params = sql.join(
    Object.values(columns).map((v) => (v instanceof Date ? sql`${v.toISOString()}::timestamptz` : sql`${v}`)),
    sql`, `,
  );
  const [row] = await rowsOf<{ id: number }>(
    database,
    sql`insert into gifts (${names}) values (${params}) returning id`,
  );
  return row!.id;
}

describe.each(ENGINES)('migration of existing money columns into the ledger [%s]', (engine) => {
  it('posts charge, fee, tip, recorded transfers and refunds as succeeded, and interrupted ones as unknown', async () => {
    legacy = 0;
    const { database, destroy } = await emptyDatabase(engine);
    try {
      await migrateUpTo(database, '0003_job_indexes');
      const claimed = await legacyGift(database, {
        status: 'claimed',
        tip_cents: 200,
        transfer_started_at: T,
        transfer_id: 'tr_old',
        claimed_at: T,
      });
      const refunded = await legacyGift(database, {
        status: 'refunded',
        tip_cents: 0,
        refund_started_at: T,
        refund_id: 're_old',
        refunded_at: T,
      });
      const inFlight = await legacyGift(database, {
        transfer_started_at: T,
        claim_started_at: T,
        reconcile_attempts: 2,
      });
      const refunding = await legacyGift(database, { status: 'expired', refund_started_at: T });
      const unpaid = await legacyGift(database, { status: 'pending' });

      await database.migrate(MIGRATIONS_AT_0013);
      await database.migrate();

      const movementsOf = (giftId: number) =>
        database.db
          .select()
          .from(ledgerMovements)
          .where(eq(ledgerMovements.giftId, giftId))
          .orderBy(ledgerMovements.id);
      const rows = async (id: number) =>
        (await movementsOf(id)).map((r) => [
          r.kind,
          r.amountCents,
          r.state,
          r.idempotencyKey,
          r.providerRef,
          r.debitAccount,
          r.creditAccount,
        ]);
      const fee = feeCents(5000);
      expect(await rows(claimed)).toEqual([
        [
          'charge',
          5000,
          'succeeded',
          `gift:${claimed}:charge`,
          'pi_legacy_1',
          'provider_clearing',
          'owed_to_recipients',
        ],
        ['fee', fee, 'succeeded', `gift:${claimed}:fee`, 'pi_legacy_1', 'provider_clearing', 'fee_revenue'],
        ['tip', 200, 'succeeded', `gift:${claimed}:tip`, 'pi_legacy_1', 'provider_clearing', 'tip_revenue'],
        [
          'transfer',
          5000,
          'succeeded',
          `gift:${claimed}:transfer`,
          'tr_old',
          'owed_to_recipients',
          'provider_clearing',
        ],
      ]);
      expect((await rows(refunded)).map((r) => r[0])).toEqual(['charge', 'fee', 'refund']);
      expect((await rows(refunded))[2]).toEqual([
        'refund',
        5000,
        'succeeded',
        `gift:${refunded}:refund`,
        're_old',
        'owed_to_recipients',
        'provider_clearing',
      ]);
      const flight = (await movementsOf(inFlight)).find((r) => r.kind === 'transfer')!;
      expect(flight).toMatchObject({
        state: 'unknown',
        providerRef: null,
        attempts: 2,
        nextAttemptAt: T,
        settledAt: null,
      });
      expect((await movementsOf(refunding)).find((r) => r.kind === 'refund')).toMatchObject({
        state: 'unknown',
        nextAttemptAt: T,
      });
      expect(await movementsOf(unpaid)).toEqual([]);
      const states = await rowsOf<{ state: string }>(database, sql`select state from gifts order by id`);
      expect(states.map((g) => g.state)).toEqual(['claimed', 'refunded', 'transferring', 'refunding', 'pending']);
      const check = await checkLedgerInvariants(database.db, { attentionAfterMs: 2 * HOUR, now: T });
      expect(check.violations).toEqual([]);
    } finally {
      await destroy();
    }
  }, 240_000);
});
