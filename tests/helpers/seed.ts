// Seeds gifts straight into the database, in any state — states the product may never reach (a "paid" gift with
// no money in the ledger). Left only for the browser tests (tests/e2e), which seed the database of a server they
// start; API tests reach every state through the product (tests/helpers/gifts.ts), and their databases refuse a
// paid gift without its charge when closed. Do not use it in new tests.
import { gifts } from '../../src/server/db/schema.js';
import { hashSecret, newPublicId, newSecretToken, normaliseAnswer } from '../../src/server/crypto.js';
import { feeCents } from '../../src/shared/money.js';
import { CLAIM_WINDOW_DAYS } from '../../src/shared/constants.js';
import type { Db } from '../../src/server/db/client.js';
import type { Clock } from '../../src/server/clock.js';
import type { GiftState } from '../../src/server/services/gift-lifecycle/states.js';

export type GiftRow = typeof gifts.$inferSelect;

export interface SeedGiftOptions extends Partial<Omit<GiftRow, 'id' | 'status'>> {
  /** The public status; the lifecycle state is derived from it and the timestamps given (as migration 0014 does). */
  status?: string;
  /** Plain security answer; hashed like the real flow. */
  securityAnswer?: string;
}

let seq = 0;

function stateOf(status: string, o: Partial<GiftRow>): GiftState {
  if (status === 'pending') return o.abandonedAt ? 'abandoned' : 'pending';
  if (status === 'paid') return o.transferStartedAt ? 'transferring' : o.claimStartedAt ? 'claim_started' : 'paid';
  if (status === 'expired') return 'refunding';
  return status as GiftState;
}

/** A paid gift by default, with a claim token; answers the row and the raw token. */
export async function seedGift(ctx: { db: Db; clock: Clock }, options: SeedGiftOptions = {}) {
  const { securityAnswer, status = 'paid', ...overrides } = options;
  const now = ctx.clock.now();
  const amountCents = overrides.amountCents ?? 5000;
  const fee = feeCents(amountCents);
  const tip = overrides.tipCents ?? 100;
  const paid = status !== 'pending';
  const claim = newSecretToken();
  seq++;
  const [row] = await ctx.db
    .insert(gifts)
    .values({
      publicId: newPublicId(),
      state: overrides.state ?? stateOf(status, overrides),
      stateChangedAt: now,
      amountCents,
      feeCents: fee,
      tipCents: tip,
      totalCents: amountCents + fee + tip,
      recipientFirstName: 'Rita',
      recipientLastName: 'Recipient',
      recipientEmail: `rita${seq}@example.com`,
      personalNote: 'Happy birthday!',
      securityQuestion: securityAnswer ? "What is your pet's name?" : null,
      securityAnswerHash: securityAnswer ? await hashSecret(normaliseAnswer(securityAnswer)) : null,
      claimTokenHash: claim.hash,
      senderFirstName: paid ? 'Sam' : null,
      senderLastName: paid ? 'Sender' : null,
      senderEmail: paid ? `sam${seq}@example.com` : null,
      checkoutSessionId: `cs_seed_${seq}_${claim.hash.slice(0, 8)}`,
      paymentIntentId: paid ? `pi_seed_${seq}_${claim.hash.slice(0, 8)}` : null,
      chargeId: paid ? `ch_seed_${seq}_${claim.hash.slice(0, 8)}` : null,
      createdAt: now,
      paidAt: paid ? now : null,
      expiresAt: paid ? new Date(now.getTime() + CLAIM_WINDOW_DAYS * 86_400_000) : null,
      ...overrides,
    })
    .returning();
  return { gift: row!, claimToken: claim.token };
}
