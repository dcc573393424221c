// The sender flow's navigation rules, pure so every branch is unit tested.
import { MIN_GIFT_CENTS } from '../../shared/constants';
import { dollarsToCents } from '../../shared/money';
import type { GiftDraft } from './gift-draft';
import { amountChoiceQuery, amountProblem, choiceAmount, readAmountChoice } from './amount-choice';

export const PATHS = {
  landing: '/',
  recipient: '/gift/recipient-info',
  message: '/gift/personal-message',
  security: '/gift/security',
  review: '/gift/review',
  success: '/success',
} as const;

export type GiftStep = 'recipient' | 'message' | 'security' | 'review';
type Choices = Pick<GiftDraft, 'wantsPersonalMessage' | 'wantsSecurityQuestion'>;
type Nav = { to: string; change?: Partial<GiftDraft> };

/** After the message step (Continue or Skip): security if chosen, else review. */
const afterMessage = (d: Choices) => (d.wantsSecurityQuestion ? PATHS.security : PATHS.review);

export const recipientNext = (d: Choices): string => (d.wantsPersonalMessage ? PATHS.message : afterMessage(d));
export const recipientBack = (): string => PATHS.landing;

export const messageNext = (d: Choices): string => afterMessage(d);
/** Skip turns the option off, clears the note, and moves on like Continue. */
export const messageSkip = (d: Choices): Nav => ({
  to: afterMessage({ ...d, wantsPersonalMessage: false }),
  change: { wantsPersonalMessage: false, personalNote: '' },
});
export const messageBack = (): string => PATHS.recipient;

export const securityNext = (): string => PATHS.review;
/** Skip clears the security fields and goes to review. */
export const securitySkip = (): Nav => ({
  to: PATHS.review,
  change: { wantsSecurityQuestion: false, securityQuestion: '', customSecurityQuestion: '', securityAnswer: '' },
});
export const securityBack = (d: Choices): string => (d.wantsPersonalMessage ? PATHS.message : PATHS.recipient);

export const reviewBack = (d: Choices): string =>
  d.wantsSecurityQuestion ? PATHS.security : d.wantsPersonalMessage ? PATHS.message : PATHS.recipient;

const hasRecipient = (d: GiftDraft) =>
  Boolean(d.recipientFirstName.trim() && d.recipientLastName.trim() && d.recipientEmail.trim());

/**
 * Where a gift page must send the visitor instead of showing itself, or null to stay.
 * No draft (or no valid amount) → the landing page; the message/security page with its option off → review;
 * a later step before the recipient is known → the recipient page.
 */
export function guardRedirect(step: GiftStep, draft: GiftDraft | null): string | null {
  if (!draft || dollarsToCents(draft.amount) < MIN_GIFT_CENTS) return PATHS.landing;
  if (step === 'recipient') return null;
  if (!hasRecipient(draft)) return PATHS.recipient;
  if (step === 'message' && !draft.wantsPersonalMessage) return PATHS.review;
  if (step === 'security' && !draft.wantsSecurityQuestion) return PATHS.review;
  return null;
}

/**
 * The recipient step reached by the landing form sent before its script ran (a GET with the choice in the query):
 * the amount to save, or the landing page to go back to with the choice when it cannot be given (it shows why);
 * null when the address carries no choice.
 */
export function arrivingAmount(search: string): { amount: number } | { back: string } | null {
  const choice = readAmountChoice(new URLSearchParams(search));
  if (!choice) return null;
  const amount = choiceAmount(choice);
  return amount > 0 && !amountProblem(amount) ? { amount } : { back: PATHS.landing + amountChoiceQuery(choice) };
}
