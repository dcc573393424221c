// Admin actions go to security_log (kept 1 year, spec §9): who did what, from where, and when.
import { securityLog } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { Clock } from '../../clock.js';

export type SecurityEvent =
  | 'admin.setup'
  | 'admin.login'
  | 'admin.login_failed'
  | 'admin.lockout'
  | 'admin.logout'
  | 'admin.resend_email'
  | 'admin.process_expired';

export interface SecurityEntry {
  event: SecurityEvent;
  /** The admin's e-mail (or the e-mail tried, for a failed login). */
  actor?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

export async function logSecurityEvent(db: DbOrTx, clock: Clock, entry: SecurityEntry): Promise<void> {
  await db.insert(securityLog).values({
    event: entry.event,
    actor: entry.actor ?? null,
    ip: entry.ip ?? null,
    detail: entry.detail ?? null,
    createdAt: clock.now(),
  });
}
