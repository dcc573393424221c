// The ledger (decision 014): every money movement of the real flows is posted as balanced movements with its
// key and provider reference; constraints refuse unbalanced, non-positive, unknown-account and double outgoing
// movements; the checking function finds every kind of broken invariant; the migration moves existing
// transfer and refund columns into ledger rows.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { gifts, ledgerMovements } from '../../src/server/db/schema.js';
import { MIGRATIONS_DIR } from '../../src/server/db/client.js';
import { DAY, MINUTE } from '../../src/server/clock.js';
import { processExpired } from '../../src/server/services/expiry/expire-and-refund.js';
import { postMovement } from '../../src/server/services/ledger/post.js';
import { defaultKeyPrefix, movementKey } from '../../src/server/services/ledger/accounts.js';
import { loadConfig } from '../../src/server/config.js';
import { buildTestApp, describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { complete, setAccountStatus, startClaim } from '../helpers/claims.js';
import { claimedGift, expiredGift, givenGift, openGiftDispute, pendingGift, refundedGift } from '../helpers/gifts.js';
import { ENGINES } from '../helpers/databases.js';
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

// Gifts as the product stored them before the ledger existed (money in the gift's own columns, no movements):
// the data migration 0004 starts from. The only gift rows the tests write themselves, since no flow of today's
// product can make them.
let legacy = 0;
/** Pre-ledger gifts name their public status; the lifecycle state that status stands for (gifts.status is computed). */
const LEGACY_STATE = {
  paid: 'paid',
  claimed: 'claimed',
  refunded: 'refunded',
  expired: 'refunding',
  pending: 'pending',
} as const;
type LegacyValues = Partial<typeof gifts.$inferInsert> & { status?: keyof typeof LEGACY_STATE };
function legacyGift(c: TestContext, { status = 'paid', ...values }: LegacyValues) {
  legacy++;
  const paid = status !== 'pending';
  const amountCents = 5000;
  const tipCents = values.tipCents ?? 100;
  return c.db
    .insert(gifts)
    .values({
      publicId: `g_legacy${legacy}_${c.engine}`,
      state: LEGACY_STATE[status],
      amountCents,
      feeCents: feeCents(amountCents),
      tipCents,
      totalCents: amountCents + feeCents(amountCents) + tipCents,
      recipientEmail: `legacy${legacy}@example.com`,
      paymentIntentId: paid ? `pi_legacy_${legacy}` : null,
      createdAt: c.clock.now(),
      paidAt: paid ? c.clock.now() : null,
      ...values,
    })
    .returning()
    .then((rows) => ({ gift: rows[0]! }));
}

describeEachEngine('migration of existing money columns into the ledger', (ctx) => {
  it('posts charge, fee, tip, recorded transfers and refunds as succeeded, and interrupted ones as unknown', async () => {
    const c = ctx();
    const t = c.clock.now();
    const claimed = (
      await legacyGift(c, {
        status: 'claimed',
        tipCents: 200,
        transferStartedAt: t,
        transferId: 'tr_old',
        claimedAt: t,
      })
    ).gift;
    const refunded = (
      await legacyGift(c, { status: 'refunded', tipCents: 0, refundStartedAt: t, refundId: 're_old', refundedAt: t })
    ).gift;
    const inFlight = (await legacyGift(c, { transferStartedAt: t, claimStartedAt: t, reconcileAttempts: 2 })).gift;
    const refunding = (await legacyGift(c, { status: 'expired', refundStartedAt: t })).gift;
    const unpaid = (await legacyGift(c, { status: 'pending' })).gift;

    // The backfill statements of the migration, run over these gifts as they would be over existing data.
    const migration = readFileSync(path.join(MIGRATIONS_DIR, '0004_ledger.sql'), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .filter((s) => /INSERT INTO "ledger_movements"/.test(s));
    expect(backfill).toHaveLength(3);
    for (const statement of backfill) await c.db.execute(sql.raw(statement));

    const rows = async (id: number) =>
      (await movementsOf(c, id)).map((r) => [
        r.kind,
        r.amountCents,
        r.state,
        r.idempotencyKey,
        r.providerRef,
        r.debitAccount,
        r.creditAccount,
      ]);
    expect(await rows(claimed.id)).toEqual([
      [
        'charge',
        claimed.amountCents,
        'succeeded',
        `gift:${claimed.id}:charge`,
        claimed.paymentIntentId,
        'provider_clearing',
        'owed_to_recipients',
      ],
      [
        'fee',
        claimed.feeCents,
        'succeeded',
        `gift:${claimed.id}:fee`,
        claimed.paymentIntentId,
        'provider_clearing',
        'fee_revenue',
      ],
      ['tip', 200, 'succeeded', `gift:${claimed.id}:tip`, claimed.paymentIntentId, 'provider_clearing', 'tip_revenue'],
      [
        'transfer',
        claimed.amountCents,
        'succeeded',
        `gift:${claimed.id}:transfer`,
        'tr_old',
        'owed_to_recipients',
        'provider_clearing',
      ],
    ]);
    expect((await rows(refunded.id)).map((r) => r[0])).toEqual(['charge', 'fee', 'refund']);
    expect((await rows(refunded.id))[2]).toEqual([
      'refund',
      refunded.amountCents,
      'succeeded',
      `gift:${refunded.id}:refund`,
      're_old',
      'owed_to_recipients',
      'provider_clearing',
    ]);
    const flight = (await movementsOf(c, inFlight.id)).find((r) => r.kind === 'transfer')!;
    expect(flight).toMatchObject({
      state: 'unknown',
      providerRef: null,
      attempts: 2,
      nextAttemptAt: t,
      settledAt: null,
    });
    expect((await movementsOf(c, refunding.id)).find((r) => r.kind === 'refund')).toMatchObject({
      state: 'unknown',
      nextAttemptAt: t,
    });
    expect(await movementsOf(c, unpaid.id)).toEqual([]);
    expect((await checkLedger(c)).violations).toEqual([]);
  });
});
