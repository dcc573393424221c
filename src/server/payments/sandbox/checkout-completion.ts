// The sandbox checkout's outcomes, sent to the app as signed webhooks (events-out.ts): paid (from the hosted page)
// and expired (when the page is opened late, and by a scheduled job, as a real provider does after 24 h).
import { createHash } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import { sandboxCheckouts } from '../../db/schema.js';
import type { AppEvent } from '../events.js';
import { sendSandboxEvent, type SandboxDeps } from './events-out.js';
import { sandboxId, type SandboxCheckoutDetails } from './checkout.js';

/** Stripe's own test cards for a charge Radar rates elevated and highest risk (decision 024). */
export const ELEVATED_RISK_CARD = '4000000000009235';
export const HIGHEST_RISK_CARD = '4100000000000019';

export type CheckoutRow = typeof sandboxCheckouts.$inferSelect;

export async function completeCheckout(
  deps: SandboxDeps,
  row: CheckoutRow,
  values: { email: string; name: string; card?: string },
): Promise<void> {
  const paymentIntentId = sandboxId('pi');
  // Conditional: a double-submitted form completes the checkout once.
  const [done] = await deps.db
    .update(sandboxCheckouts)
    .set({ status: 'complete', paymentIntentId, customerEmail: values.email })
    .where(
      and(
        eq(sandboxCheckouts.id, row.id),
        eq(sandboxCheckouts.status, 'open'),
        gt(sandboxCheckouts.expiresAt, deps.clock.now()),
      ),
    )
    .returning();
  if (!done) return;
  const details = row.lines as SandboxCheckoutDetails;
  const event: AppEvent = {
    id: eventId('paid', row),
    kind: 'checkout_paid',
    giftPublicId: row.giftPublicId,
    checkoutId: row.id,
    amountCents: done.totalCents,
    currency: 'usd',
    paymentRef: paymentIntentId,
    chargeRef: sandboxId('ch'),
    payerEmail: values.email,
    payerName: values.name,
    ...cardSignals(values.card, details.riskLevel),
    metadata: details.metadata,
  };
  try {
    await sendSandboxEvent(deps, event);
  } catch (error) {
    // Nothing was recorded: reopen so paying again works.
    await deps.db
      .update(sandboxCheckouts)
      .set({ status: 'open', paymentIntentId: null })
      .where(eq(sandboxCheckouts.id, row.id));
    throw error;
  }
}

/** A declined card, told to the app as Stripe tells a failed payment (each decline is its own event). */
export async function declineCheckout(
  deps: SandboxDeps,
  row: CheckoutRow,
  values: { email: string; card?: string },
): Promise<void> {
  await sendSandboxEvent(deps, {
    id: sandboxId('evt_declined'),
    kind: 'payment_failed',
    giftPublicId: row.giftPublicId,
    payerEmail: values.email || null,
    cardFingerprint: cardSignals(values.card).cardFingerprint,
  });
}

/** Answers whether this call expired the checkout (false when another got there first). */
export async function expireCheckout(deps: SandboxDeps, row: CheckoutRow): Promise<boolean> {
  const [expired] = await deps.db
    .update(sandboxCheckouts)
    .set({ status: 'expired' })
    .where(and(eq(sandboxCheckouts.id, row.id), eq(sandboxCheckouts.status, 'open')))
    .returning();
  if (!expired) return false;
  await sendSandboxEvent(deps, {
    id: eventId('expired', row),
    kind: 'checkout_expired',
    giftPublicId: row.giftPublicId,
    checkoutId: row.id,
  });
  return true;
}

/**
 * What Stripe says of the card: a fingerprint that is the same for one card number on every payment, and Radar's
 * rating of the charge, elevated or highest for Stripe's own test cards for those (checkout-routes.ts), or as the
 * console set it for this checkout.
 */
function cardSignals(
  card: string | undefined,
  rated?: string,
): { cardFingerprint: string | null; riskLevel: string | null } {
  const digits = (card ?? '').replace(/[\s-]/g, '');
  if (!digits) return { cardFingerprint: null, riskLevel: rated ?? null };
  const riskLevel =
    rated ?? (digits === ELEVATED_RISK_CARD ? 'elevated' : digits === HIGHEST_RISK_CARD ? 'highest' : 'normal');
  return { cardFingerprint: createHash('sha256').update(`card:${digits}`).digest('base64url').slice(0, 16), riskLevel };
}

/** A deterministic id per checkout and outcome, so a retry is a replay. */
const eventId = (outcome: string, row: CheckoutRow) => `evt_sandbox_${outcome}_${row.id}`;

/**
 * The job: expires every open checkout past its expiry (safe on several instances: conditional updates, fixed event
 * ids). Answers how many this run expired.
 */
export async function expireDueCheckouts(deps: SandboxDeps, limit = 100): Promise<number> {
  const due = await deps.db
    .select()
    .from(sandboxCheckouts)
    .where(and(eq(sandboxCheckouts.status, 'open'), lte(sandboxCheckouts.expiresAt, deps.clock.now())))
    .limit(limit);
  let expired = 0;
  for (const row of due) if (await expireCheckout(deps, row)) expired++;
  return expired;
}
