// A seeded, reproducible simulation of the money flows (issue 13): gifts paid through the sandbox checkout, each
// living one story — claimed (with parallel completions), left to expire, a claim racing its expiry, refunded in
// the provider's dashboard, paid out then reversed, a movement refused for good, an answer lost after the money
// moved, disputed by the cardholder (won, lost, or lost after the payout), declined by its recipient racing the
// payout (decision 025), a group gift ("give together", decision 026) of several shares sent and claimed (one
// transfer per share) or left to expire (each share refunded), a stolen card's payer sending to themselves (held,
// claimed, rejected: the whole charge refunded), an early fraud warning after the payout — while duplicate and
// out-of-order webhooks arrive, the provider has outages of random length and the
// database is restored from a backup taken days earlier. At the end every invariant of the ledger must hold, the
// provider's own records must agree with it (nothing moved twice), and nothing may be stuck off the attention list.
import { eq, inArray } from 'drizzle-orm';
import {
  giftAttention,
  gifts,
  groupGifts,
  ledgerMovements,
  sandboxRefunds,
  sandboxTransfers,
} from '../../src/server/db/schema.js';
import { openAttention } from '../../src/server/services/attention/items.js';
import { giftRowColumns, type GiftRow } from '../helpers/gift-row.js';
import { DAY, HOUR, MINUTE } from '../../src/server/clock.js';
import { handleProviderEvent } from '../../src/server/services/events/handle-event.js';
import { processExpired } from '../../src/server/services/expiry/expire-and-refund.js';
import { runReconciler } from '../../src/server/services/ledger/reconciler.js';
import { runPayouts } from '../../src/server/services/payouts/job.js';
import { claimSessionCookie, complete, setAccountStatus, startClaim } from '../helpers/claims.js';
import { declinePath } from '../../src/shared/schemas/claim-contract.js';
import { checkLedger, paySandboxGift } from '../helpers/money.js';
import type { TestContext } from '../helpers/test-app.js';
import { restoreSnapshot, takeSnapshot } from './database-snapshot.js';
import { contribute, sendNow, startGroup } from '../helpers/together.js';
import { rejectHeldGift } from '../../src/server/services/risk/decide.js';

/** The operator who decides the simulation's held gifts. */
const OPERATOR = { id: 1, email: 'operator@hushgift.example', ip: '127.0.0.1' };
import type { SimulatedProvider } from './simulated-provider.js';

/**
 * Moves one gift's expiry a day into the past, behind its claim (no grace): due for the expiry job now. The
 * simulation's many gifts share one clock, which must not jump a month for each race, so this one writes the
 * gift's expiry (the API tests reach it by the clock instead: tests/helpers/claims.ts expireBehindClaim).
 */
async function expireBehindClaim(ctx: TestContext, giftId: number): Promise<void> {
  await ctx.db
    .update(gifts)
    .set({ expiresAt: new Date(ctx.clock.now().getTime() - DAY) })
    .where(eq(gifts.id, giftId));
}

export const STORIES = [
  'claimed',
  'expires',
  'claim-races-expiry',
  'dashboard-refund',
  'reversed',
  'refused',
  'answer-lost',
  'dispute-won',
  'dispute-lost',
  'dispute-after-payout',
  'claimed-after-backup',
  'group-claimed',
  'group-expires',
  // The recipient answers, then declines (twice at once) while their completion races it (decision 025).
  'declined',
  'stolen-card-self-gift',
  'fraud-warning-after-payout',
] as const;
export type Story = (typeof STORIES)[number];
/** Relative weights of the stories, in STORIES order. */
const WEIGHTS = [32, 17, 7, 7, 7, 7, 7, 5, 4, 4, 3, 4, 3, 5, 4, 3];

export interface SimulationFigures {
  seed: number;
  gifts: number;
  stories: Record<Story, number>;
  movements: number;
  attempts: number;
  retries: number;
  attentionItems: number;
  outages: number;
  outageErrors: number;
  lostAnswers: number;
  refused: number;
  forgottenKeys: number;
  foundMoved: number;
  duplicateEvents: number;
  restores: number;
  seconds: number;
  violations: string[];
}

/** mulberry32: small, fast and the same on every machine, so a seed replays a run exactly. */
export function randomFrom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SimGift {
  story: Story;
  /** A group gift's lead share: it carries the group's one claim. */
  lead?: boolean;
  id: number;
  publicId: string;
  claimToken: string;
  paymentIntentId: string;
  chargeId: string | null;
  checkoutId: string;
  totalCents: number;
  amountCents: number;
}

const simOf = (gift: GiftRow) => ({
  id: gift.id,
  publicId: gift.publicId,
  paymentIntentId: gift.paymentIntentId!,
  chargeId: gift.chargeId,
  checkoutId: gift.checkoutSessionId!,
  totalCents: gift.totalCents,
  amountCents: gift.amountCents,
});

let groups = 0;

/** A group gift paid by `count` contributors through the checkout and sent: its shares, the lead marked. */
async function payGroup(ctx: TestContext, story: Story, count: number, amount: () => number): Promise<SimGift[]> {
  groups++;
  const group = await startGroup(ctx);
  const shares = [];
  for (let i = 0; i < count; i++) {
    const payer = { name: 'Pat Payer', email: `group${groups}.payer${i}@example.com` };
    shares.push((await contribute(ctx, group.shareToken, amount(), payer)).share);
  }
  const sent = await sendNow(ctx, group.organiserToken);
  if (sent.statusCode !== 200) throw new Error(`send answered ${sent.statusCode}: ${sent.body}`);
  const mail = await ctx.flushEmails(group.recipientEmail);
  const claimToken = /\/claim\/([A-Za-z0-9_-]{43})/.exec(mail.at(-1)?.textBody ?? '')?.[1];
  if (!claimToken) throw new Error('no claim e-mail for the group');
  const [lead] = await ctx.db
    .select({ id: groupGifts.leadGiftId })
    .from(groupGifts)
    .where(eq(groupGifts.id, shares[0]!.groupGiftId!));
  return shares.map((share) => ({ story, ...simOf(share), claimToken, lead: share.id === lead!.id }));
}

type Action = {
  at: number;
  gift: SimGift;
  step:
    | 'claim'
    | 'race'
    | 'decline'
    | 'refund'
    | 'reverse'
    | 'replay'
    | 'dispute_opened'
    | 'dispute_won'
    | 'dispute_lost'
    | 'reject'
    | 'fraud_warning';
};

export async function simulateMoney(
  ctx: TestContext,
  provider: SimulatedProvider,
  options: { gifts: number; seed: number },
): Promise<SimulationFigures> {
  const started = Date.now();
  const random = randomFrom(options.seed);
  const pick = <T>(items: readonly T[], weights: number[]): T => {
    let r = random() * weights.reduce((a, b) => a + b, 0);
    for (const [i, item] of items.entries()) if ((r -= weights[i]!) < 0) return item;
    return items.at(-1)!;
  };
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const figures: SimulationFigures = {
    seed: options.seed,
    gifts: options.gifts,
    stories: Object.fromEntries(STORIES.map((s) => [s, 0])) as Record<Story, number>,
    movements: 0,
    attempts: 0,
    retries: 0,
    attentionItems: 0,
    outages: 0,
    outageErrors: 0,
    lostAnswers: 0,
    refused: 0,
    forgottenKeys: 0,
    foundMoved: 0,
    duplicateEvents: 0,
    restores: 0,
    seconds: 0,
    violations: [],
  };
  const { clock, deps } = ctx;
  const simGifts: SimGift[] = [];
  const agenda: Action[] = [];
  const now = () => clock.now().getTime();
  const event = async (body: Parameters<typeof handleProviderEvent>[1]) => {
    if ((await handleProviderEvent(deps, body)).duplicate) figures.duplicateEvents++;
  };
  const runJobs = async () => {
    const run = await runReconciler(deps);
    figures.retries += run.retrying;
    await runPayouts(deps);
    await processExpired(deps);
  };

  const claimWithAccount = async (gift: SimGift) => {
    const account = await startClaim(ctx, gift.claimToken, 'Rex');
    await setAccountStatus(ctx, account, 'verified');
  };

  const act = async ({ gift, step }: Action) => {
    if (step === 'claim') {
      if (gift.story === 'refused') provider.faults.refuseNext.add(gift.publicId);
      if (gift.story === 'answer-lost') provider.faults.loseAnswer.add(gift.publicId);
      await claimWithAccount(gift);
      // The recipient's browser returns twice at once (two tabs, a double click).
      await Promise.all([complete(ctx, gift.claimToken), complete(ctx, gift.claimToken)]);
    } else if (step === 'decline') {
      await claimWithAccount(gift);
      const decline = () =>
        ctx.app.inject({
          method: 'POST',
          url: declinePath(gift.claimToken),
          headers: { 'content-type': 'application/json', cookie: claimSessionCookie(ctx, gift.claimToken)! },
          payload: '{}',
        });
      await Promise.all([decline(), decline(), complete(ctx, gift.claimToken)]);
    } else if (step === 'race') {
      await claimWithAccount(gift);
      await expireBehindClaim(ctx, gift.id);
      await Promise.all([complete(ctx, gift.claimToken), processExpired(deps)]);
    } else if (step === 'refund') {
      // Someone refunds the whole payment in the provider's dashboard: the provider records it, then tells us.
      const refundId = `re_outside_${gift.publicId}`;
      await ctx.db.insert(sandboxRefunds).values({
        id: refundId,
        idempotencyKey: `dashboard-${gift.publicId}`,
        paymentIntentId: gift.paymentIntentId,
        amountCents: gift.totalCents,
        createdAt: clock.now(),
      });
      const refunded = {
        id: `evt_sim_refund_${gift.publicId}`,
        kind: 'payment_refunded' as const,
        paymentRef: gift.paymentIntentId,
        chargeRef: gift.chargeId,
        refundRef: refundId,
        amountCents: gift.totalCents,
        totalRefundedCents: null,
        reason: 'requested_by_customer',
        by: 'outside' as const,
      };
      await event(refunded);
      await event(refunded);
    } else if (step === 'reverse') {
      const [row] = await ctx.db.select(giftRowColumns).from(gifts).where(eq(gifts.id, gift.id));
      if (!row?.transferId) {
        // Not paid out yet (an outage): try again later.
        agenda.push({ at: now() + HOUR, gift, step });
        return;
      }
      await event({
        id: `evt_sim_reversal_${gift.publicId}`,
        kind: 'transfer_reversed',
        transferRef: row.transferId,
        giftPublicId: gift.publicId,
        amountCents: gift.amountCents,
      });
    } else if (step === 'dispute_opened' || step === 'dispute_won' || step === 'dispute_lost') {
      const dispute = {
        id: `evt_sim_${step}_${gift.publicId}`,
        kind: step,
        disputeRef: `dp_sim_${gift.publicId}`,
        paymentRef: gift.paymentIntentId,
        chargeRef: gift.chargeId,
        amountCents: gift.totalCents,
        reason: 'fraudulent',
      };
      await event(dispute);
      await event(dispute);
    } else if (step === 'reject') {
      // An operator rejects the held gift (decision 024): the whole charge goes back, whatever the provider does.
      await rejectHeldGift(deps, gift.id, OPERATOR);
    } else if (step === 'fraud_warning') {
      const [row] = await ctx.db.select().from(gifts).where(eq(gifts.id, gift.id));
      if (row?.state !== 'claimed') {
        // Not paid out yet (an outage): the warning of this story comes after the payout.
        agenda.push({ at: now() + HOUR, gift, step });
        return;
      }
      const warning = {
        id: `evt_sim_efw_${gift.publicId}`,
        kind: 'early_fraud_warning' as const,
        warningRef: `issfr_sim_${gift.publicId}`,
        paymentRef: gift.paymentIntentId,
        chargeRef: gift.chargeId,
      };
      await event(warning);
      await event(warning);
    } else if (step === 'replay') {
      // The paid event again, and a late "expired" for the same checkout: neither may change a paid gift.
      const paid = await provider.retrieveCheckout(gift.checkoutId);
      await event(paid);
      await event({
        id: `evt_sim_late_expired_${gift.publicId}`,
        kind: 'checkout_expired',
        giftPublicId: gift.publicId,
        checkoutId: gift.checkoutId,
      });
    }
  };

  // Phase 1: gifts arrive over about three days, each with its story scheduled; jobs run every 10 minutes.
  const STEP = 10 * MINUTE;
  const runDue = async () => {
    agenda.sort((a, b) => a.at - b.at);
    while (agenda.length > 0 && agenda[0]!.at <= now()) await act(agenda.shift()!);
  };
  const maybeOutage = () => {
    if (now() >= provider.faults.outageUntil.getTime() && random() < 0.01) {
      figures.outages++;
      provider.faults.outageUntil = new Date(now() + between(5, 240) * MINUTE);
    }
  };
  for (let i = 0; i < options.gifts; i++) {
    const story = pick(STORIES, WEIGHTS);
    figures.stories[story]++;
    let sim: SimGift;
    if (story === 'group-claimed' || story === 'group-expires') {
      // A group of 2 to 4 shares, sent by its organiser at once; the recipient's one claim link is the lead's.
      const shares = await payGroup(ctx, story, between(2, 4), () => between(5, 200) * 100 + between(0, 99));
      simGifts.push(...shares);
      sim = shares.find((s) => s.lead)!;
    } else {
      // A stolen card's payer sends the gift to their own mailbox (a +tag apart): held for review at payment.
      const thief = story === 'stolen-card-self-gift' ? `thief${i}.${ctx.engine}@example.com` : undefined;
      const { gift, claimToken } = await paySandboxGift(
        ctx,
        {
          amountCents: between(5, 500) * 100 + between(0, 99),
          tipCents: random() < 0.5 ? 0 : between(1, 2000),
          ...(thief ? { recipientEmail: thief.replace('@', '+me@') } : {}),
        },
        thief,
      );
      sim = { story, ...simOf(gift), claimToken };
      simGifts.push(sim);
    }
    const later = (min: number, max: number) => now() + between(min, max) * MINUTE;
    if (random() < 0.3) agenda.push({ at: later(0, 120), gift: sim, step: 'replay' });
    if (
      story === 'claimed' ||
      story === 'group-claimed' ||
      story === 'refused' ||
      story === 'answer-lost' ||
      story === 'reversed'
    )
      agenda.push({ at: later(1, 3 * 24 * 60), gift: sim, step: 'claim' });
    if (story === 'reversed') agenda.push({ at: later(4 * 24 * 60, 6 * 24 * 60), gift: sim, step: 'reverse' });
    if (story === 'stolen-card-self-gift') {
      // The payer claims it at once; the payout waits on the review, which rejects it within a day.
      agenda.push({ at: later(1, 60), gift: sim, step: 'claim' });
      agenda.push({ at: later(2 * 60, 24 * 60), gift: sim, step: 'reject' });
    }
    if (story === 'fraud-warning-after-payout') {
      agenda.push({ at: later(1, 60), gift: sim, step: 'claim' });
      agenda.push({ at: later(2 * 24 * 60, 3 * 24 * 60), gift: sim, step: 'fraud_warning' });
    }
    if (story === 'claim-races-expiry') agenda.push({ at: later(1, 3 * 24 * 60), gift: sim, step: 'race' });
    if (story === 'declined') agenda.push({ at: later(1, 3 * 24 * 60), gift: sim, step: 'decline' });
    if (story === 'dashboard-refund') agenda.push({ at: later(1, 10 * 24 * 60), gift: sim, step: 'refund' });
    if (story === 'dispute-won' || story === 'dispute-lost') {
      // Opened before the recipient claims: the payout waits for the outcome.
      agenda.push({ at: later(1, 60), gift: sim, step: 'dispute_opened' });
      agenda.push({ at: later(24 * 60, 2 * 24 * 60), gift: sim, step: 'claim' });
      agenda.push({
        at: later(3 * 24 * 60, 4 * 24 * 60),
        gift: sim,
        step: story === 'dispute-won' ? 'dispute_won' : 'dispute_lost',
      });
    }
    if (story === 'dispute-after-payout') {
      agenda.push({ at: later(1, 60), gift: sim, step: 'claim' });
      agenda.push({ at: later(2 * 24 * 60, 3 * 24 * 60), gift: sim, step: 'dispute_opened' });
      agenda.push({ at: later(4 * 24 * 60, 5 * 24 * 60), gift: sim, step: 'dispute_lost' });
    }

    // Gifts arrive every few minutes; time moves in job-sized steps.
    const next = now() + between(1, Math.max(1, Math.round((3 * DAY) / options.gifts / MINUTE))) * MINUTE;
    while (now() + STEP <= next) {
      clock.advance(STEP);
      maybeOutage();
      await runDue();
      await runJobs();
    }
  }

  // Phase 2: the stories play out; then a backup is taken, and 29 days later (after the expiries and their
  // refunds, and past the provider's 24 h memory of idempotency keys) the database is restored from it.
  const tick = async (step: number) => {
    clock.advance(step);
    maybeOutage();
    await runDue();
    await runJobs();
  };
  while (agenda.length > 0) await tick(STEP);
  const snapshot = await takeSnapshot(ctx.db);
  const restoreAt = now() + 29 * DAY;
  // Claimed and paid out after the backup: the restore forgets the claim, and the expiry must not refund money
  // the provider already paid out.
  for (const gift of simGifts.filter((g) => g.story === 'claimed-after-backup'))
    agenda.push({ at: now() + between(1, 24 * 60) * MINUTE, gift, step: 'claim' });
  while (now() < restoreAt) await tick(now() < provider.faults.outageUntil.getTime() ? STEP : HOUR);
  await restoreSnapshot(ctx.db, snapshot);
  figures.restores++;
  for (let i = 0; i < 7 * 24; i++) await tick(HOUR);
  // The provider is healthy for the last stretch, so every retryable movement must have settled.
  provider.faults.outageUntil = new Date(0);
  for (let i = 0; i < 48; i++) {
    clock.advance(HOUR);
    await runJobs();
  }

  figures.violations.push(...(await checkLedger(ctx)).violations);
  figures.violations.push(...(await checkProviderAgrees(ctx, simGifts)));
  const movements = await ctx.db.select().from(ledgerMovements);
  figures.movements = movements.length;
  figures.attempts = movements.reduce((n, m) => n + m.attempts, 0);
  figures.attentionItems = new Set(
    (await ctx.db.select({ giftId: giftAttention.giftId }).from(giftAttention).where(openAttention())).map(
      (g) => g.giftId,
    ),
  ).size;
  Object.assign(figures, {
    outageErrors: provider.faults.counts.outageErrors,
    lostAnswers: provider.faults.counts.lostAnswers,
    refused: provider.faults.counts.refused,
    forgottenKeys: provider.faults.counts.forgottenKeys,
    foundMoved: provider.faults.counts.foundMoved,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  });
  return figures;
}

/**
 * The provider's side, per gift: at most one payout and at most one Hushgift refund, never both; each one the
 * ledger records; and each story ended where it must.
 */
async function checkProviderAgrees(ctx: TestContext, simGifts: SimGift[]): Promise<string[]> {
  const violations: string[] = [];
  const rows = await ctx.db
    .select(giftRowColumns)
    .from(gifts)
    .where(
      inArray(
        gifts.id,
        simGifts.map((g) => g.id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const transfers = await ctx.db.select().from(sandboxTransfers);
  const refunds = await ctx.db.select().from(sandboxRefunds);
  const movements = await ctx.db.select().from(ledgerMovements);
  for (const sim of simGifts) {
    const row = byId.get(sim.id);
    const at = `gift ${sim.publicId} (${sim.story}, ${row?.status})`;
    if (!row) {
      violations.push(`${at}: missing after the restore`);
      continue;
    }
    const paidOut = transfers.filter((t) => t.transferGroup === sim.publicId);
    const refunded = refunds.filter(
      (r) => r.paymentIntentId === sim.paymentIntentId && !r.id.startsWith('re_outside_'),
    );
    const mine = movements.filter((m) => m.giftId === sim.id && m.origin === 'hushgift' && m.state === 'succeeded');
    if (paidOut.length > 1) violations.push(`${at}: paid out ${paidOut.length} times`);
    if (refunded.length > 1) violations.push(`${at}: refunded ${refunded.length} times`);
    if (paidOut.length > 0 && refunded.length > 0) violations.push(`${at}: both paid out and refunded`);
    const ledgerTransfers = mine.filter((m) => m.kind === 'transfer').length;
    const ledgerRefunds = mine.filter((m) => m.kind === 'refund').length;
    if (sim.story === 'claimed-after-backup') {
      // The payout the restored database forgot stays unknown to the ledger until an operator looks; nothing else
      // may have moved.
      if (paidOut.length !== 1 || ledgerTransfers !== 0)
        violations.push(`${at}: paid out ${paidOut.length}, ledger transfers ${ledgerTransfers}`);
      if (!/restored from an older backup/.test(row.needsAttention ?? ''))
        violations.push(`${at}: not flagged as restored: ${row.needsAttention}`);
    } else if (ledgerTransfers !== paidOut.length)
      violations.push(`${at}: provider paid out ${paidOut.length}, ledger says ${ledgerTransfers}`);
    if (ledgerRefunds !== refunded.length)
      violations.push(`${at}: provider refunded ${refunded.length}, ledger says ${ledgerRefunds}`);
    const expected: Record<Story, string[]> = {
      claimed: ['claimed'],
      'answer-lost': ['claimed'],
      reversed: ['claimed'],
      expires: ['refunded'],
      'claim-races-expiry': ['claimed', 'refunded'],
      'dashboard-refund': ['refunded'],
      // Refused for good: the payout stopped, the gift waits for an operator.
      refused: ['paid'],
      'dispute-won': ['claimed'],
      'dispute-lost': ['disputed'],
      'dispute-after-payout': ['disputed'],
      // Expired again after the restore; its refund stopped because the provider had paid the gift out.
      'claimed-after-backup': ['expired'],
      'group-claimed': ['claimed'],
      'group-expires': ['refunded'],
      // Declined, or paid out first when the completion won the race.
      declined: ['claimed', 'refunded'],
      // Held at payment, claimed, rejected by an operator: the whole charge refunded, nothing paid out.
      'stolen-card-self-gift': ['refunded'],
      // Paid out, then the card network's early fraud warning: an attention item, the money already gone.
      'fraud-warning-after-payout': ['claimed'],
    };
    if (!expected[sim.story].includes(row.status)) violations.push(`${at}: ended ${row.status}`);
    if (sim.story === 'dispute-lost' && paidOut.length > 0) violations.push(`${at}: paid out during its dispute`);
    if (sim.story === 'stolen-card-self-gift') {
      const back = refunded.reduce((n, r) => n + r.amountCents, 0);
      if (paidOut.length > 0 || back !== sim.totalCents)
        violations.push(`${at}: paid out ${paidOut.length}, refunded ${back} of ${sim.totalCents}`);
    }
    // A lost dispute is a loss to flag only when the money had already gone out.
    const mustBeFlagged =
      sim.story === 'refused' ||
      sim.story === 'claimed-after-backup' ||
      sim.story === 'reversed' ||
      sim.story === 'fraud-warning-after-payout' ||
      (sim.story === 'dispute-after-payout' && paidOut.length + refunded.length > 0);
    if (mustBeFlagged && !row.needsAttention) violations.push(`${at}: not on the attention list`);
    if (!mustBeFlagged && row.needsAttention) violations.push(`${at}: on the attention list: ${row.needsAttention}`);
  }
  return violations;
}
