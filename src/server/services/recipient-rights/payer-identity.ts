// Who paid for a gift, as the keys the risk layer matches payers on (decision 024,
// services/risk/payer-identity.ts): the keyed digests of the checkout e-mail, the card and the client address that
// were recorded when the gift was paid, or, for a gift paid before the risk layer kept them, the checkout e-mail's.
import { eq } from 'drizzle-orm';
import { giftPayers } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import { payerIdentity, type PayerIdentity } from '../risk/payer-identity.js';
import { readSender } from '../gifts/sender.js';

async function recordedIdentity(db: DbOrTx, secret: string, gift: { id: number }): Promise<PayerIdentity> {
  const [recorded] = await db
    .select({ emailKey: giftPayers.emailKey, cardKey: giftPayers.cardKey, clientKey: giftPayers.clientKey })
    .from(giftPayers)
    .where(eq(giftPayers.giftId, gift.id));
  return recorded ?? payerIdentity(secret, { email: (await readSender(db, gift.id)).senderEmail });
}

/** Every known key: what a report hands the operator. */
export async function payerIdentityKeys(db: DbOrTx, secret: string, gift: { id: number }): Promise<string[]> {
  const identity = await recordedIdentity(db, secret, gift);
  return personKeys(identity).concat(identity.clientKey ?? []);
}

/**
 * The keys that name the payer as a person: the checkout e-mail's and the card's. Not the client address: a shared
 * network (a household, an office, a phone carrier) would make a recipient's stop refund strangers' gifts.
 */
export const personKeys = (identity: PayerIdentity): string[] =>
  [identity.emailKey, identity.cardKey].filter((key): key is string => key !== null);

/** The person keys of the gift's payer: what "stop this sender" keeps. */
export async function payerPersonKeys(db: DbOrTx, secret: string, gift: { id: number }): Promise<string[]> {
  return personKeys(await recordedIdentity(db, secret, gift));
}
