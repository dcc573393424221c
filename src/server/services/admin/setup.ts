// First-time setup: creates the one owner admin. The database enforces "only one" (admins_single_owner_idx),
// so parallel setups race safely: exactly one insert wins, the rest are refused.
import { sql } from 'drizzle-orm';
import { admins } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { hashSecret } from '../../crypto.js';
import { forbidden } from '../../errors.js';
import type { AdminSetup } from '../../../shared/schemas/admin.js';
import { logSecurityEvent } from '../security-log.js';

export const SETUP_DONE_MESSAGE = 'Admin setup has already been completed. Please log in instead.';

export async function isSetupNeeded(deps: Pick<ServiceDeps, 'db'>): Promise<boolean> {
  const rows = await deps.db.select({ one: sql`1` }).from(admins).limit(1);
  return rows.length === 0;
}

export async function createFirstAdmin(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  input: AdminSetup,
  ip: string | null,
): Promise<{ id: number }> {
  // Cheap early refusal; the insert below is what actually guarantees a single owner.
  if (!(await isSetupNeeded(deps))) throw forbidden(SETUP_DONE_MESSAGE);
  const passwordHash = await hashSecret(input.password);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(admins)
      .values({
        email: input.email.toLowerCase(),
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        isOwner: true,
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: admins.id });
    if (!row) throw forbidden(SETUP_DONE_MESSAGE);
    await logSecurityEvent(tx, deps.clock, { event: 'admin.setup', actor: input.email.toLowerCase(), ip });
    return row;
  });
}
