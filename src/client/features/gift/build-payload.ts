// The create-gift payload from the draft, checked with the same shared schema the server uses.
import { CUSTOM_QUESTION_OPTION } from '../../../shared/constants';
import { dollarsToCents, wireFigures } from '../../../shared/money';
import type { CreateGiftPayload } from '../../../shared/schemas/gift';
import { effectiveTip, type GiftDraft } from '../../lib/gift-draft';

/** The question the recipient will see: the preset text, or the custom one. */
export function securityQuestionText(draft: GiftDraft): string {
  return (
    draft.securityQuestion === CUSTOM_QUESTION_OPTION ? draft.customSecurityQuestion : draft.securityQuestion
  ).trim();
}

export function includesSecurityQuestion(draft: GiftDraft): boolean {
  return (
    draft.wantsSecurityQuestion &&
    draft.enableSecurityQuestion &&
    Boolean(securityQuestionText(draft) && draft.securityAnswer.trim())
  );
}

export function includesMessage(draft: GiftDraft): boolean {
  return draft.wantsPersonalMessage && Boolean(draft.personalNote.trim());
}

export function buildGiftPayload(draft: GiftDraft): CreateGiftPayload {
  const security = includesSecurityQuestion(draft);
  return {
    ...wireFigures(dollarsToCents(draft.amount), dollarsToCents(effectiveTip(draft))),
    senderCoversFees: draft.senderCoversFees,
    recipientFirstName: draft.recipientFirstName.trim(),
    recipientLastName: draft.recipientLastName.trim(),
    recipientEmail: draft.recipientEmail.trim(),
    securityQuestion: security ? securityQuestionText(draft) : null,
    securityAnswerHash: security ? draft.securityAnswer.trim() : null,
    personalNote: includesMessage(draft) ? draft.personalNote.trim() : null,
    donorAccount: draft.createDonorAccount
      ? { firstName: draft.donorFirstName.trim(), lastName: draft.donorLastName.trim(), email: draft.donorEmail.trim() }
      : null,
    delivery: draft.deliverOnDate ? { date: draft.deliveryDate, timeZone: browserTimeZone() } : null,
  };
}

/** The sender's time zone as the browser knows it; a scheduled gift is delivered at 09:00 there. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The first problem the server would report, or null when the payload is valid. The schema (and zod) load here,
 * on Proceed to Payment, if the review form's first interaction has not loaded them already.
 */
export async function payloadProblem(payload: CreateGiftPayload): Promise<string | null> {
  const { createGiftSchema } = await import('../../../shared/schemas/gift');
  const result = createGiftSchema.safeParse(payload);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please check the gift details.');
}
