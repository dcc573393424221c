// Donor sign-in events for the security log (kept RETENTION_SECURITY_LOG_DAYS by the retention job).
import { securityLog } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { Clock } from '../../clock.js';

export type DonorSecurityEvent =
  | 'donor.sign_in'
  | 'donor.sign_in_failed'
  | 'donor.sign_in_link_requested'
  | 'donor.sign_in_rate_limited'
  | 'donor.sign_out';

export async function logDonorEvent(
  db: DbOrTx,
  clock: Clock,
  entry: { event: DonorSecurityEvent; donorId?: number | null; ip?: string | null; detail?: Record<string, unknown> },
): Promise<void> {
  await db.insert(securityLog).values({
    event: entry.event,
    actor: entry.donorId ? `donor:${entry.donorId}` : null,
    ip: entry.ip ?? null,
    detail: entry.detail ?? null,
    createdAt: clock.now(),
  });
}
