// The provider's express dashboard for the gift's payout account. The dashboard shows the recipient's payout
// details, so the caller must hold the claim link: the public id alone (which others may see) is not enough.
import { eq, sql } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { ProviderError } from '../../payments/provider.js';
import { GIFT_PUBLIC_ID_PATTERN, type DashboardLoginResponse } from '../../../shared/schemas/claim.js';
import { claimTokenHash } from './find-gift.js';
import { claimTokenMatches } from '../gifts/gift-links.js';

export async function dashboardLogin(
  deps: ServiceDeps,
  publicId: string,
  token: string | undefined,
): Promise<DashboardLoginResponse> {
  if (!GIFT_PUBLIC_ID_PATTERN.test(publicId)) throw notFound('Gift not found. Check the link and try again.');
  const hash = token ? claimTokenHash(token) : null;
  const [gift] = await deps.db
    .select({ holdsLink: hash ? claimTokenMatches(hash) : sql<boolean>`false`, accountId: gifts.recipientAccountId })
    .from(gifts)
    .where(eq(gifts.publicId, publicId));
  if (!gift) throw notFound('Gift not found. Check the link and try again.');
  // The claim link (primary or a reminder's) proves the caller is the recipient; compared by the database.
  if (!hash || gift.holdsLink !== true) {
    throw forbidden('Open this page from the claim link in your e-mail to sign in to your payout account.');
  }
  if (!gift.accountId) throw conflict('Your payout account is not set up yet. Claim your gift to start the setup.');
  try {
    return await deps.payments.createLoginLink(gift.accountId);
  } catch (error) {
    if (error instanceof ProviderError)
      throw conflict('Your payout account is not ready for dashboard access yet. Finish your account setup first.');
    throw error;
  }
}
