// A paid checkout's card and Radar rating (decision 024). Stripe's checkout.session.completed names the payment
// intent by id only, so the charge's card fingerprint (payment_method_details.card.fingerprint) and Radar's rating
// (outcome.risk_level) are not in it; when they are missing, the payment intent is read with its latest charge
// expanded. Should Stripe not answer, the event goes on without them: the other rules (e-mail, client address,
// amounts) still apply, and the payment itself is not held back by a lookup.
import type Stripe from 'stripe';
import type { AppEvent } from '../events.js';
import type { StripeContext } from './provider.js';

export async function withChargeSignals(ctx: StripeContext, event: AppEvent): Promise<AppEvent> {
  if (event.kind !== 'checkout_paid' || !event.paymentRef) return event;
  if (event.cardFingerprint && event.riskLevel) return event;
  let intent: Stripe.PaymentIntent;
  try {
    intent = await ctx.stripe.paymentIntents.retrieve(event.paymentRef, { expand: ['latest_charge'] });
  } catch {
    return event;
  }
  const latest = intent.latest_charge;
  const charge = latest && typeof latest === 'object' ? latest : null;
  return {
    ...event,
    chargeRef: event.chargeRef ?? (typeof latest === 'string' ? latest : (charge?.id ?? null)),
    cardFingerprint: event.cardFingerprint ?? charge?.payment_method_details?.card?.fingerprint ?? null,
    riskLevel: event.riskLevel ?? charge?.outcome?.risk_level ?? null,
  };
}
