// checkout_paid: pending → paid exactly once, then the recipient's notification and the sender's receipt in the
// same transaction (checkout_expired is one statement of its own: expired-checkout.ts). Every change is a
// conditional update, so replays and out-of-order events do nothing.
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { donors, giftDeliveries, gifts } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import type { AppEvent } from '../../payments/events.js';
import { CLAIM_WINDOW_DAYS } from '../../../shared/constants.js';
import { queueEmail } from '../../email/outbox.js';
import { senderReceiptEmail } from '../../email/templates/sender-receipt.js';
import { sendClaimLink } from '../gifts/claim-link.js';
import { manageUrl, mintGiftLink } from '../gifts/gift-links.js';
import { issueDonorSignInLink } from '../donors/sign-in-link.js';
import { DONOR_OPT_IN_METADATA } from '../gifts/create-gift.js';
import { postCharge, postMovement } from '../ledger/post.js';
import { movementKey } from '../ledger/accounts.js';
import { transition } from '../gift-lifecycle/transition.js';
import { lockGroupOfGift, refundLateShare } from '../together/shares.js';
import { evaluatePayment } from '../risk/evaluate-payment.js';
import { raiseAttention } from '../attention/items.js';
import { writePayment } from '../gifts/payment-refs.js';
import { recordSender } from '../gifts/sender.js';

type CheckoutPaid = Extract<AppEvent, { kind: 'checkout_paid' }>;

const d = giftDeliveries;
/** A column of the gift's delivery row, in a statement on gifts. */
const deliveryOf = (column: typeof d.deliverAt | typeof d.deliveryTimeZone) =>
  sql`(select ${column} from ${d} where ${d.giftId} = ${gifts.id})`;

export async function handleCheckoutEvent(tx: Tx, deps: ServiceDeps, event: AppEvent): Promise<void> {
  if (event.kind === 'checkout_paid') await markPaid(tx, deps, event);
}

function giftMatch(event: CheckoutPaid) {
  if (event.giftPublicId) return eq(gifts.publicId, event.giftPublicId);
  if (event.checkoutId) return eq(gifts.checkoutSessionId, event.checkoutId);
  return null;
}

/** Why a paid checkout does not match its gift, or null when amount and currency are as expected. */
export function paymentMismatch(event: CheckoutPaid, totalCents: number): string | null {
  const currency = (event.currency ?? 'usd').toLowerCase();
  if (event.amountCents === totalCents && currency === 'usd') return null;
  const paid = `${event.amountCents ?? 'an unknown amount of'} ${currency.toUpperCase()} cents`;
  return `Payment does not match the gift: paid ${paid}, expected ${totalCents} USD cents. No claim e-mail was sent.`;
}

/** "Jane Q Public" → Jane / Q Public. */
export function splitName(name: string | null | undefined): { first: string | null; last: string | null } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { first: null, last: null };
  return { first: parts[0]!, last: parts.slice(1).join(' ') || null };
}

async function markPaid(tx: Tx, deps: ServiceDeps, event: CheckoutPaid): Promise<void> {
  const match = giftMatch(event);
  if (!match) return;
  const now = deps.clock.now();
  const senderEmail = event.payerEmail;
  const { first, last } = splitName(event.payerName);
  const paymentIntentId = event.paymentRef;
  const chargeId = event.chargeRef;

  // A share of a group gift (decision 026): its group is locked first (the send locks it too), then the gift.
  const group = await lockGroupOfGift(tx, match, 'share');
  // A scheduled gift's claim window starts on its delivery day; one paid after that day is delivered now.
  const deliveredAt = sql`greatest(coalesce(${deliveryOf(d.deliverAt)}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz)`;
  const [gift] = await transition(
    tx,
    match,
    {
      to: 'paid',
      at: now,
      set: {
        paidAt: now,
        expiresAt: sql`${deliveredAt} + ${CLAIM_WINDOW_DAYS} * interval '1 day'`,
        checkoutSessionId: sql`coalesce(${gifts.checkoutSessionId}, ${event.checkoutId})`,
        abandonedAt: null,
      },
    },
    {
      ...getTableColumns(gifts),
      deliverAt: sql<Date | null>`${deliveryOf(d.deliverAt)}`.mapWith(d.deliverAt),
      deliveryTimeZone: sql<string | null>`${deliveryOf(d.deliveryTimeZone)}`,
    },
  );
  if (!gift) return; // already paid (replay), or unknown
  await writePayment(tx, gift.id, { paymentIntentId, chargeId });
  // Who paid, with the move (the gift's row is locked by it).
  await recordSender(tx, gift.id, { senderFirstName: first, senderLastName: last, senderEmail });

  // A payment that differs from the gift (amount or currency) is held for an operator: no claim e-mail.
  const mismatch = paymentMismatch(event, gift.totalCents);
  if (mismatch) {
    await raiseAttention(tx, gift.id, 'payment_mismatch', mismatch, now);
    // What was taken is held whole until an operator sorts it out.
    if (event.amountCents && event.amountCents > 0) {
      const idempotencyKey = movementKey(deps.config.providerKeyPrefix, gift.publicId, 'charge');
      await postMovement(tx, {
        giftId: gift.id,
        kind: 'charge',
        amountCents: event.amountCents,
        idempotencyKey,
        providerRef: paymentIntentId,
        now,
      });
    }
    return;
  }
  await postCharge(tx, gift, deps.config.providerKeyPrefix, paymentIntentId, now);
  // Held or not, the gift is paid and its recipient told: a hold only keeps the transfer back (decision 024). A
  // payment the provider rates highest risk is refunded whole instead: no claim link, no receipt (the refund's
  // e-mail tells the sender).
  if ((await evaluatePayment(tx, deps, gift, event, now)).refunded) return;

  await keepDonorOnlyIfPayer(tx, deps, gift, senderEmail, event.metadata[DONOR_OPT_IN_METADATA] === 'true');
  const scheduled = gift.deliverAt !== null && gift.deliverAt > now;
  // A scheduled gift is delivered by the delivery job (services/delivery/deliver-scheduled.ts) on its day; a share
  // goes with its group (together/send.ts), and one paid after its group went is refunded.
  if (group && group.state !== 'open') await refundLateShare(tx, deps, gift, now);
  else if (!scheduled && !group) await sendClaimLink(tx, deps, gift.id, { dedupeKey: `gift:${gift.id}:notify` });
  if (senderEmail) {
    const manageToken = await mintGiftLink(tx, deps.clock, gift.id, 'manage');
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
        deliverAt: scheduled ? gift.deliverAt : null,
        deliveryTimeZone: gift.deliveryTimeZone,
        manageUrl: manageUrl(deps.config.publicUrl, manageToken),
        share: group ? { deadlineAt: group.deadlineAt, refunded: group.state !== 'open' } : null,
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
