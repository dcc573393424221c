// Who is signed in, and the state of their second factor: the dashboard says when the account has none.
import { eq } from 'drizzle-orm';
import { admins } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { adminAuthRequired } from '../../errors.js';
import type { AdminMe } from '../../../shared/schemas/admin-auth.js';
import { recoveryCodesLeft } from './recovery-codes.js';

export async function adminMe(deps: Pick<ServiceDeps, 'db' | 'config'>, adminId: number): Promise<AdminMe> {
  const [admin] = await deps.db.select().from(admins).where(eq(admins.id, adminId));
  if (!admin) throw adminAuthRequired();
  return {
    email: admin.email,
    firstName: admin.firstName,
    lastName: admin.lastName,
    secondFactor: admin.totpEnabledAt !== null,
    secondFactorRequired: deps.config.secondFactorRequired,
    recoveryCodesLeft: await recoveryCodesLeft(deps.db, adminId),
  };
}
