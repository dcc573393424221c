// Answers of the service's own routes: health, provider webhooks and the dev mailbox (never in production).
import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['reachable', 'unreachable']),
  engine: z.enum(['pglite', 'postgres']),
  provider: z.enum(['sandbox', 'stripe']),
});

export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean().describe('The event id was handled before; nothing was done again'),
});

export const devMailboxQuerySchema = z.object({ to: z.string().trim().max(254).optional() });

export const devEmailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});

export const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  message: z.string().optional().describe('Why the instance is not ready, when it is not'),
  checks: z.object({
    database: z.object({ ok: z.boolean(), engine: z.enum(['pglite', 'postgres']) }),
    migrations: z.object({
      ok: z.boolean(),
      applied: z.number().int().nullable().describe('Migrations the database recorded; null when unreadable'),
      expected: z.number().int().describe('Migrations in the journal this code was built with'),
      pending: z.array(z.string()).describe('Journal entries the database has not applied'),
    }),
    jobs: z.object({
      ok: z.boolean(),
      state: z
        .enum(['running', 'stalled', 'not_started', 'not_run_here'])
        .describe('not_run_here: JOBS_ENABLED=false, another instance runs the jobs'),
      stalled: z.array(z.string()).describe('Jobs whose next run is later than JOBS_STALLED_AFTER_SECONDS'),
      paused: z.array(z.string()).describe('Jobs left off this instance schedule (JOBS_PAUSED)'),
    }),
  }),
});

export type ReadyAnswer = z.infer<typeof readySchema>;
