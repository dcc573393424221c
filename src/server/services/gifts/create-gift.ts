// Creating a gift: open a checkout with the provider, then store the gift as pending with it (answer only as an
// argon2id hash). The claim token is minted at payment (services/gifts/claim-link.ts): tokens are stored only
// hashed, so a link can only be e-mailed at the moment it is created.
import { payerIdentity } from '../risk/payer-identity.js';
import { isLargeGift } from '../risk/rules.js';
import { eq, sql } from 'drizzle-orm';
import { donors, giftDeliveries, giftPayers, gifts } from '../../db/schema.js';
import { preparedPerDb } from '../../db/prepared.js';
import type { DbOrTx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import { AppError, badRequest } from '../../errors.js';
import { hashSecret, newPublicId, normaliseAnswer } from '../../crypto.js';
import { HOUR } from '../../clock.js';
import { giftTotals } from '../../../shared/money.js';
import type { CreateGiftInput, DeliveryInput, DonorAccountInput } from '../../../shared/schemas/gift.js';
import { deliveryDayProblem, deliveryInstant } from '../../../shared/delivery-date.js';
import { checkoutLines } from './checkout-lines.js';
import { assertAcceptsGifts } from '../recipient-rights/stop-all.js';
import { assertRecipientNotBlocked } from '../risk/blocked.js';
import { admitAfterDeclines } from '../risk/card-testing.js';

/** Metadata key that marks a gift whose sender opted into a donor account on the review page. */
export const DONOR_OPT_IN_METADATA = 'donor_opt_in';
export const CHECKOUT_TTL_MS = 24 * HOUR;

const p = (name: string) => sql.placeholder(name);

/**
 * The pending gift with its checkout, its delivery row and its payer's start (the client address's key,
 * services/risk) in one prepared statement: atomic without a transaction, built and planned once, one commit. Built per request, with a transaction around two inserts,
 * it was most of gift creation's CPU (docs/benchmarks.md, "Gift creation against a bare server").
 */
const insertPendingGift = preparedPerDb((db) => {
  const inserted = db.$with('inserted').as(
    db
      .insert(gifts)
      .values({
        publicId: p('publicId'),
        state: 'pending',
        stateChangedAt: p('now'),
        amountCents: p('amountCents'),
        feeCents: p('feeCents'),
        tipCents: p('tipCents'),
        totalCents: p('totalCents'),
        senderCoversFees: p('senderCoversFees'),
        recipientFirstName: p('recipientFirstName'),
        recipientLastName: p('recipientLastName'),
        recipientEmail: p('recipientEmail'),
        personalNote: p('personalNote'),
        securityQuestion: p('securityQuestion'),
        securityAnswerHash: p('securityAnswerHash'),
        donorId: p('donorId'),
        groupGiftId: p('groupGiftId'),
        checkoutSessionId: sql`${p('checkoutSessionId')}`,
        createdAt: p('now'),
      })
      .returning({ id: gifts.id, amountCents: gifts.amountCents }),
  );
  const delivery = db.$with('delivery').as(
    db
      .insert(giftDeliveries)
      .values({
        giftId: sql`(select ${inserted.id} from ${inserted})`,
        // Nullable: past drizzle's timestamp encoder, which cannot take null.
        deliverAt: sql`${p('deliverAt')}::timestamptz`,
        deliveryTimeZone: p('deliveryTimeZone'),
      })
      .returning({ giftId: giftDeliveries.giftId }),
  );
  // PostgreSQL runs every data-modifying WITH to completion, read or not.
  return db
    .with(inserted, delivery)
    .insert(giftPayers)
    .values({
      giftId: sql`(select ${inserted.id} from ${inserted})`,
      clientKey: p('clientKey'),
      amountCents: sql`(select ${inserted.amountCents} from ${inserted})`,
      createdAt: p('now'),
    })
    .prepare('create_gift');
});

export interface CreateGiftOptions {
  /** The signed-in donor (valid hg_donor session), if any. */
  sessionDonorId?: number | null;
  /** A share of a group gift (decision 026): its answer hash (the group's) and where the checkout returns. */
  share?: { groupGiftId: number; answerHash: string | null; successUrl: string; cancelUrl: string };
  /** The client address the gift is started from: part of the payer identity (services/risk). */
  clientAddress?: string | null;
  /** The recipient address admitGiftStart (start-limit.ts) already checked against the stop list and the blocks. */
  checkedRecipient?: string | null;
}

export async function createGift(
  deps: ServiceDeps,
  input: CreateGiftInput,
  options: CreateGiftOptions = {},
): Promise<{ checkoutUrl: string }> {
  // Before anything is hashed, stored or opened at the provider: the recipient may have stopped all gifts, or an
  // operator blocked the address (decision 024).
  if (options.checkedRecipient !== input.recipientEmail) {
    await assertAcceptsGifts(deps, input.recipientEmail);
    await assertRecipientNotBlocked(deps, input.recipientEmail);
  }
  // Card testing by e-mail (decision 024): the payer's e-mail is known before the checkout only from a donor (the
  // client address was checked with the start limit, gifts/start-limit.ts).
  const payerEmail = await donorEmailOf(deps.db, options.sessionDonorId ?? null, input.donorAccount);
  if (payerEmail) await admitAfterDeclines(deps, { email: payerEmail });
  const totals = giftTotals(input.amount, input.tip);
  // Hash before the transaction: argon2 is the slow part and must not hold a connection.
  const answerHash = options.share
    ? options.share.answerHash
    : input.securityAnswerHash
      ? await hashSecret(normaliseAnswer(input.securityAnswerHash))
      : null;
  const now = deps.clock.now();
  const deliverAt = input.delivery ? plannedDelivery(input.delivery, now) : null;

  const donor = await resolveDonor(deps.db, now, options.sessionDonorId ?? null, input.donorAccount);
  const publicId = newPublicId();
  const donorEmail = donor?.email ?? null;
  const optedIn = donor?.optedIn ?? false;

  let session;
  try {
    session = await deps.payments.createCheckout({
      giftPublicId: publicId,
      lines: checkoutLines(totals),
      customerEmail: donorEmail,
      successUrl: options.share?.successUrl ?? `${deps.config.publicUrl}/success`,
      cancelUrl: options.share?.cancelUrl ?? `${deps.config.publicUrl}/gift/review?canceled=true`,
      expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
      idempotencyKey: `gift:${publicId}:checkout`,
      metadata: optedIn ? { [DONOR_OPT_IN_METADATA]: 'true' } : {},
      requestCardAuthentication: isLargeGift(deps.config.risk, totals.amount),
    });
  } catch {
    // No gift was written: nothing is left behind.
    throw new AppError(
      502,
      'PROVIDER_UNAVAILABLE',
      'We could not start the payment with our payment partner. Please try again in a moment.',
    );
  }
  // The gift is written once its checkout exists, with the checkout's id, in one commit (there were two, a gift
  // and then its checkout id, each waiting for the WAL flush: decision 029). A checkout whose gift could not be
  // written was never shown to anyone: no one can pay it, and it expires unpaid.
  await insertPendingGift(deps.db).execute({
    publicId,
    now,
    amountCents: totals.amount,
    feeCents: totals.fee,
    tipCents: totals.tip,
    totalCents: totals.total,
    senderCoversFees: input.senderCoversFees,
    recipientFirstName: input.recipientFirstName,
    recipientLastName: input.recipientLastName,
    recipientEmail: input.recipientEmail,
    personalNote: input.personalNote,
    securityQuestion: input.securityQuestion,
    securityAnswerHash: answerHash,
    donorId: donor?.id ?? null,
    deliverAt: deliverAt?.toISOString() ?? null,
    deliveryTimeZone: input.delivery?.timeZone ?? null,
    groupGiftId: options.share?.groupGiftId ?? null,
    checkoutSessionId: session.id,
    clientKey: payerIdentity(deps.config.digestSecret!, { clientAddress: options.clientAddress ?? null }).clientKey,
  });
  return { checkoutUrl: session.url };
}

/** 09:00 on the chosen day in the sender's zone; the day must be today up to 90 days ahead there. */
function plannedDelivery(delivery: DeliveryInput, now: Date): Date {
  const problem = deliveryDayProblem(delivery.date, delivery.timeZone, now);
  if (problem) throw badRequest(`delivery.date: ${problem}`);
  return deliveryInstant(delivery.date, delivery.timeZone);
}

/** The e-mail the checkout will be prefilled with: the signed-in donor's, else the one given to opt in. */
async function donorEmailOf(
  db: DbOrTx,
  sessionDonorId: number | null,
  optIn: DonorAccountInput | null,
): Promise<string | null> {
  if (sessionDonorId !== null) {
    const [donor] = await db.select({ email: donors.email }).from(donors).where(eq(donors.id, sessionDonorId));
    if (donor) return donor.email;
  }
  return optIn?.email ?? null;
}

/** The signed-in donor wins; otherwise an opt-in finds or creates the donor by e-mail (case-insensitive). */
async function resolveDonor(
  tx: DbOrTx,
  now: Date,
  sessionDonorId: number | null,
  optIn: DonorAccountInput | null,
): Promise<{ id: number; email: string; optedIn: boolean } | null> {
  if (sessionDonorId !== null) {
    const [donor] = await tx
      .select({ id: donors.id, email: donors.email })
      .from(donors)
      .where(eq(donors.id, sessionDonorId));
    if (donor) return { ...donor, optedIn: false };
  }
  if (!optIn) return null;
  // ON CONFLICT on the lower(email) unique index: two parallel opt-ins with one e-mail make one donor.
  await tx
    .insert(donors)
    .values({ email: optIn.email, firstName: optIn.firstName, lastName: optIn.lastName, createdAt: now })
    .onConflictDoNothing();
  const [donor] = await tx
    .select({ id: donors.id, email: donors.email })
    .from(donors)
    .where(eq(sql`lower(${donors.email})`, optIn.email.toLowerCase()));
  return donor ? { ...donor, optedIn: true } : null;
}
