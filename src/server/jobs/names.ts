// The scheduled jobs by name: config checks JOBS_PAUSED against this list, the job table uses the same names.
export const JOB_NAMES = [
  'outbox',
  'delivery',
  'reminders',
  'retention',
  'payouts',
  'reconciler',
  'expiry',
  'pending-payments',
  'sandbox-checkout-expiry',
  'together',
] as const;

export type JobName = (typeof JOB_NAMES)[number];
