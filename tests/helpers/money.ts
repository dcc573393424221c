// Money-flow helpers: a gift paid through the sandbox's hosted checkout (the real path: checkout_paid event,
// ledger posting, claim e-mail), its claim token read from that e-mail, and the gift's ledger rows.
import { and, asc, eq } from 'drizzle-orm';
import { gifts, ledgerMovements } from '../../src/server/db/schema.js';
import { checkLedgerInvariants } from '../../src/server/services/ledger/invariants.js';
import { HOUR } from '../../src/server/clock.js';
import { giftPayload, postGift } from './gift-payload.js';
import type { TestContext } from './test-app.js';
import type { DbOrTx } from '../../src/server/db/client.js';
import { giftRowColumns } from './gift-row.js';

let seq = 0;

/** Creates a gift through the API and pays it on the sandbox checkout page; answers the paid row and claim token. */
export async function paySandboxGift(
  ctx: TestContext,
  overrides: Parameters<typeof giftPayload>[0] = {},
  payerEmail?: string,
) {
  seq++;
  const recipientEmail = overrides.recipientEmail ?? `money${seq}-${ctx.engine}-${Date.now()}@example.com`;
  const created = await postGift(ctx, giftPayload({ ...overrides, recipientEmail }));
  if (created.statusCode !== 201) throw new Error(`POST /api/gifts answered ${created.statusCode}: ${created.body}`);
  const path = new URL(created.json().checkoutUrl as string).pathname;
  const paid = await ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
    payload: new URLSearchParams({
      email: payerEmail ?? `payer${seq}@example.com`,
      name: 'Pat Payer',
      card: '4242424242424242',
    }).toString(),
  });
  if (paid.statusCode !== 303) throw new Error(`sandbox checkout answered ${paid.statusCode}: ${paid.body}`);
  const [gift] = await ctx.db
    .select(giftRowColumns)
    .from(gifts)
    .where(eq(gifts.checkoutSessionId, path.split('/').pop()!));
  const mail = await ctx.flushEmails(recipientEmail);
  const claimToken = /\/claim\/([A-Za-z0-9_-]{43})/.exec(mail.at(-1)?.textBody ?? '')?.[1];
  if (!gift || gift.status !== 'paid' || !claimToken) throw new Error('the sandbox payment did not complete');
  return { gift, claimToken };
}

export const movementsOf = (ctx: TestContext, giftId: number) =>
  ctx.db.select().from(ledgerMovements).where(eq(ledgerMovements.giftId, giftId)).orderBy(asc(ledgerMovements.id));

/** The provider's id of the gift's refund by Hushgift once settled, as the ledger holds it; null before. */
export async function settledRefundRef(db: DbOrTx, giftId: number): Promise<string | null> {
  const m = ledgerMovements;
  const [refund] = await db
    .select({ ref: m.providerRef })
    .from(m)
    .where(and(eq(m.giftId, giftId), eq(m.kind, 'refund'), eq(m.origin, 'hushgift'), eq(m.state, 'succeeded')));
  return refund?.ref ?? null;
}

/** Every invariant of the ledger, with the default attention delay (2 h). */
export const checkLedger = (ctx: TestContext) =>
  checkLedgerInvariants(ctx.db, { attentionAfterMs: 2 * HOUR, now: ctx.clock.now() });
