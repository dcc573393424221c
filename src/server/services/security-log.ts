// The security log (kept RETENTION_SECURITY_LOG_DAYS by the retention job): setup, logins, failed logins,
// lockouts, donor sign-ins and admin actions — who did what, from where, and when.
import { securityLog } from '../db/schema.js';
import type { DbOrTx } from '../db/client.js';
import type { Clock } from '../clock.js';

export type SecurityEvent =
  | 'admin.setup'
  | 'admin.setup_code_refused'
  | 'admin.login'
  | 'admin.login_failed'
  | 'admin.lockout'
  | 'admin.logout'
  | 'admin.resend_email'
  | 'admin.process_expired'
  | 'admin.unfreeze_claim'
  | 'admin.retry_movement'
  | 'admin.refund_sender'
  | 'admin.resolve_attention'
  | 'admin.risk_approve'
  | 'admin.risk_reject'
  | 'admin.risk_block'
  | 'admin.risk_unblock'
  | 'donor.sign_in'
  | 'donor.sign_in_failed'
  | 'donor.sign_in_link_requested'
  | 'donor.sign_in_rate_limited'
  | 'donor.sign_out'
  | 'gift.start_rate_limited'
  | 'gift.declines_rate_limited'
  | 'claim.rate_limited'
  | 'claim.start_rate_limited'
  | 'claim.frozen'
  | 'donor.account_deleted'
  | 'verify.rate_limited';

export interface SecurityEntry {
  event: SecurityEvent;
  /** Who: an admin's e-mail (or the one tried, for a failed login), or `donor:<id>`. */
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

/** The actor of a donor's events. */
export const donorActor = (donorId: number) => `donor:${donorId}`;
