// Donor accounts for tests: insert a donor row, read sign-in links from the dev mailbox, sign in through the API.
import { donors } from '../../src/server/db/schema.js';
import { issueDonorSignInLink } from '../../src/server/services/donors/sign-in-link.js';
import type { TestContext } from './test-app.js';
import { giftIn, type GiftOptions, type GiftStatus } from './gifts.js';

let seq = 0;

export async function seedDonor(
  ctx: Pick<TestContext, 'db' | 'clock'>,
  overrides: Partial<typeof donors.$inferInsert> = {},
) {
  seq++;
  const [row] = await ctx.db
    .insert(donors)
    .values({
      email: `donor${seq}-${Date.now()}@example.com`,
      firstName: 'Dana',
      lastName: `Donor${seq}`,
      createdAt: ctx.clock.now(),
      ...overrides,
    })
    .returning();
  return row!;
}

export const signInTokenIn = (text: string) => /\/donor\/login\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

/** The token of the newest sign-in e-mail delivered to an address, after flushing the outbox. */
export async function latestSignInToken(ctx: TestContext, to: string): Promise<string | undefined> {
  const mails = (await ctx.flushEmails()).filter((m) => m.toAddress.toLowerCase() === to.toLowerCase());
  const last = mails.at(-1);
  return last ? signInTokenIn(last.textBody) : undefined;
}

/** Issues a link the way the product does, opens it through the API, and answers the session cookie value. */
export async function signInDonor(
  ctx: TestContext,
  donor: { id: number; email: string },
  remoteAddress = '10.9.9.9',
): Promise<string> {
  await ctx.db.transaction((tx) => issueDonorSignInLink(tx, ctx.deps, donor.id));
  const token = await latestSignInToken(ctx, donor.email);
  if (!token) throw new Error(`no sign-in e-mail for ${donor.email}`);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/donor/sign-in/verify',
    payload: { token },
    remoteAddress,
  });
  const cookie = res.cookies.find((c) => c.name === 'hg_donor');
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookie.value;
}

/** A gift the signed-in donor creates and pays with their own e-mail (so it stays theirs), in the given status. */
export async function donorGift(
  ctx: TestContext,
  donor: { id: number; email: string; firstName: string; lastName: string },
  status: GiftStatus,
  options: GiftOptions = {},
) {
  const donorSession = await signInDonor(ctx, donor);
  const given = await giftIn(ctx, status, {
    donorSession,
    sender: { name: `${donor.firstName} ${donor.lastName}`, email: donor.email },
    ...options,
  });
  if (given.gift.donorId !== donor.id) throw new Error(`gift #${given.gift.id} is not donor #${donor.id}'s`);
  return given;
}
