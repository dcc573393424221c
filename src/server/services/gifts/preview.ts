// "See what they'll see" (issue 25 point 1): the claim e-mail and the claim page's data for a gift not yet paid,
// drawn by the very template and lookup answer a real gift gets, and what the right answer opens (the message). Nothing is stored and nothing is minted: the claim
// link, verification code and stop link are visibly examples, so a preview is never a working e-mail.
import type { ServiceDeps } from '../../deps.js';
import { DAY } from '../../clock.js';
import { CLAIM_WINDOW_DAYS } from '../../../shared/constants.js';
import { giftNotificationEmail } from '../../email/templates/gift-notification.js';
import { recipientLinkUrl } from '../recipient-rights/address-links.js';
import { claimLookupAnswer } from '../claims/lookup.js';
import { claimUrl } from './claim-link.js';
import {
  PREVIEW_EXAMPLE,
  type GiftPreviewInput,
  type GiftPreviewResponse,
} from '../../../shared/schemas/gift-preview.js';

export function previewGift(deps: Pick<ServiceDeps, 'clock' | 'config'>, gift: GiftPreviewInput): GiftPreviewResponse {
  const { publicUrl } = deps.config;
  const email = giftNotificationEmail({
    // The same fallback sendClaimLink uses.
    recipientFirstName: gift.recipientFirstName || 'there',
    amountCents: gift.amount,
    hasPersonalNote: Boolean(gift.personalNote),
    claimUrl: claimUrl(publicUrl, PREVIEW_EXAMPLE.token),
    // Delivered now, the link lasts the claim window from today.
    expiresAt: new Date(deps.clock.now().getTime() + CLAIM_WINDOW_DAYS * DAY),
    hasSecurityQuestion: Boolean(gift.securityQuestion),
    publicUrl,
    verificationCode: PREVIEW_EXAMPLE.verificationCode,
    stopAllUrl: recipientLinkUrl(publicUrl, 'stop-all', PREVIEW_EXAMPLE.token),
  });
  const claimPage = claimLookupAnswer(gift, gift.amount);
  // What startClaim's response adds: the message the lookup kept back behind the question.
  const afterAnswer = { personalNote: claimPage.personalNote === null ? gift.personalNote : null };
  return { email, claimPage, afterAnswer };
}
