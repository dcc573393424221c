// Claim-flow helpers for API tests: a gift with a distinctive sender (to prove it never leaks), the claim call,
// the recipient's claim session cookie (kept like a browser would), and the sandbox onboarding outcome.
import { eq, sql } from 'drizzle-orm';
import { sandboxAccounts } from '../../src/server/db/schema.js';
import { DAY, MINUTE } from '../../src/server/clock.js';
import { ONBOARDING_GRACE_DAYS } from '../../src/shared/constants.js';
import { givenGift, type GiftOptions } from './gifts.js';
import type { TestContext } from './test-app.js';
import { readGiftRow } from './gift-row.js';

export const SENDER = { senderFirstName: 'Zebulon', senderLastName: 'Quixotic', senderEmail: 'zq.sender@example.org' };
export const SENDER_SECRETS = [SENDER.senderFirstName, SENDER.senderLastName, SENDER.senderEmail];

let n = 0;
/** A paid gift from a distinctive sender, its claim link delivered: answers the row and the claim token. */
export async function claimableGift(ctx: TestContext, options: GiftOptions = {}) {
  n++;
  return givenGift(ctx, {
    sender: { name: `${SENDER.senderFirstName} ${SENDER.senderLastName}`, email: SENDER.senderEmail },
    recipientEmail: `claimer${n}-${ctx.engine}-${Date.now()}@example.com`,
    ...options,
  });
}

/** The recipient's browser: the claim session cookie ("name=value") a right answer set, by claim token and public id. */
const browsers = new WeakMap<TestContext, Map<string, string>>();
const browserOf = (ctx: TestContext) => browsers.get(ctx) ?? browsers.set(ctx, new Map()).get(ctx)!;

/** The Cookie header the recipient's browser sends for a gift (by its claim token or public id), if it holds one. */
export function claimSessionCookie(ctx: TestContext, tokenOrPublicId: string): string | undefined {
  return browserOf(ctx).get(tokenOrPublicId);
}

/** The recipient's browser forgets the gift's claim session (another browser, or cookies cleared). */
export function forgetClaimSession(ctx: TestContext, token: string, publicId: string): void {
  browserOf(ctx).delete(token);
  browserOf(ctx).delete(publicId);
}

const cookieHeaders = (cookie: string | undefined) => (cookie ? { cookie } : {});

export async function claim(ctx: TestContext, token: string, body?: unknown) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/gifts/claim/${token}`,
    payload: body === undefined ? undefined : (body as object),
  });
  const session = res.cookies.find((c) => c.name.startsWith('hg_claim_'));
  if (session) {
    const cookie = `${session.name}=${session.value}`;
    browserOf(ctx).set(token, cookie).set(session.name.slice('hg_claim_'.length), cookie);
  }
  return res;
}

/** The completion check, with the recipient's claim session unless another Cookie header (or none) is given. */
export function complete(ctx: TestContext, token: string, cookie = claimSessionCookie(ctx, token)) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/gifts/claim/${token}/complete`,
    headers: cookieHeaders(cookie),
  });
}

/** The recipient's thank-you note, sent from their browser (with its claim session cookie unless told otherwise). */
export function sendThankYouNote(
  ctx: TestContext,
  token: string,
  note: unknown,
  cookie = claimSessionCookie(ctx, token),
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/gifts/claim/${token}/thank-you`,
    payload: { note },
    headers: cookieHeaders(cookie),
  });
}

export function refreshOnboarding(ctx: TestContext, token: string, cookie = claimSessionCookie(ctx, token)) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/gifts/claim/${token}/onboarding`,
    headers: cookieHeaders(cookie),
  });
}

export function giftStatus(ctx: TestContext, publicId: string, cookie = claimSessionCookie(ctx, publicId)) {
  return ctx.app.inject({ method: 'GET', url: `/api/gifts/${publicId}/status`, headers: cookieHeaders(cookie) });
}

export function dashboardLogin(ctx: TestContext, publicId: string, cookie = claimSessionCookie(ctx, publicId)) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/gifts/${publicId}/dashboard-login`,
    headers: cookieHeaders(cookie),
  });
}

export async function giftRow(ctx: TestContext, id: number) {
  return (await readGiftRow(ctx.db, id))!;
}

/** Claims with the right answer; answers the sandbox account id from the onboarding link. */
export async function startClaim(ctx: TestContext, token: string, securityAnswer?: string): Promise<string> {
  const res = await claim(ctx, token, securityAnswer === undefined ? {} : { securityAnswer });
  if (res.statusCode !== 200) throw new Error(`claim failed: ${res.statusCode} ${res.body}`);
  const url = new URL(res.json().accountLinkUrl);
  const account = /\/sandbox\/onboarding\/([^/?]+)/.exec(url.pathname)?.[1];
  if (!account) throw new Error(`not an onboarding link: ${url}`);
  return decodeURIComponent(account);
}

/** Submits the sandbox onboarding form, as the recipient's browser would. */
export function submitOnboarding(
  ctx: TestContext,
  accountId: string,
  outcome: 'verified' | 'needs_info' | 'pending',
  returnUrl: string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/sandbox/onboarding/${accountId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
    payload: new URLSearchParams({ outcome, return_url: returnUrl }).toString(),
  });
}

/**
 * Sets a sandbox account's state directly, without the event or the prompt payout (the provider changed quietly).
 * An account past 'new' gets an owner (phone, bank) if it had none, as onboarding would have given it.
 */
export async function setAccountStatus(
  ctx: TestContext,
  accountId: string,
  status: 'new' | 'verified' | 'needs_info' | 'pending',
) {
  const owner =
    status === 'new'
      ? {}
      : {
          phone: sql`coalesce(${sandboxAccounts.phone}, '5550100000')`,
          payoutLast4: sql`coalesce(${sandboxAccounts.payoutLast4}, '0000')`,
        };
  await ctx.db
    .update(sandboxAccounts)
    .set({ status, ...owner })
    .where(eq(sandboxAccounts.id, accountId));
}

/** The right answer's JSON: where it leads (accountStep) and the provider page (accountLinkUrl). */
export async function claimStep(ctx: TestContext, token: string, securityAnswer?: string) {
  const res = await claim(ctx, token, securityAnswer === undefined ? {} : { securityAnswer });
  if (res.statusCode !== 200) throw new Error(`claim failed: ${res.statusCode} ${res.body}`);
  return res.json() as { accountLinkUrl: string; accountStep: 'onboarding' | 'owner_sign_in' };
}

/** The phone a sandbox account's owner gave at onboarding. */
export async function ownerPhone(ctx: TestContext, accountId: string): Promise<string> {
  const [row] = await ctx.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
  if (!row?.phone) throw new Error(`account ${accountId} has no owner phone`);
  return row.phone;
}

/** The newest sign-in code on a sandbox phone's page, read as its owner would. */
export async function codeOnPhone(ctx: TestContext, phone: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: `/sandbox/phone/${phone}` });
  const code = /<strong>(\d{6})<\/strong>/.exec(res.body)?.[1];
  if (!code) throw new Error(`no code on the phone ${phone}: ${res.body}`);
  return code;
}

/** Types a code on a sandbox sign-in page (by its URL or path), as the browser's form would post it. */
export function enterSignInCode(ctx: TestContext, signInUrl: string, code: string, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: new URL(signInUrl, 'http://localhost:3000').pathname,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost:3000',
      ...cookieHeaders(cookie),
    },
    payload: new URLSearchParams({ code }).toString(),
  });
}

/** The owner signs in to a sandbox account's dashboard with the code on their phone; answers the dashboard cookie. */
export async function dashboardOwnerCookie(ctx: TestContext, accountId: string): Promise<string> {
  const asked = await ctx.app.inject({ method: 'GET', url: `/sandbox/dashboard/${accountId}` });
  if (asked.statusCode !== 303) throw new Error(`the dashboard did not ask for the sign-in: ${asked.statusCode}`);
  const code = await codeOnPhone(ctx, await ownerPhone(ctx, accountId));
  const signedIn = await enterSignInCode(ctx, String(asked.headers.location), code);
  const cookie = signedIn.cookies.find((c) => c.name === 'hg_sandbox_owner');
  if (!cookie) throw new Error(`sign-in failed: ${signedIn.statusCode} ${signedIn.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** "Use a different account", posted from the claim page in the claimant's browser. */
export function useDifferentAccount(ctx: TestContext, token: string, cookie = claimSessionCookie(ctx, token)) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/gifts/claim/${token}/new-account`,
    headers: { origin: 'http://localhost:3000', ...cookieHeaders(cookie) },
  });
}

/** The provider's return to the app after the owner's sign-in (the Location of the right code), in a browser. */
export function returnFromSignIn(ctx: TestContext, location: string, cookie?: string) {
  const url = new URL(location);
  return ctx.app.inject({ method: 'GET', url: url.pathname + url.search, headers: cookieHeaders(cookie) });
}

/**
 * Moves the clock to the end of the onboarding grace a claim started before expiry gets (decision 012): the
 * recipient started the claim and never finished, so the gift is due for the expiry job now. Their browser comes
 * back ten minutes before the end and answers again (a fresh claim session, the claim's start unchanged), so a
 * completion racing the job is still theirs to make. Moves every gift's time alike.
 */
export async function expireBehindClaim(
  ctx: TestContext,
  given: { gift: { id: number }; claimToken: string },
  securityAnswer?: string,
): Promise<void> {
  const gift = await giftRow(ctx, given.gift.id);
  if (!gift.claimStartedAt) throw new Error(`gift #${gift.id}: start its claim before its expiry`);
  const graceEnds = gift.expiresAt!.getTime() + ONBOARDING_GRACE_DAYS * DAY;
  const later = (at: number) => ctx.clock.set(new Date(Math.max(at, ctx.clock.now().getTime())));
  later(graceEnds - 10 * MINUTE);
  const res = await claim(ctx, given.claimToken, securityAnswer === undefined ? {} : { securityAnswer });
  if (res.statusCode !== 200) throw new Error(`the answer in the grace answered ${res.statusCode}: ${res.body}`);
  later(graceEnds);
}
