// Gifts in the states tests start from, each reached the way the product reaches it: created through the API,
// paid on the sandbox's hosted checkout (or by a signed checkout event when the provider is Stripe's adapter),
// claimed through the claim routes, refunded, disputed or reversed from the provider's side (the sandbox console's
// actions), and moved in time only by the injected clock. Nothing here writes a gift's columns, so the ledger
// holds exactly the money each state implies (checked when the test database closes, tests/helpers/databases.ts).
import { and, desc, eq, sql } from 'drizzle-orm';
import { gifts, recipientAccounts, sandboxDisputes } from '../../src/server/db/schema.js';
import { DAY, HOUR } from '../../src/server/clock.js';
import { cancelGift } from '../../src/server/services/manage/cancel-gift.js';
import { handleProviderEvent } from '../../src/server/services/events/handle-event.js';
import { closeDispute, openDispute, reverseTransfer } from '../../src/server/payments/sandbox/console-actions.js';
import { failNextMovement } from '../../src/server/payments/sandbox/faults.js';
import { WRONG_ANSWER_FREEZE_TOTAL, WRONG_ANSWER_LIMIT } from '../../src/shared/constants.js';
import { checkoutEvent, giftPayload, postEvent, postGift } from './gift-payload.js';
import {
  claim,
  claimSessionCookie,
  codeOnPhone,
  complete,
  enterSignInCode,
  ownerPhone,
  submitOnboarding,
} from './claims.js';
import type { TestContext } from './test-app.js';
import { giftRowColumns, readGiftRow, type GiftRow } from './gift-row.js';

export type { GiftRow };

export interface GiftOptions extends Omit<Parameters<typeof giftPayload>[0] & object, 'securityAnswerHash'> {
  /** The recipient's security answer (asked with the default question); none by default. */
  securityAnswer?: string;
  /** Who pays at checkout: the sender's name and e-mail as the card form (or Stripe) reports them. */
  sender?: { name: string; email: string };
  /** The hg_donor session of the signed-in donor creating the gift (pay with the donor's e-mail to keep it theirs). */
  donorSession?: string;
}

export interface Given {
  gift: GiftRow;
  /** The claim token from the recipient's e-mail; '' for a scheduled gift not delivered yet. */
  claimToken: string;
}

let seq = 0;

/** A number spelled in letters (0 → a … 9 → j), for names, which may hold no digits: 12 → "bc". */
export const nameNumber = (n: number) => String(n).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

export const giftRowById = async (ctx: TestContext, id: number): Promise<GiftRow> => {
  const row = await readGiftRow(ctx.db, id);
  if (!row) throw new Error(`no gift #${id}`);
  return row;
};

/** A gift created through POST /api/gifts and not paid: its row and the checkout page it was sent to. */
export async function pendingGift(ctx: TestContext, options: GiftOptions = {}) {
  seq++;
  const { securityAnswer, donorSession, sender: _sender, ...payload } = options;
  const body = giftPayload({
    recipientEmail: `rita${seq}.${ctx.engine}.${Date.now()}@example.com`,
    ...payload,
    securityQuestion: securityAnswer === undefined ? null : (payload.securityQuestion ?? "What is your pet's name?"),
    securityAnswerHash: securityAnswer ?? null,
  });
  const res = await postGift(ctx, body, donorSession ? { cookie: `hg_donor=${donorSession}` } : {});
  if (res.statusCode !== 201) throw new Error(`POST /api/gifts answered ${res.statusCode}: ${res.body}`);
  const checkoutUrl = new URL((res.json() as { checkoutUrl: string }).checkoutUrl);
  const [gift] = await ctx.db
    .select(giftRowColumns)
    .from(gifts)
    .where(eq(gifts.checkoutSessionId, checkoutUrl.pathname.split('/').pop()!));
  return { gift: gift!, checkoutUrl };
}

/**
 * Pays a pending gift as its sender would: the sandbox's hosted checkout form, or, when the checkout is Stripe's,
 * the signed checkout.session.completed event Stripe sends. Answers the paid row and the claim token e-mailed.
 */
export async function payGift(
  ctx: TestContext,
  pending: Awaited<ReturnType<typeof pendingGift>>,
  sender = { name: 'Sam Sender', email: `sam${seq}.${ctx.engine}@example.com` },
): Promise<Given> {
  await payCheckout(ctx, pending, sender);
  return { gift: await paidRow(ctx, pending.gift.id), claimToken: await claimLinkOf(ctx, pending.gift.id) };
}

/** The sender's payment alone (payGift without reading the recipient's e-mail): answers the paid row. */
export async function payCheckout(
  ctx: TestContext,
  pending: Awaited<ReturnType<typeof pendingGift>>,
  sender = { name: 'Sam Sender', email: `sam${seq}.${ctx.engine}@example.com` },
): Promise<GiftRow> {
  const { gift, checkoutUrl } = pending;
  if (checkoutUrl.pathname.startsWith('/sandbox/checkout/')) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: checkoutUrl.pathname,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(ctx.deps.config.publicUrl).origin,
      },
      payload: new URLSearchParams({ email: sender.email, name: sender.name, card: '4242424242424242' }).toString(),
    });
    if (res.statusCode !== 303) throw new Error(`sandbox checkout answered ${res.statusCode}: ${res.body}`);
  } else {
    const res = await postEvent(ctx, checkoutEvent(gift, sender));
    if (res.statusCode !== 200) throw new Error(`checkout event answered ${res.statusCode}: ${res.body}`);
  }
  return paidRow(ctx, gift.id);
}

/** The gift's row, which must be paid. */
export async function paidRow(ctx: TestContext, giftId: number): Promise<GiftRow> {
  const paid = await giftRowById(ctx, giftId);
  if (paid.status !== 'paid') throw new Error(`the payment did not complete: gift #${giftId} is ${paid.status}`);
  return paid;
}

/** The claim token of the link e-mailed to the recipient at payment; '' for a scheduled gift not delivered yet. */
export async function claimLinkOf(ctx: TestContext, giftId: number): Promise<string> {
  const paid = await giftRowById(ctx, giftId);
  const scheduled = paid.deliverAt !== null && paid.deliverAt > ctx.clock.now();
  const tokenIn = async () => {
    const mail = await ctx.flushEmails(paid.recipientEmail!);
    return /\/claim\/([A-Za-z0-9_-]{43})/.exec(mail.at(-1)?.textBody ?? '')?.[1] ?? '';
  };
  let claimToken = await tokenIn();
  // A flush running in parallel (gifts paid at once) may hold this gift's e-mail a moment (SKIP LOCKED).
  for (let i = 0; i < 50 && !claimToken && !scheduled; i++) {
    await new Promise((r) => setTimeout(r, 20));
    claimToken = await tokenIn();
  }
  if (!claimToken && !scheduled) throw new Error(`no claim e-mail for gift #${giftId}`);
  return claimToken;
}

/** A paid gift with its claim link delivered (the usual start of a claim test). */
export async function givenGift(ctx: TestContext, options: GiftOptions = {}): Promise<Given> {
  return payGift(ctx, await pendingGift(ctx, options), options.sender);
}

/** A paid gift claimed through the claim page and a verified payout account: paid out, status claimed. */
export async function claimedGift(ctx: TestContext, options: GiftOptions = {}): Promise<Given> {
  const given = await givenGift(ctx, options);
  await claimPaidGift(ctx, given, options.securityAnswer);
  return { ...given, gift: await giftRowById(ctx, given.gift.id) };
}

/**
 * The recipient claims a paid gift and finishes onboarding verified; the payout is made at once. A recipient whose
 * payout account is verified already (an earlier gift) skips onboarding, and the claim page's completion pays out.
 */
export async function claimPaidGift(ctx: TestContext, given: Given, securityAnswer?: string): Promise<void> {
  const res = await claim(ctx, given.claimToken, securityAnswer === undefined ? {} : { securityAnswer });
  if (res.statusCode !== 200) throw new Error(`claim answered ${res.statusCode}: ${res.body}`);
  const link = new URL((res.json() as { accountLinkUrl: string }).accountLinkUrl);
  const account = /\/sandbox\/onboarding\/([^/?]+)/.exec(link.pathname)?.[1];
  if (account) {
    const back = `http://localhost:3000/claim/${given.claimToken}?return=true`;
    const done = await submitOnboarding(ctx, decodeURIComponent(account), 'verified', back);
    if (done.statusCode !== 303) throw new Error(`onboarding answered ${done.statusCode}: ${done.body}`);
  } else {
    // A repeat recipient proves at the provider that the address's account is theirs (decision 021): the owner's
    // code from their phone, the provider's return to the claim, then the claim page's completion pays out.
    if (/\/sandbox\/sign-in\//.test(link.pathname)) await signInAsOwner(ctx, given, link.toString());
    const done = await complete(ctx, given.claimToken);
    if (done.statusCode !== 200) throw new Error(`completion answered ${done.statusCode}: ${done.body}`);
  }
  const row = await giftRowById(ctx, given.gift.id);
  if (row.status !== 'claimed') throw new Error(`gift #${row.id} is ${row.status} after its claim`);
}

/** The owner's sign-in at the sandbox for the newest account set up for the gift's address, and its return. */
async function signInAsOwner(ctx: TestContext, given: Given, signInUrl: string): Promise<void> {
  const email = given.gift.recipientEmail!.trim().toLowerCase();
  const [owned] = await ctx.db
    .select({ id: recipientAccounts.providerAccountId })
    .from(recipientAccounts)
    .where(eq(sql`lower(${recipientAccounts.email})`, email))
    .orderBy(desc(recipientAccounts.id))
    .limit(1);
  const code = await codeOnPhone(ctx, await ownerPhone(ctx, owned!.id));
  const signedIn = await enterSignInCode(ctx, signInUrl, code);
  if (signedIn.statusCode !== 303) throw new Error(`owner sign-in answered ${signedIn.statusCode}: ${signedIn.body}`);
  const back = new URL(String(signedIn.headers.location));
  const proof = await ctx.app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    headers: { cookie: claimSessionCookie(ctx, given.claimToken)! },
  });
  if (proof.statusCode !== 303) throw new Error(`owner proof answered ${proof.statusCode}: ${proof.body}`);
}

/** A paid gift its sender cancelled: refunded through the reconciler (gift amount back, fee and tip kept). */
export async function refundedGift(ctx: TestContext, options: GiftOptions = {}): Promise<Given> {
  const given = await givenGift(ctx, options);
  const { refunded } = await cancelGift(ctx.deps, given.gift.id);
  if (!refunded) throw new Error(`the refund of gift #${given.gift.id} was not made`);
  return { ...given, gift: await giftRowById(ctx, given.gift.id) };
}

/**
 * A gift left expired: cancelled by its sender, its refund refused by the provider for good (the sandbox console's
 * "fail next movement"), so it stays expired with its refund failed, on the attention list.
 */
export async function expiredGift(ctx: TestContext, options: GiftOptions = {}): Promise<Given> {
  const given = await givenGift(ctx, options);
  await failNextMovement(ctx.deps, given.gift.publicId);
  await cancelGift(ctx.deps, given.gift.id);
  const row = await giftRowById(ctx, given.gift.id);
  if (row.status !== 'expired') throw new Error(`gift #${row.id} is ${row.status}, not expired`);
  return { ...given, gift: row };
}

/**
 * A gift whose checkout was paid a different amount than it asks (`paidCents`): the payment event the provider
 * sends, handled as the webhook handles it; the gift is paid, held on the attention list, and no claim link is sent.
 */
export async function mismatchedGift(ctx: TestContext, paidCents: number, options: GiftOptions = {}) {
  const { gift } = await pendingGift(ctx, options);
  await handleProviderEvent(ctx.deps, {
    id: `evt_mismatch_${gift.publicId}`,
    kind: 'checkout_paid',
    giftPublicId: gift.publicId,
    checkoutId: gift.checkoutSessionId,
    amountCents: paidCents,
    currency: 'usd',
    paymentRef: `pi_mismatch_${gift.publicId}`,
    chargeRef: `ch_mismatch_${gift.publicId}`,
    payerEmail: options.sender?.email ?? `sam${seq}.${ctx.engine}@example.com`,
    payerName: options.sender?.name ?? 'Sam Sender',
    metadata: {},
  });
  const row = await paidRow(ctx, gift.id);
  if (!row.needsAttention) throw new Error(`gift #${row.id} was not held for its mismatched payment`);
  return row;
}

/** A paid gift whose payment the cardholder disputed, and the dispute was lost: status disputed. */
export async function disputedGift(ctx: TestContext, options: GiftOptions = {}): Promise<Given> {
  const given = await givenGift(ctx, options);
  const dispute = await openGiftDispute(ctx, given.gift);
  await closeDispute(ctx.sandbox, dispute, 'lost');
  return { ...given, gift: await giftRowById(ctx, given.gift.id) };
}

/** Opens a card dispute of the gift's whole payment from the provider's side; answers the dispute's id. */
export async function openGiftDispute(ctx: TestContext, gift: Pick<GiftRow, 'paymentIntentId'>): Promise<string> {
  await openDispute(ctx.sandbox, gift.paymentIntentId!);
  const [dispute] = await ctx.db
    .select({ id: sandboxDisputes.id })
    .from(sandboxDisputes)
    .where(and(eq(sandboxDisputes.paymentIntentId, gift.paymentIntentId!), eq(sandboxDisputes.status, 'open')));
  return dispute!.id;
}

/** A claimed gift whose transfer the provider took back: flagged for an operator ("Transfer … was reversed"). */
export async function reversedGift(ctx: TestContext, options: GiftOptions = {}): Promise<Given> {
  const given = await claimedGift(ctx, options);
  await reverseTransfer(ctx.sandbox, given.gift.transferId!);
  return { ...given, gift: await giftRowById(ctx, given.gift.id) };
}

/**
 * A paid gift frozen for an operator: WRONG_ANSWER_FREEZE_TOTAL wrong answers, waiting out each lock in between
 * (the clock moves 25 hours). Needs a security answer.
 */
export async function frozenGift(ctx: TestContext, options: GiftOptions = {}): Promise<Given> {
  const given = await givenGift(ctx, { securityAnswer: 'Fluffy', ...options });
  for (let i = 1; i <= WRONG_ANSWER_FREEZE_TOTAL; i++) {
    const res = await claim(ctx, given.claimToken, { securityAnswer: `wrong guess ${i}` });
    if (res.statusCode !== 400 && res.statusCode !== 429) throw new Error(`wrong answer ${i}: ${res.statusCode}`);
    if (i % WRONG_ANSWER_LIMIT === 0 && i < WRONG_ANSWER_FREEZE_TOTAL) ctx.clock.advance(i === 5 ? HOUR : DAY);
  }
  const row = await giftRowById(ctx, given.gift.id);
  if (!row.claimFrozenAt) throw new Error(`gift #${row.id} is not frozen`);
  return { ...given, gift: row };
}

/** Moves the clock to just past a paid gift's expiry (plus `by` ms): it is due for the expiry job. */
export function passExpiry(ctx: TestContext, gift: Pick<GiftRow, 'expiresAt'>, by = 1): void {
  const due = gift.expiresAt!.getTime() + by;
  if (due > ctx.clock.now().getTime()) ctx.clock.set(new Date(due));
}

export type GiftStatus = 'pending' | 'paid' | 'claimed' | 'expired' | 'refunded' | 'disputed';

/** A gift in the given status, reached as above; a pending gift has no claim token yet (minted at payment). */
export async function giftIn(ctx: TestContext, status: GiftStatus, options: GiftOptions = {}): Promise<Given> {
  switch (status) {
    case 'pending':
      return { gift: await giftRowById(ctx, (await pendingGift(ctx, options)).gift.id), claimToken: '' };
    case 'paid':
      return givenGift(ctx, options);
    case 'claimed':
      return claimedGift(ctx, options);
    case 'expired':
      return expiredGift(ctx, options);
    case 'refunded':
      return refundedGift(ctx, options);
    case 'disputed':
      return disputedGift(ctx, options);
  }
}
