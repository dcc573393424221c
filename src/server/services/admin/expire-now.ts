// The dashboard's "Process Expired" button: runs the expiry engine (expiry/expire-and-refund.ts) now, outside its
// schedule, and records who asked in the security log.
import type { ServiceDeps } from '../../deps.js';
import { processExpired, type ExpiryLogger } from '../expiry/expire-and-refund.js';
import { logSecurityEvent } from '../security-log.js';

export async function processExpiredAsAdmin(
  deps: ServiceDeps,
  actor: { email: string | null; ip: string },
  log?: ExpiryLogger,
): Promise<{ processed: number }> {
  const result = await processExpired(deps, log);
  await logSecurityEvent(deps.db, deps.clock, {
    event: 'admin.process_expired',
    actor: actor.email,
    ip: actor.ip,
    detail: { ...result },
  });
  return { processed: result.processed };
}
