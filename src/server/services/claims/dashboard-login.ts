// The provider's express dashboard for the gift's payout account. The dashboard shows the recipient's payout
// details, so the caller must hold the gift's claim session (opened by its answer); without one the answer is the
// same as for an unknown gift. The public id alone (which the sender sees) opens nothing.
import { eq } from 'drizzle-orm';
import { giftPayouts, gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { ProviderError } from '../../payments/provider.js';
import {
  GIFT_NOT_FOUND_MESSAGE,
  GIFT_PUBLIC_ID_PATTERN,
  type DashboardLoginResponse,
} from '../../../shared/schemas/claim.js';
import { holdsClaimSession, type ClaimSessionCookies } from './claim-session.js';

export async function dashboardLogin(
  deps: ServiceDeps,
  publicId: string,
  cookies: ClaimSessionCookies,
): Promise<DashboardLoginResponse> {
  if (!GIFT_PUBLIC_ID_PATTERN.test(publicId)) throw notFound(GIFT_NOT_FOUND_MESSAGE);
  const [gift] = await deps.db
    .select({ id: gifts.id, publicId: gifts.publicId, accountId: giftPayouts.recipientAccountId })
    .from(gifts)
    .leftJoin(giftPayouts, eq(giftPayouts.giftId, gifts.id))
    .where(eq(gifts.publicId, publicId));
  if (!gift || !(await holdsClaimSession(deps, gift, cookies))) throw notFound(GIFT_NOT_FOUND_MESSAGE);
  if (!gift.accountId)
    throw conflict(
      'Your payout account is not set up yet. Claim your gift to start the setup.',
      'PAYOUT_ACCOUNT_NOT_READY',
    );
  try {
    return await deps.payments.createLoginLink(gift.accountId);
  } catch (error) {
    if (error instanceof ProviderError)
      throw conflict(
        'Your payout account is not ready for dashboard access yet. Finish your account setup first.',
        'PAYOUT_ACCOUNT_NOT_READY',
      );
    throw error;
  }
}
