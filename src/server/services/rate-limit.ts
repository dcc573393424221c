// Counted attempts in the database, so restarts and several instances share them.
import { isIPv6 } from 'node:net';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
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
  const retryAfterSeconds = oldest
    ? Math.max(1, Math.ceil((oldest.getTime() + w.windowMs - clock.now().getTime()) / 1000))
    : 0;
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

export type Admission = { admitted: true; attemptIds: number[] } | { admitted: false; retryAfterSeconds: number };

/**
 * Counts one attempt against every window before the work it guards, or refuses when a window is full. Under a
 * lock per bucket (sorted, so two callers cannot deadlock), check and record are one step: parallel requests
 * cannot all pass a check made before any of them was recorded. The recorded rows can be withdrawn
 * (withdrawAttempts) when the attempt turns out not to count, e.g. a correct password.
 */
export async function admitAttempt(db: DbOrTx, clock: Clock, windows: Window[]): Promise<Admission> {
  return db.transaction(async (tx) => {
    for (const bucket of windows.map((w) => w.bucket).sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${bucket}))`);
    }
    // One after another: a transaction is one connection, which runs one query at a time.
    const states: WindowState[] = [];
    for (const w of windows) states.push(await windowState(tx, clock, w));
    const limited = states.filter((s) => s.limited);
    if (limited.length > 0)
      return { admitted: false, retryAfterSeconds: Math.max(...limited.map((s) => s.retryAfterSeconds)) };
    const rows = await tx
      .insert(rateEvents)
      .values(windows.map((w) => ({ bucket: w.bucket, createdAt: clock.now() })))
      .returning({ id: rateEvents.id });
    return { admitted: true, attemptIds: rows.map((r) => r.id) };
  });
}

export async function withdrawAttempts(db: DbOrTx, attemptIds: number[]): Promise<void> {
  if (attemptIds.length) await db.delete(rateEvents).where(inArray(rateEvents.id, attemptIds));
}

/**
 * The part of a client address that limits count against: an IPv4 address whole, an IPv6 address by its /64
 * (one subscriber usually holds a whole /64, so counting single IPv6 addresses would not limit anyone).
 * IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
