// For every area's end-to-end tests: a paid gift made the way a sender makes one — POST /api/gifts with correct
// figures, the sandbox checkout form paid with fetch — and the claim link read from the recipient's e-mail.
import type { DonorAccountInput } from '../../../src/shared/schemas/gift.js';
import { giftPayload } from '../../helpers/gift-payload.js';
import { waitForEmail } from './server.js';

export interface PaidGiftOverrides {
  recipientEmail?: string;
  recipientFirstName?: string;
  /** null: no security question. Default "What is your pet's name?" / "Rex". */
  securityQuestion?: string | null;
  securityAnswer?: string | null;
  /** Gift amount in cents (default 5000). */
  amountCents?: number;
  tipCents?: number;
  personalNote?: string | null;
  donorAccount?: DonorAccountInput | null;
  /** The e-mail and name entered on the checkout page. */
  payerEmail?: string;
  payerName?: string;
  /** Claim links already sent to this address (an earlier gift to it): its claim e-mail is another one. */
  earlierClaimTokens?: string[];
}

export interface PaidGift {
  claimUrl: string;
  claimToken: string;
  recipientEmail: string;
  checkoutUrl: string;
}

let seq = 0;

export async function createPaidGift(baseUrl: string, overrides: PaidGiftOverrides = {}): Promise<PaidGift> {
  seq++;
  const recipientEmail = overrides.recipientEmail ?? `recipient.${Date.now().toString(36)}.${seq}@example.com`;
  const question = overrides.securityQuestion === undefined ? "What is your pet's name?" : overrides.securityQuestion;
  const answer = overrides.securityAnswer === undefined ? (question ? 'Rex' : null) : overrides.securityAnswer;
  const payload = giftPayload({
    amountCents: overrides.amountCents ?? 5000,
    tipCents: overrides.tipCents ?? 100,
    recipientFirstName: overrides.recipientFirstName ?? 'Rita',
    recipientEmail,
    securityQuestion: question,
    securityAnswerHash: answer,
    personalNote: overrides.personalNote === undefined ? 'Happy birthday!' : overrides.personalNote,
    donorAccount: overrides.donorAccount ?? null,
  });
  const created = await fetch(`${baseUrl}/api/gifts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(payload),
  });
  if (created.status !== 201) throw new Error(`POST /api/gifts answered ${created.status}: ${await created.text()}`);
  const { checkoutUrl } = (await created.json()) as { checkoutUrl: string };

  const paid = await fetch(checkoutUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams({
      email: overrides.payerEmail ?? overrides.donorAccount?.email ?? 'sender@example.com',
      name: overrides.payerName ?? 'Sam Sender',
      card: '4242 4242 4242 4242',
    }).toString(),
  });
  if (paid.status !== 303) throw new Error(`sandbox checkout answered ${paid.status}: ${await paid.text()}`);

  const earlier = overrides.earlierClaimTokens ?? [];
  const mail = await waitForEmail(
    baseUrl,
    recipientEmail,
    (e) => /\/claim\/[A-Za-z0-9_-]{43}/.test(e.text) && !earlier.some((token) => e.text.includes(token)),
  );
  const claimUrl = /(https?:\/\/\S+\/claim\/[A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
  return { claimUrl, claimToken: claimUrl.split('/').pop()!, recipientEmail, checkoutUrl };
}

/** The sender's gift page link from the receipt e-mail sent to the payer. */
export async function manageUrlFromReceipt(baseUrl: string, payerEmail: string): Promise<string> {
  const receipt = await waitForEmail(baseUrl, payerEmail, (e) => /receipt/.test(e.subject));
  return /(https?:\/\/\S+\/gift\/manage\/[A-Za-z0-9_-]{43})/.exec(receipt.text)![1]!;
}
