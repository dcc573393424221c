// The FAQ: 21 questions in 7 categories, stated from the shared constants.
import { FEE_FIXED_CENTS, FEE_PERCENT, PERSONAL_NOTE_MAX } from '../../../shared/constants';
import { formatUsd, giftTotals } from '../../../shared/money';
import { FACTS } from './facts';

export const FAQ_CATEGORIES = [
  'Getting Started',
  'Privacy & Security',
  'Sending Gifts',
  'Receiving Gifts',
  'Fees & Pricing',
  'Refunds & Issues',
  'Technical',
] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export interface FaqEntry {
  id: string;
  category: FaqCategory;
  question: string;
  answer: string;
}

const FEE = `${FEE_PERCENT}% + ${formatUsd(FEE_FIXED_CENTS)}`;
const FIFTY = giftTotals(5000, 0);

export const FAQ: FaqEntry[] = [
  {
    id: 'what-is-hushgift',
    category: 'Getting Started',
    question: 'What is Hushgift?',
    answer:
      'Hushgift lets you send money to someone without telling them who it is from. You choose an amount, enter their name and e-mail, and pay; they receive an e-mail from “a friend” and claim the money into their own bank account or debit card.',
  },
  {
    id: 'need-account',
    category: 'Getting Started',
    question: 'Do I need an account to send a gift?',
    answer:
      'No. You can send a gift without creating an account. If you want to see the gifts you have sent later, you can sign in to a donor account with a link we e-mail you.',
  },
  {
    id: 'who-can-use',
    category: 'Getting Started',
    question: 'Who can use Hushgift?',
    answer:
      'Hushgift is available in the United States only. Senders pay with a US card or digital wallet, and recipients need a US bank account or debit card to receive the money.',
  },
  {
    id: 'stay-anonymous',
    category: 'Privacy & Security',
    question: 'Will the recipient find out who sent the gift?',
    answer:
      'Not from us. The recipient sees the gift as coming from “a friend”, labelled “Anonymous Gift”. Your name, e-mail and payment details are never shown to them. Only your personal message is shown as you wrote it, so leave out anything that would identify you.',
  },
  {
    id: 'payment-safe',
    category: 'Privacy & Security',
    question: 'Is my payment information safe?',
    answer:
      'Yes. You pay on our payment partner’s hosted, encrypted checkout. Your card number goes directly to the payment partner and never reaches Hushgift’s servers.',
  },
  {
    id: 'data-kept',
    category: 'Privacy & Security',
    question: 'What data do you keep, and for how long?',
    answer: `Only what a gift needs. Gift data is deleted ${FACTS.retention.giftData} after the gift is completed or expires. Payment records are kept for ${FACTS.retention.paymentRecords} and support messages for ${FACTS.retention.support}, as our Privacy Policy explains.`,
  },
  {
    id: 'minimum-amount',
    category: 'Sending Gifts',
    question: 'How much can I send?',
    answer: `The minimum gift is ${FACTS.minGift} and the maximum is ${FACTS.maxGift}, so that the gift, the fee and any tip fit in one card payment of at most ${FACTS.maxCharge}. For a gift of $1,000 or more, your card's own verification (3-D Secure, such as a code from your bank's app) is asked at checkout, and the gift is sent to the recipient 72 hours after payment. Now and then a gift is checked by our team before it is sent; this usually takes less than one business day.`,
  },
  {
    id: 'personal-message',
    category: 'Sending Gifts',
    question: 'Can I include a personal message?',
    answer: `Yes. You can add an optional message of up to ${PERSONAL_NOTE_MAX} characters. The recipient sees it on the claim page exactly as you wrote it: with a security question, once they have answered it.`,
  },
  {
    id: 'security-question',
    category: 'Sending Gifts',
    question: 'What is the security question for?',
    answer: `It is an optional extra check: the recipient must answer it before claiming. Choose a question they can answer, such as their pet’s name. We store only a hash of the answer, and after ${FACTS.wrongAnswerLimit} wrong answers claiming is locked for ${FACTS.wrongAnswerLock}, then for ${FACTS.wrongAnswerLaterLock}; after ${FACTS.wrongAnswerFreezeTotal} wrong answers the gift is held until our support team has checked it.`,
  },
  {
    id: 'cancel-gift',
    category: 'Sending Gifts',
    question: 'Can I cancel a gift after paying?',
    answer:
      'No. Once payment is complete the gift cannot be cancelled, so please check the recipient’s name and e-mail on the review page before you pay.',
  },
  {
    id: 'how-to-claim',
    category: 'Receiving Gifts',
    question: 'How do I claim a gift?',
    answer:
      'Open the claim link in the e-mail you received, answer the security question if there is one, and select “Claim Your Gift”. You will then verify your identity and add your bank account or debit card with our payment partner.',
  },
  {
    id: 'when-money-arrives',
    category: 'Receiving Gifts',
    question: 'How soon will I get the money?',
    answer: `The payout is made ${FACTS.payoutAfterClaim} of your claim — usually ${FACTS.transferAfterVerification} after verification is complete. The money then appears in your bank account or on your debit card in ${FACTS.bankArrival}.`,
  },
  {
    id: 'is-this-email-real',
    category: 'Receiving Gifts',
    question: 'How can I tell a real gift e-mail from a fake one?',
    answer:
      'A fake "you have received a gift" e-mail (phishing) tries to make you click a link to a copy of our pages and type your bank or card details there. Every real Hushgift claim e-mail ends with a verification code like ABCD-2345. Do not click anything in the e-mail: type our address followed by /verify into your browser yourself, and enter the code. If a real gift has it, the page shows its amount, that it is from a friend and when it expires; then open the e-mail\'s link to claim it. If it says no gift matches the code, delete the e-mail and do not click its links. The page never asks for your bank details.',
  },
  {
    id: 'unwanted-gifts',
    category: 'Receiving Gifts',
    question: 'I do not want gifts from someone. What can I do?',
    answer:
      'You never have to accept a gift. After answering its question you can decline it: the sender gets the money back and is told only that it was declined. After declining or claiming you can also choose "Don\'t accept gifts from this sender again": their later gifts to your address are refunded to them in full and you hear nothing of them, while we still never tell you who they are. "Report this gift" on the claim page tells our team. To refuse every gift, use "Stop all gifts to this address" at the end of any claim e-mail. Each stop can be undone from the link we e-mail you.',
  },
  {
    id: 'why-verify',
    category: 'Receiving Gifts',
    question: 'Why do I need to verify my identity?',
    answer:
      'Financial regulations require our payment partner to verify everyone who receives a payout. It also protects the gift: only the person it was meant for can receive the money.',
  },
  {
    id: 'fee',
    category: 'Fees & Pricing',
    question: 'How much does it cost?',
    answer: `Each gift has a processing fee of ${FEE}, added on top of the gift amount. For example, a ${formatUsd(FIFTY.amount)} gift costs ${formatUsd(FIFTY.total)} in total. There are no subscriptions or other charges.`,
  },
  {
    id: 'recipient-pays',
    category: 'Fees & Pricing',
    question: 'Does the recipient pay anything?',
    answer: 'No. The recipient receives the full gift amount; the fee is paid by the sender.',
  },
  {
    id: 'unclaimed',
    category: 'Refunds & Issues',
    question: 'What happens if the gift is never claimed?',
    answer: `Unclaimed gifts expire ${FACTS.claimWindow} after payment and the gift amount is refunded to your card automatically. The processing fee is not refunded.`,
  },
  {
    id: 'refund-after-claim',
    category: 'Refunds & Issues',
    question: 'Can I get a refund after the gift has been claimed?',
    answer:
      'No. Once the recipient has claimed the gift the money belongs to them, so it cannot be refunded. Gifts also cannot be cancelled after payment.',
  },
  {
    id: 'no-email',
    category: 'Refunds & Issues',
    question: 'The recipient did not get the e-mail. What can I do?',
    answer:
      'Ask them to check their spam or junk folder for a message from Hushgift. If it is not there, contact our support team: we can resend the notification to the address you entered.',
  },
  {
    id: 'browsers',
    category: 'Technical',
    question: 'Which browsers and devices are supported?',
    answer:
      'Hushgift works in current versions of Chrome, Edge, Firefox and Safari, on phones, tablets and computers. JavaScript and cookies must be enabled for checkout and sign-in.',
  },
  {
    id: 'link-not-working',
    category: 'Technical',
    question: 'My claim link does not work. What should I do?',
    answer:
      'Make sure you opened the most recent e-mail: sending the notification again replaces the old link. Links also stop working once a gift has expired or been claimed. If you are still stuck, contact support.',
  },
];
