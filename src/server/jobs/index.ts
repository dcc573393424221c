// The scheduled jobs of a running server, one line each.
import type { AppDeps } from '../deps.js';
import { deliverDueEmails } from '../email/outbox.js';
import { purgeExpiredData } from '../services/retention/purge.js';
import { PAYOUT_JOB_INTERVAL_MS, runPayouts } from '../services/payouts/job.js';
import type { Job } from './runner.js';
import { processExpired } from '../services/expiry/process-expired.js';
import { expireDueCheckouts } from '../payments/sandbox/checkout-completion.js';

const MAX_TIMER_MS = 2 ** 31 - 1;

export function scheduledJobs(deps: AppDeps, log?: { warn(obj: unknown, msg: string): void }): Job[] {
  const host = new URL(deps.config.publicUrl).hostname;
  return [
    {
      name: 'outbox',
      intervalMs: deps.config.outboxIntervalMs,
      run: () => deliverDueEmails({ ...deps, messageIdDomain: host }),
    },
    { name: 'retention', intervalMs: 60 * 60_000, run: () => purgeExpiredData(deps) },
    { name: 'payouts', intervalMs: PAYOUT_JOB_INTERVAL_MS, run: () => runPayouts(deps) },
    {
      // Safe on several instances: each run claims due gifts with FOR UPDATE SKIP LOCKED.
      name: 'expiry',
      // setTimeout cannot wait longer than 2^31-1 ms (~24.8 days); a longer setting would fire every millisecond.
      intervalMs: Math.min(deps.config.expiryIntervalMs, MAX_TIMER_MS),
      run: () => processExpired(deps, log),
    },
    // Stripe expires its checkouts itself; the sandbox does it here, with the same event.
    ...(deps.payments.name === 'sandbox' ? [{ name: 'sandbox-checkout-expiry', intervalMs: 5 * 60_000, run: () => expireDueCheckouts(deps) }] : []),
  ];
}
