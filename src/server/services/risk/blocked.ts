// The checks of operator blocks (decision 024): a gift to a blocked recipient address is refused when it is created,
// before anyone pays, with a neutral 409 that gives no reason; a payer identity with any blocked part is found at
// payment (evaluate-payment.ts refunds that gift whole). Both compare keyed digests only (risk_blocks).
import { and, eq, or, type SQL } from 'drizzle-orm';
import { riskBlocks } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import { runOn, statement } from '../../db/statements.js';
import type { ServiceDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { keyedDigest } from '../../crypto.js';
import { normaliseEmail, type PayerIdentity } from './payer-identity.js';

export const RECIPIENT_UNAVAILABLE_MESSAGE =
  'A gift to this address cannot be sent through Hushgift. Please check the address, or contact support.';

/** The recipient address as blocks compare it: normalised as a payer's e-mail is (a "+tag" does not get round it). */
export const recipientBlockKey = (secret: string, email: string) =>
  keyedDigest(secret, 'blocked-recipient', normaliseEmail(email));

/** Whether the recipient key (recipientBlockKey) given as parameter `param` ("$1") is blocked, as a SQL boolean. */
export const recipientBlockedSql = (param: string) =>
  `exists (select 1 from risk_blocks where kind = 'recipient' and key = ${param}::text)`;
const blockedRecipient = statement('recipient_blocked', `select ${recipientBlockedSql('$1')} as blocked`);

/** Why a gift to a blocked address is refused (409 RECIPIENT_UNAVAILABLE); it never says why. */
export const recipientUnavailable = () => new AppError(409, 'RECIPIENT_UNAVAILABLE', RECIPIENT_UNAVAILABLE_MESSAGE);

/** Refuses a gift to a blocked address (409 RECIPIENT_UNAVAILABLE); the answer never says why. */
export async function assertRecipientNotBlocked(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  email: string,
): Promise<void> {
  const key = recipientBlockKey(deps.config.digestSecret!, email);
  const [row] = await runOn(deps.db)<{ blocked: boolean }>(blockedRecipient, [key]);
  if (row!.blocked) throw recipientUnavailable();
}

/** Whether any known part of the payer identity is blocked. */
export async function payerBlocked(db: DbOrTx, identity: PayerIdentity): Promise<boolean> {
  const parts = [
    identity.emailKey ? and(eq(riskBlocks.kind, 'payer_email'), eq(riskBlocks.key, identity.emailKey)) : undefined,
    identity.cardKey ? and(eq(riskBlocks.kind, 'payer_card'), eq(riskBlocks.key, identity.cardKey)) : undefined,
    identity.clientKey ? and(eq(riskBlocks.kind, 'payer_client'), eq(riskBlocks.key, identity.clientKey)) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  if (parts.length === 0) return false;
  const [hit] = await db
    .select({ id: riskBlocks.id })
    .from(riskBlocks)
    .where(or(...parts))
    .limit(1);
  return Boolean(hit);
}
