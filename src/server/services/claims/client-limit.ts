// Claim answers per client address (decision 012): one address may check at most config.claimAttemptsPerClient
// answers per CLAIM_ATTEMPT_WINDOW_MS across all gifts, so links collected elsewhere cannot be guessed at in bulk.
// Counted before the answer is checked; a right answer takes its count back (withdrawAttempts).
import type { ServiceDeps } from '../../deps.js';
import { CLAIM_ATTEMPT_WINDOW_MS } from '../../config.js';
import { admitClientAttempt } from '../client-allowance.js';

export function admitClaimAttempt(deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>, ip: string): Promise<number[]> {
  return admitClientAttempt(deps, ip, {
    name: 'claim-answer',
    limit: deps.config.claimAttemptsPerClient,
    windowMs: CLAIM_ATTEMPT_WINDOW_MS,
    refusedEvent: 'claim.rate_limited',
    refusal: (wait) => `Too many security answers from your network. Please try again ${wait}.`,
  });
}
