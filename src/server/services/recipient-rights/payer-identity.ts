// Who paid for a reported gift, as the keys the risk layer matches payers on (decision 024,
// services/risk/payer-identity.ts): the keyed digests of the checkout e-mail, the card and the client address that
// were recorded when the gift was paid, or, for a gift paid before the risk layer kept them, the checkout e-mail's.
import { eq } from 'drizzle-orm';
import { giftPayers } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import { payerIdentity } from '../risk/payer-identity.js';

export async function payerIdentityKeys(
  db: DbOrTx,
  secret: string,
  gift: { id: number; senderEmail: string | null },
): Promise<string[]> {
  const [recorded] = await db
    .select({ emailKey: giftPayers.emailKey, cardKey: giftPayers.cardKey, clientKey: giftPayers.clientKey })
    .from(giftPayers)
    .where(eq(giftPayers.giftId, gift.id));
  const identity = recorded ?? payerIdentity(secret, { email: gift.senderEmail });
  return [identity.emailKey, identity.cardKey, identity.clientKey].filter((key): key is string => key !== null);
}
