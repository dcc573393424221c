// Issues a single-use donor sign-in link (valid 15 minutes, stored only hashed) and queues its e-mail.
// Used after a donor's first paid gift and by the sign-in request.
import { eq } from 'drizzle-orm';
import { donorLoginTokens, donors } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import { newSecretToken } from '../../crypto.js';
import { queueEmail } from '../../email/outbox.js';
import { signInEmail } from '../../email/templates/donor-sign-in.js';

export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;

export async function issueDonorSignInLink(
  tx: DbOrTx,
  deps: Pick<ServiceDeps, 'clock' | 'config'>,
  donorId: number,
): Promise<void> {
  const [donor] = await tx.select().from(donors).where(eq(donors.id, donorId));
  if (!donor) return;
  const { token, hash } = newSecretToken();
  const now = deps.clock.now();
  await tx.insert(donorLoginTokens).values({
    tokenHash: hash,
    donorId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS),
  });
  const link = `${deps.config.publicUrl}/donor/login?token=${encodeURIComponent(token)}`;
  await queueEmail(tx, deps.clock, {
    kind: 'donor-sign-in',
    to: donor.email,
    ...signInEmail({ firstName: donor.firstName, link }),
  });
}
