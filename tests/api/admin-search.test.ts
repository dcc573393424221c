// Admin search by field (services/admin/gift-search.ts): full names through the gift_names dictionary (one name,
// a few, many, very many), e-mails with and without their domain, pages across names, and the dictionary kept
// exact by the trigger and the retention job — also when an erasure races a new gift with the same name.
import { eq, sql } from 'drizzle-orm';
import { giftNames, gifts } from '../../src/server/db/schema.js';
import { searchGifts } from '../../src/server/services/admin/gift-search.js';
import { purgeExpiredData } from '../../src/server/services/retention/purge.js';
import { DAY, MINUTE } from '../../src/server/clock.js';
import { RETENTION_GIFT_DATA_DAYS } from '../../src/shared/constants.js';
import type { AdminSearch } from '../../src/shared/schemas/admin.js';
import { claimedGift, givenGift, nameNumber, pendingGift, type GiftOptions } from '../helpers/gifts.js';
import { holdWrites, lockWaitsOrDone } from '../helpers/statement-barrier.js';
import { describeEachEngine } from '../helpers/test-app.js';

// Hundreds of gifts made through the API: minutes on the shared two cores.
const SLOW = 300_000;

describeEachEngine('admin search by field', (ctx) => {
  const search = (q: string, extra: Partial<AdminSearch> = {}) =>
    searchGifts(ctx(), { q, status: 'all', page: 1, ...extra });
  const ids = async (q: string, extra: Partial<AdminSearch> = {}) => (await search(q, extra)).gifts.map((g) => g.id);
  /** Gives one paid gift (claimed when asked) a minute later than the last, so newest-first order is known. */
  const seed = async ({ claimed, ...options }: GiftOptions & { claimed?: boolean }) => {
    ctx().clock.advance(MINUTE);
    return (await (claimed ? claimedGift : givenGift)(ctx(), options)).gift;
  };
  const dictionary = async () => (await ctx().db.select().from(giftNames).orderBy(giftNames.name)).map((n) => n.name);

  it('finds a full name of either party, never a name made of two people', async () => {
    const ava = await seed({
      recipientFirstName: 'Ava',
      recipientLastName: 'Castillo',
      recipientEmail: 'ava.c@mail.example',
    });
    const bySender = await seed({ sender: { name: 'AVA castillo', email: 'someone@sender.example' } });
    // Recipient Ava and sender Castillo: not an "Ava Castillo".
    await seed({
      recipientFirstName: 'Ava',
      recipientLastName: 'Other',
      sender: { name: 'Dev Castillo', email: 'dev@sender.example' },
    });
    const paidOnly = await seed({ claimed: true, recipientFirstName: 'Ava', recipientLastName: 'Castillo' });

    expect(await ids('Ava Castillo')).toEqual([paidOnly.id, bySender.id, ava.id]);
    expect(await ids('a cast')).toEqual([paidOnly.id, bySender.id, ava.id]);
    expect(await ids('ava castillo', { status: 'claimed' })).toEqual([paidOnly.id]);
    expect(await dictionary()).toEqual(expect.arrayContaining(['ava castillo', 'ava other', 'dev castillo']));
  });

  it('finds e-mails whole, by their part before or after "@", and by a short fragment', async () => {
    const a = await seed({
      recipientEmail: 'Kit.Marlowe12@Quill.example',
      sender: { name: 'Pat Patron', email: 'patron77@court.example' },
    });
    const b = await seed({ recipientEmail: 'kit.marlowe123@quill.example' });
    expect(await ids('kit.marlowe12@quill.example')).toEqual([a.id]);
    expect(await ids('marlowe12')).toEqual([b.id, a.id]);
    expect(await ids('e12@q')).toEqual([a.id]);
    expect(await ids('77@court')).toEqual([a.id]);
    expect(await ids('@quill.example')).toEqual([b.id, a.id]);
    expect(await ids('xq')).toEqual([]);
    // A space never occurs in an address: this is a name search and finds nothing here.
    expect(await ids('marlowe12 quill')).toEqual([]);
  });

  it(
    'reads a few names one by one and many names as a list, newest first, page after page',
    async () => {
      const few: number[] = [];
      for (let i = 0; i < 3; i++)
        for (const first of ['Juno', 'Jupa'])
          few.push((await seed({ recipientFirstName: first, recipientLastName: `Fewname${nameNumber(i)}` })).id);
      expect(await ids('fewname')).toEqual([...few].reverse());

      const many: number[] = [];
      for (let i = 0; i < 12; i++)
        many.push(
          (await seed({ sender: { name: `Mona${nameNumber(i)} Manyname`, email: `mona${i}@sender.example` } })).id,
        );
      expect(await ids('manyname')).toEqual([...many].reverse());
      expect(await ids(`mona${nameNumber(1)}`)).toEqual([many[11], many[10], many[1]]);

      // 53 gifts for one name: two pages, no gift twice, none lost.
      const one: number[] = [];
      for (let i = 0; i < 53; i++)
        one.push((await seed({ recipientFirstName: 'Pagey', recipientLastName: 'McPage' })).id);
      const first = await search('pagey mcpage');
      const second = await search('pagey mcpage', { page: 2 });
      expect(first.hasMore).toBe(true);
      expect(second.hasMore).toBe(false);
      expect([...first.gifts, ...second.gifts].map((g) => g.id)).toEqual([...one].reverse());
    },
    SLOW,
  );

  it(
    'falls back to a newest-first scan when over a thousand names match, and keeps them all in the dictionary',
    async () => {
      // 1,005 gifts started through the API, 25 at a time (pending: the checkout left open).
      const inserted: Array<{ id: number }> = [];
      for (let i = 0; i < 1005; i += 25) {
        const batch = Array.from({ length: Math.min(25, 1005 - i) }, (_, j) =>
          pendingGift(ctx(), {
            amountCents: 1000,
            tipCents: 0,
            recipientFirstName: `Vast${nameNumber(i + j)}`,
            recipientLastName: 'Crowd',
            recipientEmail: `vast${i + j}@crowd.example`,
          }),
        );
        // One at a time in the same second would leave newest-first ties: each batch a second after the last.
        for (const { gift } of await Promise.all(batch)) inserted.push(gift);
        ctx().clock.advance(1000);
      }
      inserted.sort((x, y) => x.id - y.id);
      const [{ n }] = (await ctx()
        .db.select({ n: sql<number>`count(*)::int` })
        .from(giftNames)
        .where(sql`${giftNames.name} like '% crowd'`)) as [{ n: number }];
      expect(n).toBe(1005);
      const page = await search('crowd');
      expect(page.hasMore).toBe(true);
      expect(page.gifts.map((g) => g.id)).toEqual(
        inserted
          .map((r) => r.id)
          .reverse()
          .slice(0, 50),
      );
    },
    SLOW,
  );

  it(
    'forgets a name once no gift carries it, and keeps one a newer gift still carries',
    async () => {
      const old = await seed({
        claimed: true,
        recipientFirstName: 'Gone',
        recipientLastName: 'Soon',
        sender: { name: 'Stays Here', email: 'stays@sender.example' },
      });
      await seed({ recipientFirstName: 'Stays', recipientLastName: 'Here' });
      ctx().clock.advance((RETENTION_GIFT_DATA_DAYS + 1) * DAY);
      await purgeExpiredData(ctx().deps);
      const [erased] = await ctx().db.select().from(gifts).where(eq(gifts.id, old.id));
      expect(erased!.personalDataErasedAt).not.toBeNull();
      const names = await dictionary();
      expect(names).not.toContain('gone soon');
      expect(names).toContain('stays here');
      expect(await ids('gone soon')).toEqual([]);
    },
    SLOW,
  );

  it(
    'never loses the name of a new gift when an erasure of the last gift with that name runs at the same time',
    async () => {
      for (let round = 0; round < 3; round++) {
        const name = { recipientFirstName: 'Racer', recipientLastName: `Round${nameNumber(round)}` };
        await seed({ claimed: true, ...name });
        ctx().clock.advance((RETENTION_GIFT_DATA_DAYS + 1) * DAY);
        let fresh: number;
        if (ctx().engine === 'postgres') {
          // The new gift's insert is held at the dictionary (its transaction open) while the erasure runs; both are
          // let go together once the erasure waits too (or has finished, which must then not forget the name).
          const barrier = await holdWrites(ctx().database.url!, 'gift_names');
          const adding = pendingGift(ctx(), name);
          await barrier.waitForWaiting(1);
          const erasing = purgeExpiredData(ctx().deps);
          await lockWaitsOrDone(ctx().database.url!, 2, erasing);
          await barrier.release();
          [
            {
              gift: { id: fresh },
            },
          ] = await Promise.all([adding, erasing]);
        } else {
          // One connection: the two can only run one after the other.
          [
            ,
            {
              gift: { id: fresh },
            },
          ] = await Promise.all([purgeExpiredData(ctx().deps), pendingGift(ctx(), name)]);
        }
        expect(await ids(`racer round${nameNumber(round)}`)).toEqual([fresh]);
        expect(await dictionary()).toContain(`racer round${nameNumber(round)}`);
      }
    },
    SLOW,
  );
});
