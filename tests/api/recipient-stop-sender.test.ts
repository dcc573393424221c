// Issue 25 point 4: after declining or claiming (the gift's claim session), "Don't accept gifts from this sender
// again". A later gift from the same payer (the same checkout e-mail or the same card) to that address is refunded
// whole at payment, once even when the payment's webhook is delivered many times at once; its sender is told "This
// recipient is not accepting gifts from you"; its recipient gets nothing. Other payers' gifts still arrive; the
// e-mailed undo link lifts the stop. Only keyed digests are stored, and nothing the recipient sees names the sender.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ledgerMovements, sandboxCheckouts, senderStops } from '../../src/server/db/schema.js';
import { completeCheckout } from '../../src/server/payments/sandbox/checkout-completion.js';
import { SandboxProvider } from '../../src/server/payments/sandbox/provider.js';
import { SANDBOX_SIGNATURE_HEADER } from '../../src/server/payments/sandbox/webhooks.js';
import { runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { stopSenderPath } from '../../src/shared/schemas/claim-contract.js';
import { claimSessionCookie, startClaim } from '../helpers/claims.js';
import { claimLinkOf, giftRowById, pendingGift, type GiftOptions } from '../helpers/gifts.js';
import { checkLedger } from '../helpers/money.js';
import { payWithCard } from '../helpers/risk.js';
import { describeEachEngine, type TestContext } from '../helpers/test-app.js';

const CARD_A = '4242424242424242';
const CARD_B = '5555555555554444';
const UNDO_LINK = /http:\/\/localhost:3000\/resume\/([A-Za-z0-9_-]{43})/;
const STOPPED_SUBJECT = /^This recipient is not accepting gifts from you: \$\d+\.\d\d refunded$/;

let seq = 0;
const payer = (c: TestContext, tag: string) => ({
  name: 'Zephyrine Quillfeather',
  email: `zephyrine.${tag}.${++seq}.${c.engine}@example.com`,
});

/** A gift to this address paid by this payer with this card; answers the paid (or refunding) row. */
async function giftFrom(
  c: TestContext,
  to: string,
  who: { name: string; email: string },
  card: string,
  options: GiftOptions = {},
) {
  const pending = await pendingGift(c, { recipientEmail: to, ...options });
  const status = await payWithCard(c, pending, who, card);
  if (status !== 303) throw new Error(`sandbox checkout answered ${status}`);
  return giftRowById(c, pending.gift.id);
}

const stop = (c: TestContext, token: string, cookie = claimSessionCookie(c, token), json = true) =>
  c.app.inject({
    method: 'POST',
    url: stopSenderPath(token),
    headers: json
      ? { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }
      : { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: json ? '{}' : '',
  });

const declineJson = (c: TestContext, token: string) =>
  c.app.inject({
    method: 'POST',
    url: `/api/gifts/claim/${token}/decline`,
    headers: { 'content-type': 'application/json', cookie: claimSessionCookie(c, token)! },
    payload: '{}',
  });

/** The dev mailbox keeps every e-mail: this answers those to an address since the last call for it. */
function inbox(c: TestContext) {
  const seen = new Map<string, number>();
  return async (to: string) => {
    const all = await c.flushEmails(to);
    const from = seen.get(to.toLowerCase()) ?? 0;
    seen.set(to.toLowerCase(), all.length);
    return all.slice(from);
  };
}

const link = (c: TestContext, method: 'GET' | 'POST', token: string) =>
  c.app.inject({ method, url: `/api/recipient-links/${token}` });

async function movements(c: TestContext, giftId: number, kind: 'refund' | 'fee_return') {
  return c.db
    .select()
    .from(ledgerMovements)
    .where(and(eq(ledgerMovements.giftId, giftId), eq(ledgerMovements.kind, kind)));
}

/** The recipient of a first gift answers it, declines it, and stops its sender: answers the recipient's address. */
async function stoppedAfterDecline(c: TestContext, who: { name: string; email: string }, card: string) {
  const to = `rhea.${++seq}.${c.engine}@example.com`;
  const first = await giftFrom(c, to, who, card, { securityAnswer: 'Fluffy' });
  const token = await claimLinkOf(c, first.id);
  await startClaim(c, token, 'Fluffy');
  expect((await declineJson(c, token)).statusCode).toBe(200);
  expect((await stop(c, token)).statusCode).toBe(200);
  return { to, token, first };
}

describeEachEngine('recipient stops one sender', (ctx) => {
  it('refunds that payer’s next gift whole, tells only the sender, and lets others’ gifts through', async () => {
    const c = ctx();
    const fresh = inbox(c);
    const pat = payer(c, 'stopped');
    const to = `rhea.main.${c.engine}@example.com`;
    const first = await giftFrom(c, to, pat, CARD_B, { securityAnswer: 'Fluffy' });
    const token = await claimLinkOf(c, first.id);

    // Before the answer (no claim session) nothing can be stopped.
    expect((await stop(c, token)).statusCode).toBe(404);
    await startClaim(c, token, 'Fluffy');

    // After claiming: eight clicks at once store one stop and send one undo e-mail.
    const clicks = await Promise.all(Array.from({ length: 8 }, () => stop(c, token)));
    expect(clicks.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(clicks[0]!.json()).toEqual({
      stopped: true,
      message:
        'Done: later gifts from this sender to your address will be refunded to them, and you will not hear of them. We have e-mailed you a link to undo it.',
    });
    for (const click of clicks) {
      for (const secret of [pat.email, 'Zephyrine', 'Quillfeather']) expect(click.body).not.toContain(secret);
    }
    const stops = await c.db.select().from(senderStops).where(eq(senderStops.giftId, first.id));
    expect(stops).toHaveLength(1);
    // Keyed digests only: neither address nor e-mail, nor their plain SHA-256.
    const stored = JSON.stringify(stops).toLowerCase();
    for (const plain of [to, pat.email]) {
      expect(stored).not.toContain(plain.toLowerCase());
      expect(stored).not.toContain(createHash('sha256').update(plain.toLowerCase()).digest('hex'));
    }
    const confirmations = (await fresh(to)).filter((m) => m.subject === 'You stopped gifts from one sender');
    expect(confirmations).toHaveLength(1);
    for (const secret of [pat.email, pat.name]) expect(confirmations[0]!.textBody).not.toContain(secret);
    await fresh(pat.email);

    // The same payer again: same e-mail, another card. Refunded whole at once, nothing to the recipient.
    const second = await giftFrom(c, to, pat, CARD_A, { tipCents: 200 });
    expect(second.state).toBe('refunding');
    await runReconciler(c.deps);
    const refunded = await giftRowById(c, second.id);
    expect(refunded.state).toBe('refunded');
    const refunds = await movements(c, second.id, 'refund');
    expect(refunds).toEqual([expect.objectContaining({ amountCents: refunded.totalCents, state: 'succeeded' })]);
    expect((await movements(c, second.id, 'fee_return')).reduce((sum, m) => sum + m.amountCents, 0)).toBe(
      refunded.feeCents + refunded.tipCents,
    );
    expect(await fresh(to)).toEqual([]);
    const toSender = await fresh(pat.email);
    expect(toSender.map((m) => m.subject)).toEqual([expect.stringMatching(STOPPED_SUBJECT)]);
    expect(toSender[0]!.textBody).toContain('This recipient is not accepting gifts from you.');
    expect(toSender[0]!.textBody).toContain('processing fee and tip included');

    // The same card under another e-mail is the same payer.
    const sameCard = await giftFrom(c, to, payer(c, 'samecard'), CARD_B);
    expect(sameCard.state).toBe('refunding');
    await runReconciler(c.deps);
    expect(await fresh(to)).toEqual([]);

    // Another payer (another e-mail, another card) reaches the recipient; so does this payer to another address.
    const other = await giftFrom(c, to, payer(c, 'other'), CARD_A);
    expect(other.status).toBe('paid');
    expect(await claimLinkOf(c, other.id)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const elsewhere = await giftFrom(c, `someone.else.${c.engine}@example.com`, pat, CARD_B);
    expect(elsewhere.status).toBe('paid');

    // The undo link: opening it changes nothing, its one click lifts the stop, and the payer's gifts arrive again.
    const undo = UNDO_LINK.exec(confirmations[0]!.textBody)![1]!;
    expect((await link(c, 'GET', undo)).json()).toEqual({ purpose: 'resume-sender', done: false });
    expect((await link(c, 'POST', undo)).json()).toEqual({
      message: 'Done: gifts from that sender reach this address again.',
    });
    expect((await link(c, 'GET', undo)).json()).toEqual({ purpose: 'resume-sender', done: true });
    const after = await giftFrom(c, to, pat, CARD_B);
    expect(after.status).toBe('paid');
    expect(await claimLinkOf(c, after.id)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await checkLedger(c)).violations).toEqual([]);
  });

  it('refunds once when the payment’s webhook arrives many times at once', async () => {
    const c = ctx();
    const fresh = inbox(c);
    const pat = payer(c, 'replayed');
    const { to } = await stoppedAfterDecline(c, pat, CARD_B);
    await fresh(to);
    await fresh(pat.email);
    const pending = await pendingGift(c, { recipientEmail: to });
    const [checkout] = await c.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, pending.checkoutUrl.pathname.split('/').pop()!));
    // The sandbox completes its checkout and signs the event; the test delivers it, eight times in parallel.
    let raw: Buffer | undefined;
    const capture = async (body: Buffer) => {
      raw = body;
    };
    await completeCheckout({ ...c.sandbox, webhookEndpoint: capture }, checkout!, { ...pat, card: CARD_B });
    const sandbox = c.deps.payments as SandboxProvider;
    const deliveries = await Promise.all(
      Array.from({ length: 8 }, () =>
        c.app.inject({
          method: 'POST',
          url: '/api/webhooks/stripe',
          payload: raw!,
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sandbox.signWebhook(raw!) },
        }),
      ),
    );
    expect(deliveries.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(deliveries.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    await Promise.all([runReconciler(c.deps), runReconciler(c.deps)]);
    const row = await giftRowById(c, pending.gift.id);
    expect(row.state).toBe('refunded');
    expect(await movements(c, row.id, 'refund')).toEqual([
      expect.objectContaining({ amountCents: row.totalCents, state: 'succeeded' }),
    ]);
    expect(await fresh(to)).toEqual([]);
    expect((await fresh(pat.email)).map((m) => m.subject)).toEqual([expect.stringMatching(STOPPED_SUBJECT)]);
    expect((await checkLedger(c)).violations).toEqual([]);
  });

  // The pages themselves (the declined page's form, what it says after): tests/e2e/recipient-rights.test.ts.
  it('takes the declined page’s plain form post, and answers nothing of the sender', async () => {
    const c = ctx();
    const fresh = inbox(c);
    const pat = payer(c, 'form');
    const to = `rhea.form.${c.engine}@example.com`;
    const first = await giftFrom(c, to, pat, CARD_A, { securityAnswer: 'Fluffy' });
    const token = await claimLinkOf(c, first.id);
    await fresh(to);
    await startClaim(c, token, 'Fluffy');
    expect((await declineJson(c, token)).statusCode).toBe(200);

    // Another browser (no claim session): refused, and the page says it could not be done.
    const refused = await stop(c, token, '', false);
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(`/claim/${token}?sender-stopped=0`);
    expect(await c.db.select().from(senderStops).where(eq(senderStops.giftId, first.id))).toEqual([]);

    const done = await stop(c, token, claimSessionCookie(c, token), false);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/claim/${token}?sender-stopped=1`);
    const lookup = await c.app.inject({ method: 'GET', url: `/api/gifts/claim/${token}` });
    for (const answer of [refused, done, lookup]) {
      for (const secret of [pat.email, 'Zephyrine', 'Quillfeather', first.publicId]) {
        expect(answer.body).not.toContain(secret);
        expect(JSON.stringify(answer.headers)).not.toContain(secret);
      }
    }
    expect(await c.db.select().from(senderStops).where(eq(senderStops.giftId, first.id))).toHaveLength(1);
    const later = await giftFrom(c, to, pat, CARD_A);
    expect(later.state).toBe('refunding');
    await runReconciler(c.deps);
    expect((await fresh(to)).map((m) => m.subject)).toEqual(['You stopped gifts from one sender']);
  });

  it('answers an unknown or malformed token with a 404, never a 5xx', async () => {
    const c = ctx();
    for (const token of ['A'.repeat(43), 'nope']) {
      const res = await stop(c, token);
      expect(res.statusCode).toBe(404);
    }
  });
});
