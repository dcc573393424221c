// Group gifts (decision 026) reached through the product: started with POST /api/together, each share paid on the
// sandbox's hosted checkout (payCheckout), sent by the organiser's route or the deadline job.
import { eq, inArray } from 'drizzle-orm';
import { gifts } from '../../src/server/db/schema.js';
import { sha256 } from '../../src/server/crypto.js';
import { giftLinks } from '../../src/server/db/schema.js';
import { wireFigures } from '../../src/shared/money.js';
import type { CreateGroupGiftPayload } from '../../src/shared/schemas/together.js';
import { payCheckout, type GiftRow } from './gifts.js';
import { manageLinkIn } from './gift-page.js';
import type { TestContext } from './test-app.js';
import { giftRowColumns } from './gift-row.js';

let seq = 0;

export interface StartedGroup {
  organiserToken: string;
  shareToken: string;
  organiserEmail: string;
  recipientEmail: string;
}

const tokenOf = (url: string) => url.split('/').pop()!;

export function groupPayload(overrides: Partial<CreateGroupGiftPayload> = {}): CreateGroupGiftPayload {
  seq++;
  return {
    recipientFirstName: 'Rita',
    recipientLastName: 'Recipient',
    recipientEmail: `rita.group${seq}.${Date.now()}@example.com`,
    organiserEmail: `olive.organiser${seq}@example.com`,
    personalNote: 'From all of us at the choir',
    securityQuestion: "What is your pet's name?",
    securityAnswer: 'Rex',
    deadlineDays: 7,
    goal: '300.00',
    ...overrides,
  };
}

export function startGroupRequest(ctx: TestContext, payload: unknown) {
  return ctx.app.inject({ method: 'POST', url: '/api/together', payload: payload as object });
}

export async function startGroup(
  ctx: TestContext,
  overrides: Partial<CreateGroupGiftPayload> = {},
): Promise<StartedGroup> {
  const payload = groupPayload(overrides);
  const res = await startGroupRequest(ctx, payload);
  if (res.statusCode !== 201) throw new Error(`POST /api/together answered ${res.statusCode}: ${res.body}`);
  const body = res.json() as { organiserUrl: string; shareUrl: string };
  return {
    organiserToken: tokenOf(body.organiserUrl),
    shareToken: tokenOf(body.shareUrl),
    organiserEmail: payload.organiserEmail,
    recipientEmail: payload.recipientEmail,
  };
}

export function contributeRequest(ctx: TestContext, shareToken: string, amountCents: number, tipCents = 100) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/together/${shareToken}/contributions`,
    payload: { ...wireFigures(amountCents, tipCents), senderCoversFees: false },
  });
}

/** A contributor's share, paid at the hosted checkout; answers its row and the manage token of its receipt. */
export async function contribute(
  ctx: TestContext,
  shareToken: string,
  amountCents: number,
  payer: { name: string; email: string },
): Promise<{ share: GiftRow; manageToken: string }> {
  const res = await contributeRequest(ctx, shareToken, amountCents);
  if (res.statusCode !== 201) throw new Error(`contribution answered ${res.statusCode}: ${res.body}`);
  return payShareCheckout(ctx, (res.json() as { checkoutUrl: string }).checkoutUrl, payer);
}

/** Pays the share whose hosted checkout is at `checkoutUrl`; answers its row and the manage token of its receipt. */
export async function payShareCheckout(
  ctx: TestContext,
  checkoutUrl: string,
  payer: { name: string; email: string },
): Promise<{ share: GiftRow; manageToken: string }> {
  const url = new URL(checkoutUrl);
  const [pending] = await ctx.db
    .select(giftRowColumns)
    .from(gifts)
    .where(eq(gifts.checkoutSessionId, url.pathname.split('/').pop()!));
  const share = await payCheckout(ctx, { gift: pending!, checkoutUrl: url }, payer);
  return { share, manageToken: await manageTokenOf(ctx, share.id, payer.email) };
}

/** The manage token in the receipt e-mailed to `payer` for this share. */
async function manageTokenOf(ctx: TestContext, giftId: number, payer: string): Promise<string> {
  const links = await ctx.db.select().from(giftLinks).where(eq(giftLinks.giftId, giftId));
  for (let i = 0; i < 50; i++) {
    const mail = await ctx.flushEmails(payer);
    const token = mail
      .map((m) => manageLinkIn(m.textBody))
      .find((t) => t && links.some((l) => l.tokenHash === sha256(t)));
    if (token) return token;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no receipt for share #${giftId}`);
}

export const sharePage = (ctx: TestContext, token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/together/${token}` });
export const organiserPage = (ctx: TestContext, token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/together/organise/${token}` });
export const sendNow = (ctx: TestContext, token: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/together/organise/${token}/send` });

/** The shares' rows, in the order of `ids`. */
export async function sharesOf(ctx: TestContext, ids: number[]): Promise<GiftRow[]> {
  const rows = await ctx.db.select(giftRowColumns).from(gifts).where(inArray(gifts.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!);
}
