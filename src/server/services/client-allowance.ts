// One client address, one window: work that is costly or guessable (a gift start, a security answer) is counted
// per address before it runs; past the allowance the attempt is logged and refused with a 429 saying when to retry.
import type { ServiceDeps } from '../deps.js';
import { humanWait, tooManyRequests } from '../errors.js';
import { admitAttempt, clientAddressKey } from './rate-limit.js';
import { logSecurityEvent, type SecurityEvent } from './security-log.js';

export interface ClientAllowance {
  /** Names the counter: `<name>:ip:<address>`. */
  name: string;
  limit: number;
  windowMs: number;
  /** Logged when an attempt is refused. */
  refusedEvent: SecurityEvent;
  /** The refusal's message, given when to retry ("in 1 hour"). */
  refusal: (wait: string) => string;
}

/** Counts one attempt for the address, or throws the 429; answers the counted rows (see withdrawAttempts). */
export async function admitClientAttempt(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  ip: string,
  allowance: ClientAllowance,
): Promise<number[]> {
  const admission = await admitAttempt(deps.db, deps.clock, [
    { bucket: `${allowance.name}:ip:${clientAddressKey(ip)}`, limit: allowance.limit, windowMs: allowance.windowMs },
  ]);
  if (!admission.admitted) {
    await logSecurityEvent(deps.db, deps.clock, { event: allowance.refusedEvent, ip });
    throw tooManyRequests(allowance.refusal(humanWait(admission.retryAfterSeconds)), admission.retryAfterSeconds);
  }
  return admission.attemptIds;
}
