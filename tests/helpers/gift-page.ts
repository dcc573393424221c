// Gifts paid through the real flow (create → signed checkout event → e-mails), with the links their e-mails carry:
// the recipient's claim link and the sender's gift page link.
import { eq } from 'drizzle-orm';
import { giftDeliveries, giftLinks, gifts } from '../../src/server/db/schema.js';
import { giftRowColumns } from './gift-row.js';
import { sha256 } from '../../src/server/crypto.js';
import { checkoutEvent, createPendingGift, postEvent } from './gift-payload.js';
import type { TestContext } from './test-app.js';
import type { giftPayload } from './gift-payload.js';

export const manageLinkIn = (text: string) =>
  /http:\/\/localhost:3000\/gift\/manage\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
export const claimLinkIn = (text: string) => /http:\/\/localhost:3000\/claim\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

export const GIFT_SENDER = { email: 'zelda.quill@sender.example', name: 'Zelda Quill' };

let n = 0;

/** A paid gift; answers its row, the sender's manage token (from the receipt) and the claim token (if delivered). */
export async function paidGift(ctx: TestContext, overrides: Parameters<typeof giftPayload>[0] = {}) {
  n++;
  const recipientEmail = overrides.recipientEmail ?? `rcpt${n}.${Date.now()}@example.com`;
  const pending = await createPendingGift(ctx, {
    securityQuestion: null,
    securityAnswerHash: null,
    ...overrides,
    recipientEmail,
  });
  const res = await postEvent(ctx, checkoutEvent(pending, GIFT_SENDER));
  if (res.statusCode !== 200) throw new Error(`payment event answered ${res.statusCode}`);
  // Receipts of gifts paid in parallel go to the same sender: take the one whose link opens this gift. A flush
  // running in parallel may hold this gift's e-mails for a moment (SKIP LOCKED): flush again until they are out.
  const links = await ctx.db.select().from(giftLinks).where(eq(giftLinks.giftId, pending.id));
  let mail = await ctx.flushEmails();
  const receiptIn = (all: typeof mail) =>
    all.find(
      (m) => /receipt/.test(m.subject) && links.some((l) => l.tokenHash === sha256(manageLinkIn(m.textBody) ?? '')),
    );
  const [planned] = await ctx.db.select().from(giftDeliveries).where(eq(giftDeliveries.giftId, pending.id));
  const delivered = (all: typeof mail) => planned?.deliverAt != null || all.some((m) => m.toAddress === recipientEmail);
  for (let i = 0; i < 50 && !(receiptIn(mail) && delivered(mail)); i++) {
    await new Promise((r) => setTimeout(r, 20));
    mail = await ctx.flushEmails();
  }
  const receipt = receiptIn(mail)!;
  const notice = mail.filter((m) => m.toAddress === recipientEmail).at(-1);
  const [gift] = await ctx.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, pending.id));
  return {
    gift: gift!,
    recipientEmail,
    receipt,
    manageToken: manageLinkIn(receipt.textBody)!,
    claimToken: notice ? claimLinkIn(notice.textBody) : undefined,
  };
}

export function manage(ctx: TestContext, token: string, action?: string, payload?: object) {
  return ctx.app.inject({
    method: action ? 'POST' : 'GET',
    url: `/api/gifts/manage/${token}${action ? `/${action}` : ''}`,
    ...(payload ? { payload } : {}),
  });
}

export const lookup = (ctx: TestContext, claimToken: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/gifts/claim/${claimToken}` });

/** E-mails delivered to an address since the last call, oldest first. */
export async function newMailTo(ctx: TestContext, to: string, seen: Set<number>) {
  const mail = (await ctx.flushEmails()).filter((m) => m.toAddress === to && !seen.has(m.id));
  for (const m of mail) seen.add(m.id);
  return mail;
}
