// Each gift start costs an argon2id hash and a checkout session at the provider, so one client address may
// start only config.giftStartsPerClient gifts per GIFT_START_WINDOW_MS (counted in the database, shared by
// every instance). Validation runs first: a rejected form does not use up the allowance.
import type { ServiceDeps } from '../../deps.js';
import { GIFT_START_WINDOW_MS } from '../../config.js';
import { admitClientAttempt } from '../client-allowance.js';
import { admitAfterDeclines } from '../risk/card-testing.js';

export async function admitGiftStart(deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>, ip: string): Promise<void> {
  await admitAfterDeclines(deps, { clientAddress: ip });
  await admitClientAttempt(deps, ip, {
    name: 'gift-start',
    limit: deps.config.giftStartsPerClient,
    windowMs: GIFT_START_WINDOW_MS,
    refusedEvent: 'gift.start_rate_limited',
    refusal: (wait) => `You've started many gifts in a short time. Please try again ${wait}.`,
  });
}
