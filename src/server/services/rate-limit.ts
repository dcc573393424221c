// Counted attempts in the database, so restarts and several instances share them.
import { isIPv6 } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { rateEvents } from '../db/schema.js';
import type { DbOrTx } from '../db/client.js';
import { inTransaction, isTransaction, runOn, statement, type Run } from '../db/statements.js';
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

/**
 * A window's attempts counted up to its limit, and the oldest (epoch ms): a WindowRow's columns n and oldest, from
 * the parameters given ("$1"…) as bucket, since (the window's start) and limit.
 */
export const windowSql = (bucket: string, since: string, limit: string) =>
  `select count(*)::int as n, (extract(epoch from min(created_at)) * 1000)::float8 as oldest from (
     select created_at from rate_events where bucket = ${bucket}::text and created_at > ${since}::timestamptz
     order by created_at limit ${limit}::int) counted`;
const readWindow = statement('rate_window', windowSql('$1', '$2', '$3'));
const insertAttempt = statement(
  'rate_attempt',
  'insert into rate_events (bucket, created_at) values ($1::text, $2::timestamptz) returning id',
);
const lockBucket = statement('rate_lock', 'select pg_advisory_xact_lock(hashtext($1::text))');
/**
 * One window's check and record in one round trip, without a transaction of its own: the rate_admit function
 * (migration 0024) locks the bucket, counts the window after the lock and records the attempt when there is room.
 */
const RATE_ADMIT = 'from rate_admit($1::text, $2::timestamptz, $3::int, $4::timestamptz)';
const admitOne = statement('rate_admit', `select id, n, oldest ${RATE_ADMIT}`);
/**
 * The same as a statement of its own, whose commit does not wait for the WAL flush: an attempt lost to a database
 * crash in the next fraction of a second only lets a client one more try, and the wait was one of the gift start's
 * four flushed commits, the largest part of its gap to a bare server (decision 029). Inside a caller's transaction the
 * plain statement is used, so its other writes keep their durability.
 */
const admitOneAlone = statement(
  'rate_admit_alone',
  `select id, n, oldest, set_config('synchronous_commit', 'off', true) ${RATE_ADMIT}`,
);

/** A window's count and its oldest attempt (epoch ms, null when empty), as the statements above answer them. */
export interface WindowRow {
  n: number;
  oldest: number | null;
}

/** The window's state from its counted row, as of now. */
export function windowStateOf(row: WindowRow, w: Window, now: Date): WindowState {
  const retryAfterSeconds =
    row.oldest === null ? 0 : Math.max(1, Math.ceil((row.oldest + w.windowMs - now.getTime()) / 1000));
  return { count: row.n, limited: row.n >= w.limit, retryAfterSeconds };
}

/** The window's start: attempts after it count. */
export const since = (w: Window, now: Date) => new Date(now.getTime() - w.windowMs);

async function stateOn(run: Run, w: Window, now: Date): Promise<WindowState> {
  const [row] = await run<WindowRow>(readWindow, [w.bucket, since(w, now), w.limit]);
  return windowStateOf(row!, w, now);
}

export async function windowState(db: DbOrTx, clock: Clock, w: Window): Promise<WindowState> {
  return stateOn(runOn(db), w, clock.now());
}

export async function recordAttempt(db: DbOrTx, clock: Clock, bucket: string): Promise<void> {
  await runOn(db)(insertAttempt, [bucket, clock.now()]);
}

export async function clearAttempts(db: DbOrTx, bucket: string): Promise<void> {
  await db.delete(rateEvents).where(eq(rateEvents.bucket, bucket));
}

export type Admission = { admitted: true; attemptIds: number[] } | { admitted: false; retryAfterSeconds: number };

/**
 * Counts one attempt against every window before the work it guards, or refuses when a window is full. Under a
 * lock per bucket (sorted, so two callers cannot deadlock), check and record are one step: parallel requests
 * cannot all pass a check made before any of them was recorded. The recorded rows can be withdrawn
 * (withdrawAttempts) when the attempt turns out not to count, e.g. a correct password. One window (a gift start,
 * the busiest caller) is one statement (rate_admit); several are one transaction of prepared statements.
 */
export async function admitAttempt(db: DbOrTx, clock: Clock, windows: Window[]): Promise<Admission> {
  const now = clock.now();
  if (windows.length === 1) {
    const w = windows[0]!;
    const alone = !isTransaction(db);
    const [row] = await runOn(db)<WindowRow & { id: number | null }>(alone ? admitOneAlone : admitOne, [
      w.bucket,
      since(w, now),
      w.limit,
      now,
    ]);
    if (row!.id !== null) return { admitted: true, attemptIds: [row!.id] };
    return { admitted: false, retryAfterSeconds: windowStateOf(row!, w, now).retryAfterSeconds };
  }
  return inTransaction(db, async (run) => {
    // One after another: a transaction is one connection, which runs one query at a time.
    for (const bucket of windows.map((w) => w.bucket).sort()) await run(lockBucket, [bucket]);
    const states: WindowState[] = [];
    for (const w of windows) states.push(await stateOn(run, w, now));
    const limited = states.filter((s) => s.limited);
    if (limited.length > 0)
      return { admitted: false, retryAfterSeconds: Math.max(...limited.map((s) => s.retryAfterSeconds)) };
    const attemptIds: number[] = [];
    for (const w of windows) attemptIds.push((await run<{ id: number }>(insertAttempt, [w.bucket, now]))[0]!.id);
    return { admitted: true, attemptIds };
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
