// checkout.session.completed / .async_payment_succeeded: pending → paid exactly once, then the recipient's
// notification and the sender's receipt in the same transaction. checkout.session.expired: a still-pending
// gift is marked abandoned. Every change is a conditional update, so replays and out-of-order events do nothing.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { donors, gifts } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProviderEvent } from '../../payments/provider.js';
import { DAY } from '../../clock.js';
import { CLAIM_WINDOW_DAYS } from '../../../shared/constants.js';
import { queueEmail } from '../../email/outbox.js';
import { senderReceiptEmail } from '../../email/templates/sender-receipt.js';
import { sendClaimLink } from '../gifts/claim-link.js';
import { issueDonorSignInLink } from '../donors/sign-in-link.js';
import { DONOR_OPT_IN_METADATA } from '../gifts/create-gift.js';

export const GIFT_PUBLIC_ID_METADATA = 'gift_public_id';

/** The parts of a Stripe Checkout Session we read (the sandbox emits the same shape). */
interface SessionObject {
  id?: string;
  payment_status?: string;
  payment_intent?: string | { id?: string; latest_charge?: string | { id?: string } | null } | null;
  customer_email?: string | null;
  customer_details?: { email?: string | null; name?: string | null } | null;
  metadata?: Record<string, string> | null;
  client_reference_id?: string | null;
}

export async function handleCheckoutEvent(tx: Tx, deps: ServiceDeps, event: ProviderEvent): Promise<void> {
  const session = event.data.object as SessionObject;
  switch (event.type) {
    case 'checkout.session.completed':
      // Delayed payment methods complete unpaid and succeed later (async_payment_succeeded).
      if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') await markPaid(tx, deps, session);
      return;
    case 'checkout.session.async_payment_succeeded':
      await markPaid(tx, deps, session);
      return;
    case 'checkout.session.expired':
      await markAbandoned(tx, deps, session);
      return;
    default:
    // Other checkout events are recorded and ignored.
  }
}

function giftMatch(session: SessionObject) {
  const publicId = session.metadata?.[GIFT_PUBLIC_ID_METADATA] ?? session.client_reference_id;
  if (publicId) return eq(gifts.publicId, publicId);
  if (session.id) return eq(gifts.checkoutSessionId, session.id);
  return null;
}

function idOf(value: string | { id?: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : (value.id ?? null);
}

/** "Jane Q Public" → Jane / Q Public. */
export function splitName(name: string | null | undefined): { first: string | null; last: string | null } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { first: null, last: null };
  return { first: parts[0]!, last: parts.slice(1).join(' ') || null };
}

async function markPaid(tx: Tx, deps: ServiceDeps, session: SessionObject): Promise<void> {
  const match = giftMatch(session);
  if (!match) return;
  const now = deps.clock.now();
  const senderEmail = session.customer_details?.email ?? session.customer_email ?? null;
  const { first, last } = splitName(session.customer_details?.name);
  const pi = session.payment_intent;
  const paymentIntentId = idOf(pi);
  const chargeId = pi && typeof pi === 'object' ? idOf(pi.latest_charge) : null;

  const [gift] = await tx
    .update(gifts)
    .set({
      status: 'paid',
      paidAt: now,
      expiresAt: new Date(now.getTime() + CLAIM_WINDOW_DAYS * DAY),
      paymentIntentId,
      chargeId,
      checkoutSessionId: sql`coalesce(${gifts.checkoutSessionId}, ${session.id ?? null})`,
      senderFirstName: first,
      senderLastName: last,
      senderEmail,
      abandonedAt: null,
    })
    .where(and(match, eq(gifts.status, 'pending')))
    .returning();
  if (!gift) return; // already paid (replay), or unknown

  await keepDonorOnlyIfPayer(tx, deps, gift, senderEmail, session.metadata?.[DONOR_OPT_IN_METADATA] === 'true');
  await sendClaimLink(tx, deps, gift.id, { dedupeKey: `gift:${gift.id}:notify` });
  if (senderEmail) {
    await queueEmail(tx, deps.clock, {
      kind: 'sender-receipt',
      to: senderEmail,
      replyTo: deps.config.supportEmail,
      giftId: gift.id,
      dedupeKey: `gift:${gift.id}:receipt`,
      ...senderReceiptEmail({
        senderFirstName: first,
        recipientFirstName: gift.recipientFirstName ?? 'your recipient',
        amountCents: gift.amountCents,
        feeCents: gift.feeCents,
        tipCents: gift.tipCents,
        totalCents: gift.totalCents,
        paidAt: now,
        expiresAt: gift.expiresAt!,
      }),
    });
  }
}

/** A donor only ever sees gifts they paid for: the checkout e-mail must be the donor's. */
async function keepDonorOnlyIfPayer(
  tx: Tx,
  deps: ServiceDeps,
  gift: typeof gifts.$inferSelect,
  senderEmail: string | null,
  optedIn: boolean,
): Promise<void> {
  if (gift.donorId === null) return;
  const [donor] = await tx.select().from(donors).where(eq(donors.id, gift.donorId));
  const isPayer = Boolean(donor && senderEmail && donor.email.toLowerCase() === senderEmail.toLowerCase());
  if (!isPayer) {
    await tx.update(gifts).set({ donorId: null }).where(eq(gifts.id, gift.id));
    return;
  }
  if (optedIn) await issueDonorSignInLink(tx, deps, gift.donorId);
}

async function markAbandoned(tx: Tx, deps: ServiceDeps, session: SessionObject): Promise<void> {
  const match = giftMatch(session);
  if (!match) return;
  await tx
    .update(gifts)
    .set({ abandonedAt: deps.clock.now() })
    .where(and(match, eq(gifts.status, 'pending'), isNull(gifts.abandonedAt)));
}
