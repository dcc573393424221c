// The gift lifecycle's table (services/gift-lifecycle/states.ts) enforced by the database update itself: every move
// the table does not list is refused by transition()'s conditional UPDATE, and every move it lists happens once
// however many callers race for it. On both engines.
import { eq } from 'drizzle-orm';
import { giftDisputes, gifts } from '../../src/server/db/schema.js';
import { transition } from '../../src/server/services/gift-lifecycle/transition.js';
import {
  GIFT_STATES,
  STATUS_OF_STATE,
  isAllowedTransition,
  type GiftState,
} from '../../src/server/services/gift-lifecycle/states.js';
import { noDisputeOpen } from '../../src/server/services/gifts/money-undecided.js';
import { ENGINES, createTestDatabase, type TestDatabase } from '../helpers/databases.js';

const pairs = GIFT_STATES.flatMap((from) => GIFT_STATES.map((to) => [from, to] as [GiftState, GiftState]));
const forbidden = pairs.filter(([from, to]) => !isAllowedTransition(from, to));
const allowed = pairs.filter(([from, to]) => isAllowedTransition(from, to));
const RACERS = 8;
const at = new Date('2026-03-01T12:00:00Z');

describe.each(ENGINES)('gift lifecycle transitions [%s]', (engine) => {
  let database: TestDatabase;
  let seq = 0;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    // These rows were written straight into each state to test the moves alone, with no payment behind them: they
    // go before the database's closing check of the ledger, which rightly refuses a paid gift without a charge.
    await database.db.delete(gifts);
    await database.destroy();
  });

  async function giftIn(state: GiftState) {
    seq++;
    const [row] = await database.db
      .insert(gifts)
      .values({
        publicId: `lifecycle-${seq}`,
        state,
        stateChangedAt: new Date('2026-01-01T00:00:00Z'),
        amountCents: 5000,
        feeCents: 280,
        tipCents: 100,
        totalCents: 5380,
        createdAt: new Date('2026-01-01T00:00:00Z'),
      })
      .returning();
    return row!;
  }
  const stateOf = async (id: number) =>
    (await database.db.select({ state: gifts.state }).from(gifts).where(eq(gifts.id, id)))[0]!.state;

  it('keeps a forbidden-move table that is not empty and an allowed one that is', () => {
    expect(forbidden.length).toBeGreaterThan(40);
    expect(allowed.length).toBeGreaterThan(15);
  });

  it.each(GIFT_STATES)('shows state %s as its public status, computed by the database', async (state) => {
    const gift = await giftIn(state);
    expect(gift.status).toBe(STATUS_OF_STATE[state]);
  });

  it.each(forbidden)('refuses %s → %s: the update changes nothing', async (from, to) => {
    const gift = await giftIn(from);
    expect(await transition(database.db, gift.id, { to, at })).toEqual([]);
    expect(await stateOf(gift.id)).toBe(from);
  });

  it.each(allowed)('moves %s → %s exactly once when callers race', async (from, to) => {
    const gift = await giftIn(from);
    const results = await Promise.all(
      Array.from({ length: RACERS }, () => transition(database.db, gift.id, { to, at, set: { paidAt: at } })),
    );
    const moved = results.flat();
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ id: gift.id, state: to, status: STATUS_OF_STATE[to], stateChangedAt: at });
    expect(await stateOf(gift.id)).toBe(to);
  });

  it('moves only the gifts of a batch that may move and meet the extra condition', async () => {
    const paid = await giftIn('paid');
    const claimed = await giftIn('claimed');
    const held = await giftIn('paid');
    await database.db.insert(giftDisputes).values({ giftId: held.id, disputeOpenedAt: at });
    const moved = await transition(database.db, [paid.id, claimed.id, held.id], {
      to: 'refunding',
      at,
      where: noDisputeOpen(),
    });
    expect(moved.map((g) => g.id)).toEqual([paid.id]);
    expect([await stateOf(claimed.id), await stateOf(held.id)]).toEqual(['claimed', 'paid']);
  });

  it('sees a dispute opened while the move waited for the gift (the dispute locks the gift, then writes its row)', async () => {
    const gift = await giftIn('claim_started');
    let move: Promise<unknown[]> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.select({ id: gifts.id }).from(gifts).where(eq(gifts.id, gift.id)).for('update');
      move = transition(database.db, gift.id, { to: 'transferring', at, where: noDisputeOpen() });
      // The move's statements reach the server and wait for the lock (PGlite runs them after this transaction).
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.insert(giftDisputes).values({ giftId: gift.id, disputeOpenedAt: at });
    });
    expect(await move).toEqual([]);
    expect(await stateOf(gift.id)).toBe('claim_started');
  });
});
