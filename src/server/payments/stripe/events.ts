// The Stripe adapter: Stripe events → app events (payments/events.ts). The only place that reads Stripe's
// event and object fields; the rest of the app sees checkout paid, refunds, disputes, reversals, accounts.
import type { AppEvent, AppEventBody } from '../events.js';
import { toConnectedAccount } from './connect.js';
import { GIFT_PUBLIC_ID_METADATA, MOVEMENT_KEY_METADATA } from '../metadata.js';

type Obj = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
/** An expandable field: the id string, or the expanded object's id. */
const idOf = (v: unknown): string | null => str(v) ?? str(obj(v).id);
const metadataOf = (v: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(obj(v)).filter((e): e is [string, string] => typeof e[1] === 'string'));

function checkoutPaid(session: Obj): AppEventBody {
  const details = obj(session.customer_details);
  const metadata = metadataOf(session.metadata);
  const pi = session.payment_intent;
  // The charge, when the payment intent arrives expanded with its latest charge: its card and Radar's rating.
  const charge = obj(obj(pi).latest_charge);
  return {
    kind: 'checkout_paid',
    giftPublicId: metadata[GIFT_PUBLIC_ID_METADATA] ?? str(session.client_reference_id),
    checkoutId: str(session.id),
    amountCents: int(session.amount_total),
    currency: str(session.currency),
    paymentRef: idOf(pi),
    chargeRef: idOf(obj(pi).latest_charge),
    payerEmail: str(details.email) ?? str(session.customer_email),
    payerName: str(details.name),
    cardFingerprint: str(obj(obj(charge.payment_method_details).card).fingerprint),
    riskLevel: str(obj(charge.outcome).risk_level),
    metadata,
  };
}

function checkoutEvent(type: string, session: Obj): AppEventBody {
  switch (type) {
    case 'checkout.session.completed':
      // Delayed payment methods complete unpaid and succeed later (async_payment_succeeded).
      if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
        return checkoutPaid(session);
      return { kind: 'other', providerType: `${type} (${String(session.payment_status)})` };
    case 'checkout.session.async_payment_succeeded':
      return checkoutPaid(session);
    case 'checkout.session.expired':
      return {
        kind: 'checkout_expired',
        giftPublicId: metadataOf(session.metadata)[GIFT_PUBLIC_ID_METADATA] ?? str(session.client_reference_id),
        checkoutId: str(session.id),
      };
    default:
      return { kind: 'other', providerType: type };
  }
}

/** refund.created / refund.updated carry one refund; only a succeeded (or pending) one has moved money. */
function refundEvent(refund: Obj): AppEventBody {
  const status = str(refund.status);
  if (status === 'failed' || status === 'canceled') return { kind: 'other', providerType: `refund (${status})` };
  const metadata = metadataOf(refund.metadata);
  return {
    kind: 'payment_refunded',
    paymentRef: idOf(refund.payment_intent),
    chargeRef: idOf(refund.charge),
    refundRef: str(refund.id) ?? '',
    amountCents: int(refund.amount) ?? 0,
    totalRefundedCents: null,
    reason: str(refund.reason),
    by: metadata[MOVEMENT_KEY_METADATA] ? 'hushgift' : 'outside',
  };
}

/** charge.refunded reports the running total; the newest refund, when listed, names who made it. */
function chargeRefunded(charge: Obj): AppEventBody {
  const listed = (obj(charge.refunds).data as unknown[] | undefined) ?? [];
  const newest = obj(listed[0]);
  const total = int(charge.amount_refunded) ?? 0;
  const ours = Boolean(metadataOf(newest.metadata)[MOVEMENT_KEY_METADATA]);
  return {
    kind: 'payment_refunded',
    paymentRef: idOf(charge.payment_intent),
    chargeRef: str(charge.id),
    refundRef: null,
    amountCents: int(newest.amount) ?? total,
    totalRefundedCents: total,
    reason: str(newest.reason),
    by: ours ? 'hushgift' : 'outside',
  };
}

function disputeEvent(type: string, dispute: Obj): AppEventBody {
  const status = str(dispute.status);
  let kind: 'dispute_opened' | 'dispute_won' | 'dispute_lost';
  if (type === 'charge.dispute.created') kind = 'dispute_opened';
  else if (type === 'charge.dispute.closed' && status === 'lost') kind = 'dispute_lost';
  // won, or an inquiry closed without a chargeback (warning_closed): the money stays.
  else if (type === 'charge.dispute.closed') kind = 'dispute_won';
  else return { kind: 'other', providerType: type };
  return {
    kind,
    disputeRef: str(dispute.id) ?? '',
    paymentRef: idOf(dispute.payment_intent),
    chargeRef: idOf(dispute.charge),
    amountCents: int(dispute.amount) ?? 0,
    reason: str(dispute.reason),
  };
}

/** A declined card on the gift's payment intent: its metadata names the gift, its error the card tried. */
function paymentFailed(intent: Obj): AppEventBody {
  const method = obj(obj(intent.last_payment_error).payment_method);
  return {
    kind: 'payment_failed',
    giftPublicId: metadataOf(intent.metadata)[GIFT_PUBLIC_ID_METADATA] ?? null,
    payerEmail: str(obj(method.billing_details).email),
    cardFingerprint: str(obj(method.card).fingerprint),
  };
}

/** Translates one verified Stripe event. Unknown types become `other` (recorded, not acted on). */
export function toAppEvent(event: Obj): AppEvent {
  const id = str(event.id) ?? '';
  const type = str(event.type) ?? '';
  const object = obj(obj(event.data).object);
  let body: AppEventBody;
  if (type.startsWith('checkout.session.')) body = checkoutEvent(type, object);
  else if (type === 'refund.created' || type === 'refund.updated') body = refundEvent(object);
  else if (type === 'charge.refunded') body = chargeRefunded(object);
  else if (type.startsWith('charge.dispute.')) body = disputeEvent(type, object);
  else if (type === 'payment_intent.payment_failed') body = paymentFailed(object);
  else if (type === 'radar.early_fraud_warning.created') {
    body = {
      kind: 'early_fraud_warning',
      warningRef: str(object.id) ?? '',
      paymentRef: idOf(object.payment_intent),
      chargeRef: idOf(object.charge),
    };
  } else if (type === 'transfer.reversed') {
    body = {
      kind: 'transfer_reversed',
      transferRef: str(object.id) ?? '',
      giftPublicId: str(object.transfer_group),
      amountCents: int(object.amount_reversed) ?? 0,
    };
  } else if (type === 'account.updated') body = { kind: 'payout_account_updated', account: toConnectedAccount(object) };
  else if (type === 'account.application.deauthorized') {
    // A Connect event: the account is the event's own `account`; the object is the application.
    body = { kind: 'payout_account_disconnected', accountId: str(event.account) ?? '' };
  } else body = { kind: 'other', providerType: type };
  return { id, ...body };
}
