// Who took an attention action, for the security log: the admin's id and e-mail, and the client address.
import type { DbOrTx } from '../../db/client.js';
import type { Clock } from '../../clock.js';
import { logSecurityEvent, type SecurityEvent } from '../security-log.js';

export interface AdminActor {
  id: number;
  email: string | null;
  ip: string;
}

export function logAdminAction(
  db: DbOrTx,
  clock: Clock,
  event: SecurityEvent,
  actor: AdminActor,
  detail: Record<string, unknown>,
): Promise<void> {
  return logSecurityEvent(db, clock, {
    event,
    actor: actor.email,
    ip: actor.ip,
    detail: { adminId: actor.id, ...detail },
  });
}
