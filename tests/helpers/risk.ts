// Risk-layer helpers (decision 024): pay on the sandbox checkout with a chosen card, a gift held for review
// (the payer sends to their own address), and a held gift claimed up to its payout, all through the product.
import { eq } from 'drizzle-orm';
import { riskReviews } from '../../src/server/db/schema.js';
import { claim, submitOnboarding } from './claims.js';
import { claimLinkOf, giftRowById, pendingGift, type GiftOptions, type Given } from './gifts.js';
import type { TestContext } from './test-app.js';

let seq = 0;

/** The 3-D Secure step of the sandbox checkout (a large gift): present, and how the cardholder ends it. */
export const ASKS_AUTHENTICATION = /name="authentication" value="pass"/;

/**
 * Pays a pending gift on the sandbox's hosted checkout with this card; answers the checkout's status code. A large
 * gift's checkout asks 3-D Secure first: the cardholder then completes it (or fails it, `authentication`).
 */
export async function payWithCard(
  ctx: TestContext,
  pending: Awaited<ReturnType<typeof pendingGift>>,
  sender: { name: string; email: string },
  card = '4242424242424242',
  remoteAddress?: string,
  authentication: 'pass' | 'fail' = 'pass',
): Promise<number> {
  const post = (fields: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: pending.checkoutUrl.pathname,
      remoteAddress,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(ctx.deps.config.publicUrl).origin,
      },
      payload: new URLSearchParams({ email: sender.email, name: sender.name, card, ...fields }).toString(),
    });
  const res = await post({});
  if (res.statusCode !== 200 || !ASKS_AUTHENTICATION.test(res.body)) return res.statusCode;
  return (await post({ authentication })).statusCode;
}

/** A gift paid with this card by this sender, its claim link delivered. */
export async function giftPaidBy(
  ctx: TestContext,
  sender: { name: string; email: string },
  options: GiftOptions = {},
  card?: string,
): Promise<Given> {
  const pending = await pendingGift(ctx, options);
  const status = await payWithCard(ctx, pending, sender, card);
  if (status !== 303) throw new Error(`sandbox checkout answered ${status}`);
  return { gift: await giftRowById(ctx, pending.gift.id), claimToken: await claimLinkOf(ctx, pending.gift.id) };
}

/**
 * A gift its payer sent to their own mailbox: held for review at payment (self_gift_email). The checkout's e-mail
 * carries a +tag (one mailbox, as the rule normalises it), so the receipt and the claim e-mail stay apart.
 */
export async function heldGift(ctx: TestContext, options: GiftOptions = {}): Promise<Given> {
  seq++;
  const local = `self${seq}.${ctx.engine}.${Date.now()}`;
  return giftPaidBy(
    ctx,
    { name: 'Sam Self', email: `${local.toUpperCase()}+pay@example.com` },
    { recipientEmail: `${local}@example.com`, ...options },
  );
}

/** The recipient answers and finishes onboarding verified: the gift waits in claim_started for its payout. */
export async function claimUpToPayout(ctx: TestContext, given: Given): Promise<void> {
  const res = await claim(ctx, given.claimToken, {});
  if (res.statusCode !== 200) throw new Error(`claim answered ${res.statusCode}: ${res.body}`);
  const link = new URL((res.json() as { accountLinkUrl: string }).accountLinkUrl);
  const account = /\/sandbox\/onboarding\/([^/?]+)/.exec(link.pathname)?.[1];
  if (!account) throw new Error(`not an onboarding link: ${link}`);
  const back = `http://localhost:3000/claim/${given.claimToken}?return=true`;
  const done = await submitOnboarding(ctx, decodeURIComponent(account), 'verified', back);
  if (done.statusCode !== 303) throw new Error(`onboarding answered ${done.statusCode}: ${done.body}`);
}

export async function reviewOf(ctx: TestContext, giftId: number) {
  const [row] = await ctx.db.select().from(riskReviews).where(eq(riskReviews.giftId, giftId));
  return row ?? null;
}
