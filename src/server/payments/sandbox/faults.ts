// Faults the sandbox console switches on (decision 014), kept in sandbox_faults so every instance sees them:
// an outage answers every money call (transfers, refunds and their look-ups) with a retryable error until its
// end, as a provider answering 503 would; a gift's next movement refused answers that gift's next transfer or
// refund with a permanent error, once (the row is consumed by the call it fails).
// Every money call reads the faults, so each instance keeps them for FAULTS_FRESH_MS instead of asking the
// database three times per movement (measured: three of a sandbox refund's five round trips, docs/benchmarks.md);
// a change made on this instance is seen at once, one made on another within that time.
import { eq } from 'drizzle-orm';
import { sandboxFaults } from '../../db/schema.js';
import { MINUTE } from '../../clock.js';
import { ProviderError } from '../provider.js';
import type { SandboxOptions } from './provider.js';

const OUTAGE = '*';
const FAULTS_FRESH_MS = 1_000;

type FaultsCtx = Pick<SandboxOptions, 'db'>;
interface Faults {
  outageUntil: Date | null;
  refused: Set<string>;
  readAt: number;
}
/** Per database, so apps on different databases in one process (the tests) never share faults. */
const known = new WeakMap<object, Faults>();

async function faults(ctx: FaultsCtx): Promise<Faults> {
  const cached = known.get(ctx.db);
  if (cached && performance.now() - cached.readAt < FAULTS_FRESH_MS) return cached;
  const rows = await ctx.db
    .select({ target: sandboxFaults.target, failUntil: sandboxFaults.failUntil })
    .from(sandboxFaults);
  const read: Faults = {
    outageUntil: rows.find((r) => r.target === OUTAGE)?.failUntil ?? null,
    refused: new Set(rows.map((r) => r.target).filter((t) => t !== OUTAGE)),
    readAt: performance.now(),
  };
  known.set(ctx.db, read);
  return read;
}

const forget = (ctx: FaultsCtx) => known.delete(ctx.db);
export const MAX_OUTAGE_MINUTES = 24 * 60;
export const MOVEMENT_REFUSED = 'Your card was declined (the sandbox console failed this movement on purpose).';

/** Every money call fails with a retryable error for the next `minutes` (0 ends an outage). */
export async function startOutage(ctx: Pick<SandboxOptions, 'db' | 'clock'>, minutes: number): Promise<Date | null> {
  forget(ctx);
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
  const { outageUntil: until } = await faults(ctx);
  return until && until > ctx.clock.now() ? until : null;
}

/** The gift's next transfer or refund is refused. */
export async function failNextMovement(ctx: Pick<SandboxOptions, 'db' | 'clock'>, giftPublicId: string) {
  forget(ctx);
  await ctx.db
    .insert(sandboxFaults)
    .values({ target: giftPublicId, failUntil: null, createdAt: ctx.clock.now() })
    .onConflictDoNothing();
}

/** Gifts whose next movement is set to fail. */
export async function giftsFailingNext(ctx: FaultsCtx): Promise<Set<string>> {
  return new Set((await faults(ctx)).refused);
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
  if (!giftPublicId || !(await faults(ctx)).refused.has(giftPublicId)) return;
  forget(ctx);
  const consumed = await ctx.db
    .delete(sandboxFaults)
    .where(eq(sandboxFaults.target, giftPublicId))
    .returning({ target: sandboxFaults.target });
  if (consumed.length > 0) throw new ProviderError(MOVEMENT_REFUSED, false);
}
