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
