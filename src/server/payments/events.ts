// Provider events in the app's own words (decision 014). Adapters translate what their provider sends into
// these; everything outside an adapter reads only these fields. `id` is the provider's event id (or a
// deterministic id for the sandbox), so a replay is recognised and handled once.
import type { ConnectedAccount } from './provider.js';

/** Who made a refund: Hushgift through its reconciler, or someone in the provider's dashboard. */
export type RefundedBy = 'hushgift' | 'outside';

export type AppEventBody =
  | {
      kind: 'checkout_paid';
      /** The gift's public id as given when the checkout was opened (null when the provider did not echo it). */
      giftPublicId: string | null;
      checkoutId: string | null;
      amountCents: number | null;
      currency: string | null;
      paymentRef: string | null;
      /** The charge funding the payment, when the provider names it in the event. */
      chargeRef: string | null;
      payerEmail: string | null;
      payerName: string | null;
      /** The card's fingerprint (one card across payments), when the provider gives it (decision 024). */
      cardFingerprint?: string | null;
      /** The provider's risk rating of the charge: normal, elevated, highest; null when it gives none. */
      riskLevel?: string | null;
      /** The metadata Hushgift attached to the checkout, echoed back. */
      metadata: Record<string, string>;
    }
  | { kind: 'checkout_expired'; giftPublicId: string | null; checkoutId: string | null }
  /** The card network warns that the charge is likely fraud (Stripe Radar's early fraud warning). */
  | { kind: 'early_fraud_warning'; warningRef: string; paymentRef: string | null; chargeRef: string | null }
  /** A card payment of the gift's checkout was declined (counted against card testing, decision 024). */
  | {
      kind: 'payment_failed';
      giftPublicId: string | null;
      payerEmail: string | null;
      cardFingerprint: string | null;
    }
  | {
      kind: 'payment_refunded';
      paymentRef: string | null;
      chargeRef: string | null;
      /** The refund's own reference; null when the provider reported only the running total. */
      refundRef: string | null;
      amountCents: number;
      /** The payment's whole refunded amount so far, when the provider reports it. */
      totalRefundedCents: number | null;
      reason: string | null;
      by: RefundedBy;
    }
  | {
      kind: 'dispute_opened' | 'dispute_won' | 'dispute_lost';
      disputeRef: string;
      paymentRef: string | null;
      chargeRef: string | null;
      amountCents: number;
      reason: string | null;
    }
  | { kind: 'transfer_reversed'; transferRef: string; giftPublicId: string | null; amountCents: number }
  | { kind: 'payout_account_updated'; account: ConnectedAccount }
  | { kind: 'payout_account_disconnected'; accountId: string }
  /** Anything else the provider sends: recorded, not acted on. */
  | { kind: 'other'; providerType: string };

export type AppEvent = AppEventBody & { id: string };
export type AppEventKind = AppEvent['kind'];
