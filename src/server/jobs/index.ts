// The scheduled jobs of a running server, one line each.
import type { AppDeps } from '../deps.js';
import { deliverDueEmails } from '../email/outbox.js';
import { purgeExpiredData } from '../services/retention/purge.js';
import { PAYOUT_JOB_INTERVAL_MS, runPayouts } from '../services/payouts/job.js';
import type { Job } from './runner.js';
import type { JobName } from './names.js';
import { deliverScheduledGifts } from '../services/delivery/deliver-scheduled.js';
import { sendDueReminders } from '../services/delivery/reminders.js';
import { outboxHooks } from '../services/delivery/outbox-hooks.js';
import { processExpired } from '../services/expiry/expire-and-refund.js';
import { checkPendingPayments } from '../services/events/pending-check.js';
import { RECONCILER_INTERVAL_MS, runReconciler } from '../services/ledger/reconciler.js';
import { expireDueCheckouts } from '../payments/sandbox/checkout-completion.js';
import type { Metrics } from '../observability/metrics.js';
import { sandboxWebhookEndpoint } from '../services/events/ingest-webhook.js';
import { runGroupDeadlines, sendOrganiserReminders } from '../services/together/send.js';

const MAX_TIMER_MS = 2 ** 31 - 1;

type Log = { warn(obj: unknown, msg: string): void };

export function scheduledJobs(deps: AppDeps, log?: Log, metrics?: Pick<Metrics, 'emailUndelivered'>): Job[] {
  const paused = new Set(deps.config.jobsPaused);
  return allJobs(deps, log, metrics).filter((job) => !paused.has(job.name));
}

function allJobs(
  deps: AppDeps,
  log?: Log,
  metrics?: Pick<Metrics, 'emailUndelivered'>,
): Array<Job & { name: JobName }> {
  const host = new URL(deps.config.publicUrl).hostname;
  return [
    {
      name: 'outbox',
      intervalMs: deps.config.outboxIntervalMs,
      run: () =>
        deliverDueEmails({
          ...deps,
          messageIdDomain: host,
          digestSecret: deps.config.digestSecret!,
          ...countUndelivered(outboxHooks({ ...deps, publicUrl: deps.config.publicUrl }), metrics),
        }),
    },
    // Scheduled gifts whose day has come, and reminders before expiry (decision 016).
    { name: 'delivery', intervalMs: deps.config.deliveryIntervalMs, run: () => deliverScheduledGifts(deps) },
    { name: 'reminders', intervalMs: 15 * 60_000, run: () => sendDueReminders(deps) },
    { name: 'retention', intervalMs: 60 * 60_000, run: () => purgeExpiredData(deps) },
    { name: 'payouts', intervalMs: PAYOUT_JOB_INTERVAL_MS, run: () => runPayouts(deps) },
    // Every outgoing movement (transfer, refund) not yet made: retried, resumed after a crash, looked up first.
    {
      name: 'reconciler',
      intervalMs: Math.min(RECONCILER_INTERVAL_MS, deps.config.reconcileAfterMs),
      run: () => runReconciler(deps),
    },
    {
      // Safe on several instances: each run claims due gifts with FOR UPDATE SKIP LOCKED.
      name: 'expiry',
      // setTimeout cannot wait longer than 2^31-1 ms (~24.8 days); a longer setting would fire every millisecond.
      intervalMs: Math.min(deps.config.expiryIntervalMs, MAX_TIMER_MS),
      run: () => processExpired(deps, log),
    },
    // Group gifts (decision 026): the organiser's reminder before the deadline, then the send (or close) at it.
    {
      name: 'together',
      intervalMs: 60_000,
      run: async () => ({ reminded: (await sendOrganiserReminders(deps)).sent, ...(await runGroupDeadlines(deps)) }),
    },
    // Payments whose webhook never arrived: pending gifts over an hour old are checked against the provider.
    { name: 'pending-payments', intervalMs: 10 * 60_000, run: () => checkPendingPayments(deps) },
    // Stripe expires its checkouts itself; the sandbox does it here, with the same event.
    ...(deps.payments.name === 'sandbox'
      ? [
          {
            name: 'sandbox-checkout-expiry' as const,
            intervalMs: 5 * 60_000,
            run: () => expireDueCheckouts({ ...deps, webhookEndpoint: sandboxWebhookEndpoint(deps) }),
          },
        ]
      : []),
  ];
}

/** The outbox's hooks, also counting each e-mail it stops trying in the metrics. */
function countUndelivered(
  hooks: ReturnType<typeof outboxHooks>,
  metrics: Pick<Metrics, 'emailUndelivered'> | undefined,
): ReturnType<typeof outboxHooks> {
  if (!metrics) return hooks;
  return {
    onBounce: (message) => (metrics.emailUndelivered(message.kind, 'bounced'), hooks.onBounce(message)),
    onGiveUp: (message, error) => (metrics.emailUndelivered(message.kind, 'given_up'), hooks.onGiveUp(message, error)),
  };
}
