// Claims per client address (decision 012), both per CLAIM_ATTEMPT_WINDOW_MS across all gifts:
// - wrong answers: at most config.claimAttemptsPerClient, so links collected elsewhere cannot be guessed at in bulk;
//   counted before the answer is checked, a right answer takes its count back (withdrawAttempts);
// - claim starts, right or wrong: at most config.claimStartsPerClient, because a right answer costs as much as a
//   wrong one (an argon2 check) and then two provider calls (account and onboarding link), and is never taken back.
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

export function admitClaimStart(deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>, ip: string): Promise<number[]> {
  return admitClientAttempt(deps, ip, {
    name: 'claim-start',
    limit: deps.config.claimStartsPerClient,
    windowMs: CLAIM_ATTEMPT_WINDOW_MS,
    refusedEvent: 'claim.start_rate_limited',
    refusal: (wait) => `Too many claims from your network. Please try again ${wait}.`,
  });
}
