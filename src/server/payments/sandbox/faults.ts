// Faults the sandbox console switches on (decision 014), kept in sandbox_faults so every instance sees them:
// an outage answers every money call (transfers, refunds and their look-ups) with a retryable error until its
// end, as a provider answering 503 would; a gift's next movement refused answers that gift's next transfer or
// refund with a permanent error, once (the row is consumed by the call it fails).
import { and, eq, gt } from 'drizzle-orm';
import { sandboxFaults } from '../../db/schema.js';
import { MINUTE } from '../../clock.js';
import { ProviderError } from '../provider.js';
import type { SandboxOptions } from './provider.js';

const OUTAGE = '*';
export const MAX_OUTAGE_MINUTES = 24 * 60;
export const MOVEMENT_REFUSED = 'Your card was declined (the sandbox console failed this movement on purpose).';

/** Every money call fails with a retryable error for the next `minutes` (0 ends an outage). */
export async function startOutage(ctx: Pick<SandboxOptions, 'db' | 'clock'>, minutes: number): Promise<Date | null> {
  if (minutes <= 0) {
    await ctx.db.delete(sandboxFaults).where(eq(sandboxFaults.target, OUTAGE));
    return null;
  }
  const now = ctx.clock.now();
  const failUntil = new Date(now.getTime() + Math.min(minutes, MAX_OUTAGE_MINUTES) * MINUTE);
  await ctx.db
    .insert(sandboxFaults)
    .values({ target: OUTAGE, failUntil, createdAt: now })
    .onConflictDoUpdate({ target: sandboxFaults.target, set: { failUntil, createdAt: now } });
  return failUntil;
}

/** When the outage ends, or null when there is none. */
export async function outageUntil(ctx: Pick<SandboxOptions, 'db' | 'clock'>): Promise<Date | null> {
  const [row] = await ctx.db
    .select({ failUntil: sandboxFaults.failUntil })
    .from(sandboxFaults)
    .where(and(eq(sandboxFaults.target, OUTAGE), gt(sandboxFaults.failUntil, ctx.clock.now())));
  return row?.failUntil ?? null;
}

/** The gift's next transfer or refund is refused. */
export async function failNextMovement(ctx: Pick<SandboxOptions, 'db' | 'clock'>, giftPublicId: string) {
  await ctx.db
    .insert(sandboxFaults)
    .values({ target: giftPublicId, failUntil: null, createdAt: ctx.clock.now() })
    .onConflictDoNothing();
}

/** Gifts whose next movement is set to fail. */
export async function giftsFailingNext(ctx: Pick<SandboxOptions, 'db'>): Promise<Set<string>> {
  const rows = await ctx.db.select({ target: sandboxFaults.target }).from(sandboxFaults);
  return new Set(rows.map((r) => r.target).filter((t) => t !== OUTAGE));
}

/** Before every money call: throws the outage's retryable error while one lasts. */
export async function duringOutage(ctx: SandboxOptions): Promise<void> {
  const until = await outageUntil(ctx);
  if (until)
    throw new ProviderError(
      `503 Service Unavailable (sandbox outage until ${until.toISOString().slice(11, 16)} UTC)`,
      true,
    );
}

/** Before a transfer or refund of a gift: throws the refusal set for it, once. */
export async function refusedMovement(ctx: SandboxOptions, giftPublicId: string | null | undefined): Promise<void> {
  if (!giftPublicId) return;
  const consumed = await ctx.db
    .delete(sandboxFaults)
    .where(eq(sandboxFaults.target, giftPublicId))
    .returning({ target: sandboxFaults.target });
  if (consumed.length > 0) throw new ProviderError(MOVEMENT_REFUSED, false);
}
