// The dashboard's data: stats over a mix of statuses, recent list, search (e-mail, partial name, full token,
// status filter, pages, newest first) and resending the recipient e-mail only for paid gifts.
import { eq, sql } from 'drizzle-orm';
import { gifts, securityLog } from '../../src/server/db/schema.js';
import { giftStats } from '../../src/server/services/admin/stats.js';
import { formatCents } from '../../src/shared/money.js';
import { sha256 } from '../../src/server/crypto.js';
import { MINUTE } from '../../src/server/clock.js';
import { adminCookie, setupAdmin } from '../helpers/admin.js';
import {
  claimPaidGift,
  claimedGift,
  giftIn,
  givenGift,
  nameNumber,
  openGiftDispute,
  payGift,
  pendingGift,
  type GiftStatus,
} from '../helpers/gifts.js';
import { cancelGift } from '../../src/server/services/manage/cancel-gift.js';
import { closeDispute } from '../../src/server/payments/sandbox/console-actions.js';
import { failNextMovement } from '../../src/server/payments/sandbox/faults.js';
import { describeEachEngine } from '../helpers/test-app.js';
import { giftRowColumns } from '../helpers/gift-row.js';

describeEachEngine('admin dashboard data', (ctx) => {
  let cookie: string;
  const get = (url: string) => ctx().app.inject({ method: 'GET', url, headers: { cookie } });

  beforeAll(async () => {
    await setupAdmin(ctx());
  });
  // Tests move the clock past the idle timeout while seeding; each starts with a fresh session.
  beforeEach(async () => {
    cookie = await adminCookie(ctx());
  });

  it('counts every status and sums paid and claimed volumes as decimal strings', async () => {
    const empty = await get('/api/admin/stats');
    expect(empty.json()).toEqual({
      total: 0,
      totalVolume: '0.00',
      claimed: 0,
      claimedVolume: '0.00',
      pending: 0,
      paid: 0,
      expired: 0,
      refunded: 0,
      disputed: 0,
    });

    const mix: Array<[GiftStatus, number]> = [
      ['pending', 1000],
      ['pending', 1000],
      ['paid', 5000],
      ['paid', 5000],
      ['paid', 5005],
      ['claimed', 2500],
      ['claimed', 7550],
      ['expired', 3000],
      ['refunded', 4000],
      ['disputed', 2000],
    ];
    for (const [status, amountCents] of mix) await giftIn(ctx(), status, { amountCents });
    const res = await get('/api/admin/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 10,
      // Money that was paid: every gift past checkout (pending gifts moved no money).
      totalVolume: '340.55',
      claimed: 2,
      claimedVolume: '100.50',
      pending: 2,
      paid: 3,
      expired: 1,
      refunded: 1,
      disputed: 1,
    });
  });

  it('lists the latest 50 gifts newest first, in the admin shape', async () => {
    for (let i = 0; i < 52; i++) {
      ctx().clock.advance(MINUTE);
      await givenGift(ctx(), { recipientFirstName: `Bulk${nameNumber(i)}` });
    }
    cookie = await adminCookie(ctx());
    const res = await get('/api/admin/gifts/recent');
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list).toHaveLength(50);
    expect(list[0]!.recipientFirstName).toBe(`Bulk${nameNumber(51)}`);
    expect(list[49]!.recipientFirstName).toBe(`Bulk${nameNumber(2)}`);
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        'amount',
        'claimFrozen',
        'createdAt',
        'deliverAt',
        'delivery',
        'expiresAt',
        'group',
        'id',
        'needsAttention',
        'recipientEmail',
        'recipientFirstName',
        'recipientLastName',
        'senderFirstName',
        'senderLastName',
        'status',
      ].sort(),
    );
    expect(list[0]).toMatchObject({
      status: 'paid',
      amount: '50.00',
      senderFirstName: 'Sam',
      senderLastName: 'Sender',
      group: null,
    });
    expect(list[0]!.createdAt).toBe(ctx().clock.now().toISOString());
  });

  it('searches by e-mail, partial name (case-insensitive), full claim token and status, newest first', async () => {
    ctx().clock.advance(MINUTE);
    const zelda = await givenGift(ctx(), {
      recipientFirstName: 'Zelda',
      recipientLastName: 'Quixote',
      recipientEmail: 'Zelda.Q@Mail.example',
    });
    ctx().clock.advance(MINUTE);
    const zeldaClaimed = await claimedGift(ctx(), {
      recipientFirstName: 'Zeldina',
      recipientEmail: 'zeldina@mail.example',
    });
    ctx().clock.advance(MINUTE);
    const bySender = await givenGift(ctx(), { sender: { name: 'Barnaby Whistle', email: 'barnaby@sender.example' } });

    const ids = async (query: string) =>
      ((await get(`/api/admin/gifts/search?${query}`)).json() as Array<{ id: number }>).map((g) => g.id);

    expect(await ids('q=zelda.q%40mail.EXAMPLE')).toEqual([zelda.gift.id]);
    expect(await ids('q=ELD')).toEqual([zeldaClaimed.gift.id, zelda.gift.id]);
    expect(await ids('q=quix')).toEqual([zelda.gift.id]);
    expect(await ids('q=whist')).toEqual([bySender.gift.id]);
    expect(await ids('q=BARNABY%40sender')).toEqual([bySender.gift.id]);
    expect(await ids(`q=${encodeURIComponent(zelda.claimToken)}`)).toEqual([zelda.gift.id]);
    // A part of a token is not a match: only the exact token is looked up (by its hash).
    expect(await ids(`q=${encodeURIComponent(zelda.claimToken.slice(0, 20))}`)).toEqual([]);
    expect(await ids('q=eld&status=claimed')).toEqual([zeldaClaimed.gift.id]);
    expect(await ids('q=eld&status=refunded')).toEqual([]);
    expect(await ids('status=expired')).toHaveLength(1);
    expect(await ids('q=100%25')).toEqual([]);
  });

  it('pages through search results and rejects bad parameters with a 400 naming the field', async () => {
    // Its own 52 gifts, under a name no other test uses.
    for (let i = 0; i < 52; i++)
      await givenGift(ctx(), { recipientFirstName: `Page${nameNumber(i)}`, recipientLastName: 'Turnwright' });
    cookie = await adminCookie(ctx());
    const first = await get('/api/admin/gifts/search?q=turnwright');
    expect(first.json()).toHaveLength(50);
    expect(first.headers['x-has-more']).toBe('true');
    const second = await get('/api/admin/gifts/search?q=turnwright&page=2');
    expect((second.json() as unknown[]).length).toBe(2);
    expect(second.headers['x-has-more']).toBe('false');
    const all = [...(first.json() as Array<{ id: number }>), ...(second.json() as Array<{ id: number }>)].map(
      (g) => g.id,
    );
    expect(new Set(all).size).toBe(52);

    const badStatus = await get('/api/admin/gifts/search?status=lost');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toMatch(/^status:/);
    const badPage = await get('/api/admin/gifts/search?page=0');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toMatch(/^page:/);
  });

  it('resends the e-mail with a fresh link for a paid gift only', async () => {
    const { gift, claimToken } = await givenGift(ctx(), { recipientEmail: 'resend-me@example.com' });
    const post = (id: number | string) =>
      ctx().app.inject({ method: 'POST', url: `/api/admin/gifts/${id}/resend-email`, headers: { cookie } });
    const atPayment = new Set((await ctx().flushEmails()).map((m) => m.id));

    const ok = await post(gift.id);
    expect(ok.statusCode).toBe(200);
    const mail = (await ctx().flushEmails()).filter(
      (m) => m.toAddress === 'resend-me@example.com' && !atPayment.has(m.id),
    );
    expect(mail).toHaveLength(1);
    const token = /\/claim\/([A-Za-z0-9_-]{43})/.exec(mail[0]!.textBody)![1]!;
    const [row] = await ctx().db.select(giftRowColumns).from(gifts).where(eq(gifts.id, gift.id));
    expect(row!.claimTokenHash).toBe(sha256(token));
    expect(token).not.toBe(claimToken);

    const others = [];
    for (const status of ['pending', 'claimed', 'expired', 'refunded'] as const)
      others.push(await giftIn(ctx(), status, { recipientEmail: `no-resend-${status}@example.com` }));
    const before = new Set((await ctx().flushEmails()).map((m) => m.id));
    cookie = await adminCookie(ctx());
    for (const other of others) {
      const res = await post(other.gift.id);
      expect(res.statusCode, other.gift.status).toBe(409);
      expect(res.json().message).toContain('Only paid gifts');
    }
    expect(
      (await ctx().flushEmails()).filter((m) => m.toAddress.startsWith('no-resend-') && !before.has(m.id)),
    ).toHaveLength(0);
    expect((await post(999_999)).statusCode).toBe(404);
    expect((await post('abc')).statusCode).toBe(400);
    const events = await ctx().db.select().from(securityLog).where(eq(securityLog.event, 'admin.resend_email'));
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toEqual({ giftId: gift.id });
  });
  // Last: its gifts stay (the search above counts expired gifts).
  it('keeps the maintained counters exact through payments, claims, refunds and disputes made in parallel', async () => {
    const scan = async () => {
      const [r] = await ctx()
        .db.select({
          total: sql<number>`count(*)::int`,
          totalVolume: sql<string>`coalesce(sum(${gifts.amountCents}) filter (where ${gifts.status} <> 'pending'), 0)::text`,
          claimedVolume: sql<string>`coalesce(sum(${gifts.amountCents}) filter (where ${gifts.status} = 'claimed'), 0)::text`,
          ...Object.fromEntries(
            ['claimed', 'pending', 'paid', 'expired', 'refunded', 'disputed'].map((st) => [
              st,
              sql<number>`(count(*) filter (where ${gifts.status} = ${st}))::int`,
            ]),
          ),
        })
        .from(gifts);
      const row = r as Record<string, string | number>;
      return {
        ...row,
        totalVolume: formatCents(Number(row.totalVolume)),
        claimedVolume: formatCents(Number(row.claimedVolume)),
      };
    };
    // Twenty gifts through the product, then many transitions at once: payments, claims, refunds (cancelled by the
    // sender), a refund refused (left expired) and a lost dispute, each a real change of the counted columns.
    const start = await giftStats(ctx().deps);
    const pending = await Promise.all(
      Array.from({ length: 20 }, (_, i) => pendingGift(ctx(), { amountCents: 1000 + i, securityAnswer: undefined })),
    );
    const paid = await Promise.all(pending.slice(0, 14).map((p) => payGift(ctx(), p)));
    expect(await giftStats(ctx().deps)).toEqual(await scan());
    await failNextMovement(ctx().deps, paid[12]!.gift.publicId);
    await Promise.all([
      ...paid.slice(0, 5).map((given) => claimPaidGift(ctx(), given)),
      ...paid.slice(5, 9).map((given) => cancelGift(ctx().deps, given.gift.id)),
      cancelGift(ctx().deps, paid[12]!.gift.id),
      (async () => closeDispute(ctx().sandbox, await openGiftDispute(ctx(), paid[13]!.gift), 'lost'))(),
      ...pending.slice(14).map((p) => payGift(ctx(), p)),
    ]);
    const stats = await giftStats(ctx().deps);
    expect(stats).toEqual(await scan());
    expect({
      claimed: stats.claimed - start.claimed,
      refunded: stats.refunded - start.refunded,
      expired: stats.expired - start.expired,
      disputed: stats.disputed - start.disputed,
      paid: stats.paid - start.paid,
    }).toEqual({ claimed: 5, refunded: 4, expired: 1, disputed: 1, paid: 9 });
  });
});
