// The operators' audit log (decision 020): who (admin id, null for a failure with an unknown e-mail), when, from
// which client address, what (action), on which gift (its public id) and how it ended. Kept one year by the
// retention job (RETENTION_SECURITY_LOG_DAYS); the dashboard reads it newest first, a page at a time.
import { desc, eq } from 'drizzle-orm';
import { adminAudit, gifts } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import type { Clock } from '../../clock.js';
import { AUDIT_PAGE_SIZE, type AuditPage } from '../../../shared/schemas/admin-auth.js';

export type AuditAction =
  | 'setup'
  | 'login'
  | 'login_failed'
  | 'login_throttled'
  | 'second_factor'
  | 'second_factor_failed'
  | 'second_factor_throttled'
  | 'recovery_code_used'
  | 'second_factor_enrolled'
  | 'second_factor_skipped'
  | 'step_up'
  | 'step_up_failed'
  | 'password_changed'
  | 'password_change_failed'
  | 'logout'
  | 'refund_sender'
  | 'retry_movement'
  | 'resolve_attention'
  | 'process_expired'
  | 'resend_email'
  | 'unfreeze_claim'
  | 'approve_review'
  | 'reject_review'
  | 'block_payer'
  | 'block_recipient'
  | 'unblock';

export interface AuditEntryInput {
  adminId: number | null;
  ip: string | null;
  action: AuditAction;
  target?: string | null;
  /** `success`, `failed`, `throttled`, or a refusal in a few words (`refused (409)`, `step-up required`). */
  outcome: string;
}

export async function recordAudit(db: DbOrTx, clock: Clock, entry: AuditEntryInput): Promise<void> {
  await db.insert(adminAudit).values({
    adminId: entry.adminId,
    ip: entry.ip,
    action: entry.action,
    target: entry.target ?? null,
    outcome: entry.outcome,
    createdAt: clock.now(),
  });
}

/** The gift's public id, the target the audit log names (the serial id is internal). */
export async function giftTarget(db: DbOrTx, giftId: number): Promise<string | null> {
  const [gift] = await db.select({ publicId: gifts.publicId }).from(gifts).where(eq(gifts.id, giftId));
  return gift?.publicId ?? null;
}

export async function auditPage(db: DbOrTx, page: number): Promise<AuditPage> {
  const rows = await db
    .select()
    .from(adminAudit)
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return {
    page,
    hasMore: rows.length > AUDIT_PAGE_SIZE,
    entries: rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      adminId: r.adminId,
      ip: r.ip,
      action: r.action,
      target: r.target,
      outcome: r.outcome,
    })),
  };
}
