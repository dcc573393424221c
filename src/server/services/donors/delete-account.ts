// "Delete account" (decision 012): erases the donor's profile and unlinks their gifts, in one transaction. The
// gifts themselves stay (the recipient may still claim; payment records are kept as the retention policy says);
// only the link to this person goes. Every session and sign-in link of the donor goes with the profile.
import { and, eq } from 'drizzle-orm';
import { donorLoginTokens, donors, gifts, sessions } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { unauthorized } from '../../errors.js';
import { donorActor, logSecurityEvent } from '../security-log.js';

export async function deleteDonorAccount(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  donorId: number,
  ip: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [donor] = await tx.select({ id: donors.id }).from(donors).where(eq(donors.id, donorId)).for('update');
    if (!donor) throw unauthorized();
    await tx.update(gifts).set({ donorId: null }).where(eq(gifts.donorId, donorId));
    await tx.delete(donorLoginTokens).where(eq(donorLoginTokens.donorId, donorId));
    await tx.delete(sessions).where(and(eq(sessions.kind, 'donor'), eq(sessions.subjectId, donorId)));
    await tx.delete(donors).where(eq(donors.id, donorId));
    await logSecurityEvent(tx, deps.clock, { event: 'donor.account_deleted', actor: donorActor(donorId), ip });
  });
}
