// GET /api/gifts/claim/:token: what the claim page shows. The hottest public call: one indexed read of the
// few columns it needs. Nothing about the sender, ever.
import { eq, sql } from 'drizzle-orm';
import { giftResponses, gifts, groupGifts } from '../../db/schema.js';
import { rawReadPerDb } from '../../db/raw-read.js';
import type { ServiceDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { DECLINE_MESSAGES } from '../../../shared/schemas/recipient-rights.js';
import { formatCents } from '../../../shared/money.js';
import { CLAIM_MESSAGES, type ClaimLookup, type ClaimToken } from '../../../shared/schemas/claim.js';
import { checkedTokenHash, withinClaimWindow } from './find-gift.js';
import { claimTokenMatches } from '../gifts/gift-links.js';

const lookupColumns = {
  status: gifts.status,
  recipientFirstName: gifts.recipientFirstName,
  amountCents: gifts.amountCents,
  // A group gift's lead stands for the group's sum (decision 026).
  groupAmountCents: groupGifts.sentAmountCents,
  personalNote: gifts.personalNote,
  securityQuestion: gifts.securityQuestion,
  expiresAt: gifts.expiresAt,
  claimStartedAt: gifts.claimStartedAt,
  // The recipient's own answer (gift_responses holds nothing of the sender's identity).
  declinedAt: giftResponses.declinedAt,
};

/** A named statement run on the driver (db/raw-read.ts): PostgreSQL parses and plans it once per connection. */
const claimLookup = rawReadPerDb('claim_lookup', Object.keys(lookupColumns), (db) =>
  db
    .select(lookupColumns)
    .from(gifts)
    .leftJoin(groupGifts, eq(groupGifts.id, gifts.groupGiftId))
    .leftJoin(giftResponses, eq(giftResponses.giftId, gifts.id))
    .where(claimTokenMatches(sql.placeholder('hash'))),
);

export async function lookupClaim(deps: Pick<ServiceDeps, 'db' | 'clock'>, token: ClaimToken): Promise<ClaimLookup> {
  const [gift] = await claimLookup(deps.db)({ hash: checkedTokenHash(token) });
  // Pending, expired, refunded and claimed gifts cannot be claimed: the page shows "Gift Not Found". A gift past
  // expires_at is expired even before the expiry job has run (decision 012).
  // Declined (decision 025): the link says so rather than "not found", and opens nothing more.
  if (gift?.declinedAt) throw new AppError(410, 'GIFT_DECLINED', DECLINE_MESSAGES.declined);
  if (!gift || gift.status !== 'paid' || !withinClaimWindow(gift, deps.clock.now()))
    throw notFound(CLAIM_MESSAGES.notFound);
  return claimLookupAnswer(gift, gift.groupAmountCents ?? gift.amountCents);
}

/**
 * What the claim page is told of a gift: also the preview's claim page (services/gifts/preview.ts). The amount comes
 * apart from the row (a group's lead stands for the group's sum), so the row is not copied to replace it.
 */
export function claimLookupAnswer(
  gift: { recipientFirstName: string | null; personalNote: string | null; securityQuestion: string | null },
  amountCents: number,
): ClaimLookup {
  return {
    recipientFirstName: gift.recipientFirstName ?? '',
    amount: formatCents(amountCents),
    // Behind a question the message is the answer's to open (issue 25 point 1): startClaim's response carries it.
    personalNote: gift.securityQuestion ? null : gift.personalNote,
    hasSecurityQuestion: Boolean(gift.securityQuestion),
    securityQuestion: gift.securityQuestion,
  };
}
