// Counted attempts in the database, so restarts and several instances share them.
import { and, count, eq, gt, lt } from 'drizzle-orm';
import { rateEvents } from '../db/schema.js';
import type { DbOrTx } from '../db/client.js';
import type { Clock } from '../clock.js';

export interface Window {
  bucket: string;
  limit: number;
  windowMs: number;
}

export interface WindowState {
  count: number;
  limited: boolean;
  /** Seconds until the oldest counted attempt leaves the window. */
  retryAfterSeconds: number;
}

export async function windowState(db: DbOrTx, clock: Clock, w: Window): Promise<WindowState> {
  const since = new Date(clock.now().getTime() - w.windowMs);
  const rows = await db
    .select({ createdAt: rateEvents.createdAt })
    .from(rateEvents)
    .where(and(eq(rateEvents.bucket, w.bucket), gt(rateEvents.createdAt, since)))
    .orderBy(rateEvents.createdAt)
    .limit(w.limit);
  const n = rows.length;
  const oldest = rows[0]?.createdAt;
  const retryAfterSeconds = oldest ? Math.max(1, Math.ceil((oldest.getTime() + w.windowMs - clock.now().getTime()) / 1000)) : 0;
  return { count: n, limited: n >= w.limit, retryAfterSeconds };
}

export async function recordAttempt(db: DbOrTx, clock: Clock, bucket: string): Promise<void> {
  await db.insert(rateEvents).values({ bucket, createdAt: clock.now() });
}

export async function clearAttempts(db: DbOrTx, bucket: string): Promise<void> {
  await db.delete(rateEvents).where(eq(rateEvents.bucket, bucket));
}

/** Housekeeping: attempts older than any window we use. */
export async function purgeOldAttempts(db: DbOrTx, clock: Clock, olderThanMs = 86_400_000): Promise<number> {
  const rows = await db
    .delete(rateEvents)
    .where(lt(rateEvents.createdAt, new Date(clock.now().getTime() - olderThanMs)))
    .returning({ id: rateEvents.id });
  return rows.length;
}

export async function countAttempts(db: DbOrTx, bucket: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(rateEvents).where(eq(rateEvents.bucket, bucket));
  return row?.n ?? 0;
}
