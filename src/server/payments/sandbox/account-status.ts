// A sandbox account's state changes as the provider's checks conclude: onboarding's outcome or the dashboard's
// "Complete verification". The change reaches the app as payout_account_updated, a signed webhook (events-out.ts),
// and the app pays out a newly verified account's waiting gifts at once.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { sandboxAccounts } from '../../db/schema.js';
import { sendSandboxEvent, type SandboxAppDeps } from './events-out.js';
import { sandboxAccountState, type SandboxAccountStatus } from './connect.js';

/** What the first onboarding submission gives: the owner's phone and the bank account's last 4 digits. */
export interface OwnerDetails {
  phone: string;
  payoutLast4: string;
}

/**
 * Sets the account's state; the owner's details only when it has none yet, so whoever learns an account id can
 * never put their own phone (the sign-in) or bank on an account someone else onboarded. Answers false for no account.
 */
export async function setSandboxAccountStatus(
  deps: SandboxAppDeps,
  accountId: string,
  status: SandboxAccountStatus,
  details?: OwnerDetails,
): Promise<boolean> {
  const [row] = await deps.db
    .update(sandboxAccounts)
    .set({
      status,
      updatedAt: deps.clock.now(),
      ...(details
        ? {
            phone: sql`coalesce(${sandboxAccounts.phone}, ${details.phone})`,
            payoutLast4: sql`case when ${sandboxAccounts.phone} is null then ${details.payoutLast4} else ${sandboxAccounts.payoutLast4} end`,
          }
        : {}),
    })
    .where(eq(sandboxAccounts.id, accountId))
    .returning();
  if (!row) return false;
  await sendSandboxEvent(deps, {
    id: `evt_sb_${randomBytes(12).toString('hex')}`,
    kind: 'payout_account_updated',
    account: sandboxAccountState(row),
  });
  return true;
}
