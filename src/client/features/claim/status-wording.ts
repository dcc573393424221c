// What the verification-complete page says for each onboarding status, and for a gift seen without its claim
// session (only its status: the progress shows where the security question was answered).
import type { GiftStatusResponse } from '../../../shared/schemas/claim-contract';
import { HELD_GIFT_TEXT, REJECTED_GIFT_TEXT } from '../../../shared/risk';

export interface StatusWording {
  title: string;
  text: string;
  tone: 'success' | 'progress' | 'action' | 'ended';
}

export function statusWording(status: GiftStatusResponse | null | undefined): StatusWording {
  switch (status?.status) {
    case 'completed':
      return {
        title: 'Funds delivered!',
        text: 'Your gift has been sent to your account. The money will appear in your bank account or on your debit card within 1-2 business days.',
        tone: 'success',
      };
    case 'transfer_pending':
      return {
        title: 'Verification complete',
        text: 'Your identity has been verified. Your gift will be transferred automatically within about a minute.',
        tone: 'progress',
      };
    case 'setup_required': {
      const n = status.stripeAccount?.requirements_pending ?? 0;
      return {
        title: 'Account setup required',
        text: `Please finish setting up your account with our payment partner to receive your gift.${
          n > 0 ? ` ${n} requirement${n === 1 ? '' : 's'} pending.` : ''
        }`,
        tone: 'action',
      };
    }
    case 'paid':
      return {
        title: 'Open your claim link to continue',
        text: 'For your security, your account setup shows only in the browser where you answered your security question, for 30 minutes after you last used it. Open the claim link from your e-mail to continue.',
        tone: 'action',
      };
    case 'verifying':
      return {
        title: 'Verifying your information',
        text: 'Our payment partner is checking the details you submitted. This usually takes a few minutes; this page updates by itself.',
        tone: 'progress',
      };
    case 'on_hold':
      return {
        title: 'Your gift is on hold',
        text: 'The payment for this gift is being checked, so it cannot be sent yet. If the check clears, we will send it automatically.',
        tone: 'progress',
      };
    case 'checking':
      return { title: 'Your gift is being checked', text: HELD_GIFT_TEXT, tone: 'progress' };
    case 'not_completed':
      return { title: 'This gift could not be completed', text: REJECTED_GIFT_TEXT, tone: 'ended' };
    case 'unavailable':
      return {
        title: 'This gift is no longer available',
        text: 'The payment for this gift was returned, so it can no longer be claimed. Contact support if you think this is a mistake.',
        tone: 'ended',
      };
    case 'expired':
    case 'refunded':
      return {
        title: 'This gift has expired',
        text: 'The gift was not claimed within 30 days, so it was returned. Contact support if you think this is a mistake.',
        tone: 'ended',
      };
    default:
      return {
        title: 'Processing',
        text: 'We are processing your account. This page updates by itself.',
        tone: 'progress',
      };
  }
}
