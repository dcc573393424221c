// Each gift start costs an argon2id hash and a checkout session at the provider, so one client address may
// start only config.giftStartsPerClient gifts per GIFT_START_WINDOW_MS (counted in the database, shared by
// every instance). Validation runs first: a rejected form does not use up the allowance.
import type { ServiceDeps } from '../../deps.js';
import { GIFT_START_WINDOW_MS } from '../../config.js';
import { humanWait, tooManyRequests } from '../../errors.js';
import { admitAttempt } from '../rate-limit.js';
import { logSecurityEvent } from '../security-log.js';

export async function admitGiftStart(deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>, ip: string): Promise<void> {
  const admission = await admitAttempt(deps.db, deps.clock, [
    { bucket: `gift-start:ip:${ip}`, limit: deps.config.giftStartsPerClient, windowMs: GIFT_START_WINDOW_MS },
  ]);
  if (!admission.admitted) {
    await logSecurityEvent(deps.db, deps.clock, { event: 'gift.start_rate_limited', ip });
    throw tooManyRequests(
      `You've started many gifts in a short time. Please try again ${humanWait(admission.retryAfterSeconds)}.`,
      admission.retryAfterSeconds,
    );
  }
}
