// Who paid for a gift, as keys a later gift can be matched on, without keeping who they are in the clear: keyed
// digests (DIGEST_SECRET) of the checkout e-mail, normalised. The card fingerprint would be the second key, but
// no provider event the app handles carries one today. The risk rules (issue 24) define the payer identity for
// the whole app; this ONE function is what the recipient's rights use until then, and is swapped for theirs.
import { keyedDigest } from '../../crypto.js';

export interface Payer {
  /** The e-mail given at checkout (gifts.sender_email). */
  senderEmail: string | null;
}

/** "  Sam@Example.COM " → "sam@example.com"; a +tag on the local part names the same mailbox. */
export function normalisePayerEmail(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  return `${local.split('+')[0]}@${domain}`;
}

/** The payer's keys, none when nothing identifies them (an erased gift). */
export function payerIdentityKeys(secret: string, payer: Payer): string[] {
  return payer.senderEmail ? [keyedDigest(secret, 'payer-email', normalisePayerEmail(payer.senderEmail))] : [];
}
