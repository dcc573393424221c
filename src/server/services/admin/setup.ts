// First-time setup: creates the one owner admin. The database enforces "only one" (admins_single_owner_idx),
// so parallel setups race safely: exactly one insert wins, the rest are refused.
import { sql } from 'drizzle-orm';
import { admins } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { hashSecret, safeEqual, sha256 } from '../../crypto.js';
import { forbidden } from '../../errors.js';
import type { AdminSetup } from '../../../shared/schemas/admin.js';
import { logSecurityEvent } from '../security-log.js';
import { assertPasswordAllowed } from './password-policy.js';
import { recordAudit } from './audit.js';

export const SETUP_CODE_MESSAGE =
  'The setup code is missing or wrong. It is printed in the server log when the server starts (or set by ADMIN_SETUP_CODE).';

/** Whether setup asks for the one-time code: in production (decision 012); development keeps the plain form. */
export const setupCodeRequired = (config: Pick<ServiceDeps['config'], 'adminSetupCode'>) =>
  Boolean(config.adminSetupCode);

/** The log line that tells the operator the code, when the server made it up at start. */
export function setupCodeNotice(
  config: Pick<ServiceDeps['config'], 'adminSetupCode' | 'adminSetupCodeGenerated'>,
): string | null {
  if (!config.adminSetupCode || !config.adminSetupCodeGenerated) return null;
  return `Admin setup code: ${config.adminSetupCode} (enter it at /admin/setup to create the first admin; it changes at every start until then)`;
}

export const SETUP_DONE_MESSAGE = 'Admin setup has already been completed. Please log in instead.';

export async function isSetupNeeded(deps: Pick<ServiceDeps, 'db'>): Promise<boolean> {
  const rows = await deps.db
    .select({ one: sql`1` })
    .from(admins)
    .limit(1);
  return rows.length === 0;
}

export async function createFirstAdmin(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  input: AdminSetup,
  ip: string | null,
): Promise<{ id: number }> {
  // Cheap early refusal; the insert below is what actually guarantees a single owner.
  if (!(await isSetupNeeded(deps))) throw forbidden(SETUP_DONE_MESSAGE, 'ADMIN_SETUP_DONE');
  const code = deps.config.adminSetupCode;
  // Compared as hashes, so the comparison takes the same time whatever was typed.
  if (code && !safeEqual(sha256((input.setupCode ?? '').trim()), sha256(code))) {
    await logSecurityEvent(deps.db, deps.clock, { event: 'admin.setup_code_refused', ip });
    throw forbidden(SETUP_CODE_MESSAGE, 'ADMIN_SETUP_CODE_INVALID');
  }
  assertPasswordAllowed(input.password);
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
    if (!row) throw forbidden(SETUP_DONE_MESSAGE, 'ADMIN_SETUP_DONE');
    await logSecurityEvent(tx, deps.clock, { event: 'admin.setup', actor: input.email.toLowerCase(), ip });
    await recordAudit(tx, deps.clock, { adminId: row.id, ip, action: 'setup', outcome: 'success' });
    return row;
  });
}
