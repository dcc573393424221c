// "Is this e-mail real?" (issue 25 point 2): every claim e-mail carries its own code, XXXX-XXXX, and /verify says
// whether a real gift has it: amount, "from a friend", expiry, never a claim link nor the address. Codes are kept
// only as keyed digests, so a database reader cannot list them; 40 bits each, so the per-client limit stops guessing.
import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { giftVerificationCodes, gifts } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import { keyedDigest } from '../../crypto.js';
import { VERIFY_LOOKUP_WINDOW_MS } from '../../config.js';
import { admitClientAttempt } from '../client-allowance.js';
import { withinClaimWindow } from '../claims/find-gift.js';
import { formatCents } from '../../../shared/money.js';
import {
  formatVerifyCode,
  normaliseVerifyCode,
  VERIFY_CODE_ALPHABET,
  VERIFY_CODE_LENGTH,
  VERIFY_MESSAGES,
  type VerifyResponse,
} from '../../../shared/schemas/recipient-rights.js';

const codeDigest = (secret: string, code: string) => keyedDigest(secret, 'verify-code', code);

/** Mints a fresh code for one claim e-mail of the gift, in the caller's transaction; answers it as XXXX-XXXX. */
export async function mintVerificationCode(
  tx: DbOrTx,
  deps: Pick<ServiceDeps, 'clock' | 'config'>,
  giftId: number,
): Promise<string> {
  const code = Array.from({ length: VERIFY_CODE_LENGTH }, () => VERIFY_CODE_ALPHABET[randomInt(32)]).join('');
  await tx
    .insert(giftVerificationCodes)
    .values({ codeDigest: codeDigest(deps.config.digestSecret!, code), giftId, createdAt: deps.clock.now() });
  return formatVerifyCode(code);
}

/** Checks a typed code, counted per client address before anything is looked up (429 past the limit). */
export async function verifyGiftCode(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  typed: string,
  ip: string,
): Promise<VerifyResponse> {
  await admitClientAttempt(deps, ip, {
    name: 'verify-code',
    limit: deps.config.verifyLookupsPerClient,
    windowMs: VERIFY_LOOKUP_WINDOW_MS,
    refusedEvent: 'verify.rate_limited',
    refusal: (wait) => `Too many codes checked from your network. Please try again ${wait}.`,
  });
  const code = normaliseVerifyCode(typed);
  const [gift] = code
    ? await deps.db
        .select({
          state: gifts.state,
          amountCents: gifts.amountCents,
          expiresAt: gifts.expiresAt,
          claimStartedAt: gifts.claimStartedAt,
        })
        .from(giftVerificationCodes)
        .innerJoin(gifts, eq(gifts.id, giftVerificationCodes.giftId))
        .where(eq(giftVerificationCodes.codeDigest, codeDigest(deps.config.digestSecret!, code)))
    : [];
  if (!gift?.expiresAt) return { found: false, message: VERIFY_MESSAGES.notFound };
  const claimable =
    (gift.state === 'paid' || gift.state === 'claim_started') && withinClaimWindow(gift, deps.clock.now());
  return {
    found: true,
    amount: formatCents(gift.amountCents),
    from: 'a friend',
    expiresAt: gift.expiresAt.toISOString(),
    claimable,
    message: claimable ? VERIFY_MESSAGES.openLink : VERIFY_MESSAGES.over,
  };
}

/** Erasure: a gift whose personal data is gone is no longer confirmed to anyone. */
export async function deleteVerificationCodes(tx: DbOrTx, giftIds: number[]): Promise<void> {
  if (giftIds.length) await tx.delete(giftVerificationCodes).where(inArray(giftVerificationCodes.giftId, giftIds));
}
