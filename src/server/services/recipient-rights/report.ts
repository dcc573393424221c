// "Report this gift" (issue 25 point 6): from the claim link (a recipient harassed by anonymous gifts may not know
// the answer to the sender's question), a reason and up to 500 characters put the gift on the operator's attention
// list (decision 017) with the payer's identity keys; the recipient may still claim or decline. One open report per
// gift: reporting again while it is open changes nothing. Nothing of it reaches the sender.
import type { ServiceDeps } from '../../deps.js';
import { giftReports } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { requireGiftByToken } from '../claims/find-gift.js';
import { CLAIM_MESSAGES } from '../../../shared/schemas/claim.js';
import { REPORT_MESSAGES, type ReportRequest } from '../../../shared/schemas/recipient-rights.js';
import { payerIdentityKeys } from './payer-identity.js';

export async function reportGift(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  token: string,
  report: ReportRequest,
): Promise<{ reported: true; message: string }> {
  const gift = await requireGiftByToken(deps.db, token);
  if (gift.status === 'pending' || gift.personalDataErasedAt) throw notFound(CLAIM_MESSAGES.notFound);
  await deps.db
    .insert(giftReports)
    .values({
      giftId: gift.id,
      reason: report.reason,
      details: report.details || null,
      payerKeys: await payerIdentityKeys(deps.db, deps.config.digestSecret!, gift),
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing();
  return { reported: true, message: REPORT_MESSAGES.received };
}
