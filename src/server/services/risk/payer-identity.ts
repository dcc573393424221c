// Who paid, in the one form the risk rules, blocks and "stop this sender" compare (decision 024): keyed digests
// (crypto.ts keyedDigest under DIGEST_SECRET) of the checkout's e-mail normalised, the card's fingerprint where the
// provider gives one, and the client address (an IPv6 /64 counts as one). Digests, not the values: the identity
// can be stored and matched without keeping another copy of anyone's address.
import { keyedDigest } from '../../crypto.js';
import { clientAddressKey } from '../rate-limit.js';

export interface PayerIdentityInput {
  /** The e-mail given at checkout (Stripe's customer_details.email, the sandbox form's). */
  email?: string | null;
  /** The card's fingerprint (Stripe's payment_method_details.card.fingerprint): one card, every gift. */
  cardFingerprint?: string | null;
  /** The client address the gift was started (or claimed) from. */
  clientAddress?: string | null;
}

/** Each part is null when unknown; two payers are one when any known part is equal. */
export interface PayerIdentity {
  emailKey: string | null;
  cardKey: string | null;
  clientKey: string | null;
}

/**
 * The e-mail as one person's mailbox: trimmed, lower case, without a "+tag" (jane+gifts@ and jane@ are one
 * payer). Dots are kept: only some providers ignore them.
 */
export function normaliseEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  const local = trimmed.slice(0, at).replace(/\+.*$/, '');
  return `${local || trimmed.slice(0, at)}@${trimmed.slice(at + 1)}`;
}

export function payerIdentity(secret: string, input: PayerIdentityInput): PayerIdentity {
  const digest = (purpose: string, value: string | null | undefined) =>
    value ? keyedDigest(secret, `payer-${purpose}`, value) : null;
  return {
    emailKey: digest('email', input.email ? normaliseEmail(input.email) : null),
    cardKey: digest('card', input.cardFingerprint?.trim()),
    clientKey: digest('client', input.clientAddress ? clientAddressKey(input.clientAddress) : null),
  };
}
