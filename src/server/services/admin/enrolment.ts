// Enrolling the second factor: a new secret (stored encrypted, not yet active) shown as a QR code and as text;
// the first right code from the app activates it and answers ten recovery codes, shown once. Skipping is allowed
// only where the second factor is not required (the sandbox provider on a local machine).
import { and, eq, isNull } from 'drizzle-orm';
import { admins } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { adminAuthRequired, conflict, forbidden } from '../../errors.js';
import type { Enrolment } from '../../../shared/schemas/admin-auth.js';
import { decryptTotpSecret, encryptTotpSecret } from './totp-secret.js';
import { newTotpSecret, totpProvisioning } from './totp.js';
import { issueRecoveryCodes } from './recovery-codes.js';
import { verifySecondFactor } from './second-factor.js';
import { recordAudit } from './audit.js';

type Deps = Pick<ServiceDeps, 'db' | 'clock' | 'config'>;

export const ALREADY_ENROLLED_MESSAGE = 'This account already has a second factor.';
export const SKIP_REFUSED_MESSAGE =
  'A second factor is required here: scan the QR code with an authenticator app and enter its code.';

async function adminRow(deps: Deps, adminId: number) {
  const [admin] = await deps.db.select().from(admins).where(eq(admins.id, adminId));
  if (!admin) throw adminAuthRequired();
  return admin;
}

/** A fresh secret for the app (replacing an enrolment left unfinished). */
export async function startEnrolment(deps: Deps, adminId: number): Promise<Enrolment> {
  const admin = await adminRow(deps, adminId);
  if (admin.totpEnabledAt) throw conflict(ALREADY_ENROLLED_MESSAGE, 'SECOND_FACTOR_ENROLLED');
  const secret = newTotpSecret();
  await deps.db
    .update(admins)
    .set({ totpSecretEnc: encryptTotpSecret(deps.config.totpKey!, adminId, secret), totpLastStep: null })
    .where(and(eq(admins.id, adminId), isNull(admins.totpEnabledAt)));
  return { secret, ...(await totpProvisioning(admin.email, secret)), optional: !deps.config.secondFactorRequired };
}

/** The app's first code proves it holds the secret: the factor becomes active, and the recovery codes are made. */
export async function confirmEnrolment(deps: Deps, adminId: number, code: string, ip: string): Promise<string[]> {
  const admin = await adminRow(deps, adminId);
  if (admin.totpEnabledAt) throw conflict(ALREADY_ENROLLED_MESSAGE, 'SECOND_FACTOR_ENROLLED');
  if (!admin.totpSecretEnc)
    throw conflict('Start the setup first: the page shows a QR code to scan.', 'SECOND_FACTOR_NOT_ENROLLED');
  const secret = decryptTotpSecret(deps.config.totpKey!, adminId, admin.totpSecretEnc);
  await verifySecondFactor(deps, adminId, secret, code, ip, 'enrol');
  return deps.db.transaction(async (tx) => {
    // The secret checked is the one activated: a parallel restart of the enrolment makes this a no-op.
    const [done] = await tx
      .update(admins)
      .set({ totpEnabledAt: deps.clock.now() })
      .where(and(eq(admins.id, adminId), isNull(admins.totpEnabledAt), eq(admins.totpSecretEnc, admin.totpSecretEnc!)))
      .returning({ id: admins.id });
    if (!done)
      throw conflict(
        'The setup changed meanwhile (another tab?). Reload the page and scan the new code.',
        'BAD_REQUEST',
      );
    return issueRecoveryCodes(tx, deps.clock, adminId);
  });
}

export async function skipEnrolment(deps: Deps, adminId: number, ip: string): Promise<void> {
  if (deps.config.secondFactorRequired) throw forbidden(SKIP_REFUSED_MESSAGE, 'SECOND_FACTOR_REQUIRED');
  await recordAudit(deps.db, deps.clock, { adminId, ip, action: 'second_factor_skipped', outcome: 'success' });
}
