// The recipient's notification: an anonymous gift, the claim link, the expiry. Nothing about the sender, ever, and
// not the personal note: text the sender typed would go out under our name to any address (decision 012); the
// claim page shows it.
import { formatUsd } from '../../../shared/money.js';
import { formatDate, inert, textToHtml } from '../render.js';
import { recipientFooter, type RecipientFooterInput } from './recipient-footer.js';

export interface GiftNotificationInput extends RecipientFooterInput {
  recipientFirstName: string;
  amountCents: number;
  hasPersonalNote: boolean;
  claimUrl: string;
  expiresAt: Date;
  hasSecurityQuestion: boolean;
  /** A "give together" gift (decision 026): the sum of several friends' shares, who gave what never said. */
  fromFriends?: boolean;
}

export function giftNotificationEmail(input: GiftNotificationInput) {
  const amount = formatUsd(input.amountCents);
  const note = input.hasPersonalNote
    ? '\nA personal note came with it: you will see it when you open your gift.\n'
    : '';
  const question = input.hasSecurityQuestion
    ? ' You will be asked to answer a security question the sender set for you.'
    : '';
  const from = input.fromFriends
    ? `Your friends sent you ${amount}: several people who care about you pooled an anonymous gift through Hushgift. Who gave, and how much each gave, stays private.`
    : `Someone who cares about you has sent you an anonymous gift of ${amount} through Hushgift. The sender chose to stay anonymous — it comes from a friend.`;
  const text = `Hi ${inert(input.recipientFirstName)},

${from}
${note}
Claim your gift here:

${input.claimUrl}

To receive the money you will verify your identity and add a US bank account or debit card with our payment partner.${question} Payouts are sent within 24 hours of claiming and usually arrive in 1–2 business days.

Please claim it by ${formatDate(input.expiresAt)}. Unclaimed gifts expire after 30 days.

Keep this link private: anyone with it can try to claim the gift.

${recipientFooter(input)}

— Hushgift`;
  const subject = input.fromFriends
    ? `Your friends sent you ${amount}`
    : `You've received an anonymous gift of ${amount}`;
  return { subject, text, html: textToHtml(text) };
}
