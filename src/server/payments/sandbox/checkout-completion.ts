// The sandbox checkout's outcomes, fed to the one event handler as signed, Stripe-shaped events: paid (from the
// hosted page) and expired (when the page is opened late, and by a scheduled job, as Stripe does after 24 h).
import { and, eq, gt, lte } from 'drizzle-orm';
import { sandboxCheckouts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { handleProviderEvent } from '../../services/events/handle-event.js';
import type { ProviderEvent } from '../provider.js';
import { sandboxId, type SandboxCheckoutDetails } from './checkout.js';
import { signSandboxPayload } from './webhooks.js';

export type CheckoutRow = typeof sandboxCheckouts.$inferSelect;

export async function completeCheckout(deps: ServiceDeps, row: CheckoutRow, values: { email: string; name: string }): Promise<void> {
  const paymentIntentId = sandboxId('pi');
  // Conditional: a double-submitted form completes the checkout once.
  const [done] = await deps.db
    .update(sandboxCheckouts)
    .set({ status: 'complete', paymentIntentId, customerEmail: values.email })
    .where(and(eq(sandboxCheckouts.id, row.id), eq(sandboxCheckouts.status, 'open'), gt(sandboxCheckouts.expiresAt, deps.clock.now())))
    .returning();
  if (!done) return;
  const details = row.lines as SandboxCheckoutDetails;
  const event = sessionEvent('checkout.session.completed', done, deps.clock.now(), {
    amount_total: done.totalCents,
    customer_email: values.email,
    customer_details: { email: values.email, name: values.name },
    payment_intent: { id: paymentIntentId, object: 'payment_intent', latest_charge: sandboxId('ch') },
    payment_status: 'paid',
    status: 'complete',
    metadata: details.metadata,
  });
  try {
    await deliver(deps, event);
  } catch (error) {
    // Nothing was recorded: reopen so paying again works.
    await deps.db.update(sandboxCheckouts).set({ status: 'open', paymentIntentId: null }).where(eq(sandboxCheckouts.id, row.id));
    throw error;
  }
}

export async function expireCheckout(deps: ServiceDeps, row: CheckoutRow): Promise<void> {
  const [expired] = await deps.db
    .update(sandboxCheckouts)
    .set({ status: 'expired' })
    .where(and(eq(sandboxCheckouts.id, row.id), eq(sandboxCheckouts.status, 'open')))
    .returning();
  if (!expired) return;
  const details = row.lines as SandboxCheckoutDetails;
  await deliver(
    deps,
    sessionEvent('checkout.session.expired', expired, deps.clock.now(), {
      amount_total: expired.totalCents,
      payment_status: 'unpaid',
      status: 'expired',
      metadata: details.metadata,
    }),
  );
}

/** A Stripe-shaped event with a deterministic id per checkout and type, so a retry is a replay. */
function sessionEvent(type: string, row: CheckoutRow, now: Date, fields: Record<string, unknown>): ProviderEvent {
  return {
    id: `evt_sandbox_${type.split('.').pop()}_${row.id}`,
    type,
    created: Math.floor(now.getTime() / 1000),
    data: {
      object: {
        id: row.id,
        object: 'checkout.session',
        currency: 'usd',
        client_reference_id: row.giftPublicId,
        success_url: row.successUrl,
        cancel_url: row.cancelUrl,
        livemode: false,
        ...fields,
      },
    },
  };
}

/** Signed and verified like a webhook, then handled by the one event handler. */
async function deliver(deps: ServiceDeps, event: ProviderEvent): Promise<void> {
  const payload = JSON.stringify({ object: 'event', livemode: false, ...event });
  const verified = deps.payments.verifyWebhook(Buffer.from(payload), signSandboxPayload(payload));
  await handleProviderEvent(deps, verified);
}

/** The job: expires every open checkout past its expiry (safe on several instances: conditional updates, fixed event ids). */
export async function expireDueCheckouts(deps: ServiceDeps, limit = 100): Promise<number> {
  const due = await deps.db
    .select()
    .from(sandboxCheckouts)
    .where(and(eq(sandboxCheckouts.status, 'open'), lte(sandboxCheckouts.expiresAt, deps.clock.now())))
    .limit(limit);
  for (const row of due) await expireCheckout(deps, row);
  return due.length;
}
