// The recipient's notification: an anonymous gift, the claim link, the expiry. Nothing about the sender, ever.
import { formatUsd } from '../../../shared/money.js';
import { formatDate, textToHtml } from '../render.js';

export interface GiftNotificationInput {
  recipientFirstName: string;
  amountCents: number;
  personalNote: string | null;
  claimUrl: string;
  expiresAt: Date;
  hasSecurityQuestion: boolean;
}

export function giftNotificationEmail(input: GiftNotificationInput) {
  const amount = formatUsd(input.amountCents);
  const note = input.personalNote ? `\nA personal note came with it:\n\n"${input.personalNote}"\n` : '';
  const question = input.hasSecurityQuestion ? ' You will be asked to answer a security question the sender set for you.' : '';
  const text = `Hi ${input.recipientFirstName},

Someone who cares about you has sent you an anonymous gift of ${amount} through Hushgift. The sender chose to stay anonymous — it comes from a friend.
${note}
Claim your gift here:

${input.claimUrl}

To receive the money you will verify your identity and add a US bank account or debit card with our payment partner.${question} Payouts are sent within 24 hours of claiming and usually arrive in 1–2 business days.

Please claim it by ${formatDate(input.expiresAt)}. Unclaimed gifts expire after 30 days.

Keep this link private: anyone with it can try to claim the gift.

— Hushgift`;
  return { subject: `You've received an anonymous gift of ${amount}`, text, html: textToHtml(text) };
}
