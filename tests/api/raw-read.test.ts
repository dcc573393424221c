// A read run on the driver (src/server/db/raw-read.ts) answers what drizzle answers for the same query, on both
// engines: integers as numbers, timestamps as Dates, nulls (a left join's missing side) as null, keys as selected.
import { eq, sql } from 'drizzle-orm';
import { giftPayers, gifts } from '../../src/server/db/schema.js';
import { rawReadPerDb } from '../../src/server/db/raw-read.js';
import { givenGift } from '../helpers/gifts.js';
import { describeEachEngine } from '../helpers/test-app.js';

const columns = {
  id: gifts.id,
  publicId: gifts.publicId,
  status: gifts.status,
  amountCents: gifts.amountCents,
  senderCoversFees: gifts.senderCoversFees,
  personalNote: gifts.personalNote,
  createdAt: gifts.createdAt,
  paidAt: gifts.paidAt,
  claimStartedAt: gifts.claimStartedAt,
  payerAmount: giftPayers.amountCents,
};
const query = (db: Parameters<Parameters<typeof rawReadPerDb>[2]>[0]) =>
  db
    .select(columns)
    .from(gifts)
    .leftJoin(giftPayers, sql`${giftPayers.giftId} = ${gifts.id} and ${giftPayers.amountCents} < 0`)
    .where(eq(gifts.id, sql.placeholder('id')));
const read = rawReadPerDb('raw_read_test', Object.keys(columns), query);

describeEachEngine('raw read', (ctx) => {
  it('answers the rows drizzle answers, value for value and type for type', async () => {
    const { gift } = await givenGift(ctx(), { recipientEmail: 'raw-read@example.com' });
    const viaDrizzle = await query(ctx().db).execute({ id: gift.id });
    const raw = await read(ctx().db)({ id: gift.id });
    expect(raw).toEqual(viaDrizzle);
    expect(raw).toHaveLength(1);
    expect(raw[0]!.createdAt).toBeInstanceOf(Date);
    expect(raw[0]!.paidAt).toBeInstanceOf(Date);
    expect(raw[0]!.claimStartedAt).toBeNull();
    expect(raw[0]!.payerAmount).toBeNull();
    expect(Object.keys(raw[0]!)).toEqual(Object.keys(columns));
    // Again (the statement is prepared now), and for no row.
    expect(await read(ctx().db)({ id: gift.id })).toEqual(viaDrizzle);
    expect(await read(ctx().db)({ id: -1 })).toEqual([]);
  });

  it('fails a read the database refuses, and answers the next one', async () => {
    const { gift } = await givenGift(ctx(), { recipientEmail: 'raw-read-error@example.com' });
    await expect(read(ctx().db)({ id: 'not a number' })).rejects.toThrow(/invalid input syntax/);
    expect(await read(ctx().db)({ id: gift.id })).toHaveLength(1);
  });
});
