// The one reconciler for every outgoing movement (transfer to the recipient, refund to the sender), decision 014.
// A movement is started as a `requested` ledger row in the transaction that decides it (claim or expiry); then
// each attempt, first inline and later from the scheduled run:
//  1. takes a lease (state in_flight, next_attempt_at pushed past any normal provider call), so no other
//     instance works on it; a crash leaves it in_flight and due again once the lease has run out;
//  2. asks the provider whether money already moved under the movement's key, before the first attempt and
//     every retry (a restored backup, a crash after the provider call, a lost answer);
//  3. otherwise makes the movement with that key, then records it (ledger + gift + e-mails) in one transaction.
// Retryable errors (network, timeouts, 429, 5xx) are retried with capped backoff for as long as the gift lives,
// never parking it; after MONEY_ATTENTION_AFTER_MINUTES of failing the gift also goes on the attention list.
// Permanent errors fail the movement and put the gift on the attention list at once, with the provider's reason.
// A gift under a card dispute has its movement looked up but never sent: held while the dispute is open,
// cancelled once it is lost. Nor is money sent that the gift no longer holds (refunded in the provider's
// dashboard meanwhile): a refund already made there cancels Hushgift's, anything else fails for an operator.
import { and, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { giftPayments, giftPayouts, gifts, ledgerMovements } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { dueAmong, takeLeases } from '../../db/lease.js';
import type { ServiceDeps } from '../../deps.js';
import { MINUTE } from '../../clock.js';
import { ProviderError, type MoneyMovement } from '../../payments/provider.js';
import { MOVEMENT_KEY_METADATA } from '../../payments/metadata.js';
import { faultPoint } from '../../fault-injection.js';
import { movementKey, OUTGOING_KINDS } from './accounts.js';
import { postMovement, postMovements, type Movement, type PostMovementInput } from './post.js';
import { giftRefunded, giftTransferred } from './settle.js';
import { giftFigures } from '../events/gift-money.js';
import { disputedGiftMoved, settleLostDisputes } from '../disputes/dispute-ledger.js';
import { raiseAttention } from '../attention/items.js';
import { disputeOpenedAt } from '../gifts/money-undecided.js';

export const RECONCILER_INTERVAL_MS = 30_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 10 * MINUTE;
/**
 * Attempts in flight at once within a run (the reconciler's and expiry's): provider round trips overlap, the
 * database stays unhurried. 16 was no faster than 8 against the sandbox (CPU-bound, docs/benchmarks.md) but lets more
 * of Stripe's slower HTTP round trips overlap.
 */
export const MOVEMENTS_IN_FLIGHT = 16;

/** 30 s, 1 min, 2 min … at most 10 minutes between attempts, however long the failures last. */
export function retryDelayMs(attempts: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

const OPEN_STATES = ['requested', 'in_flight', 'unknown'];
/**
 * The gift columns an attempt reads (its payment's references and payout account joined on the left): a whole
 * row costs more to build, send and parse, once per movement.
 */
const attemptGiftColumns = {
  id: gifts.id,
  publicId: gifts.publicId,
  status: gifts.status,
  amountCents: gifts.amountCents,
  paymentIntentId: giftPayments.paymentIntentId,
  chargeId: giftPayments.chargeId,
  recipientAccountId: giftPayouts.recipientAccountId,
  disputeOpenedAt: disputeOpenedAt(),
};
/**
 * Refunds made in the provider's dashboard, read with the attempt's row: almost always 0, and then the gift's
 * other figures need no second query (instead()).
 */
const refundedOutside =
  sql<number>`(select coalesce(sum(o.amount_cents), 0) from ${ledgerMovements} o where o.gift_id = ${gifts.id} and o.state = 'succeeded' and o.kind = 'refund' and o.origin = 'provider')::int`.mapWith(
    Number,
  );
type Gift = Pick<typeof gifts.$inferSelect, 'id' | 'publicId' | 'status' | 'amountCents'> & {
  disputeOpenedAt: Date | null;
  paymentIntentId: string | null;
  chargeId: string | null;
  recipientAccountId: string | null;
  refundedOutside: number;
};
/** held: waits for the gift's open dispute; cancelled: no longer needed, never sent. */
export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'busy' | 'held' | 'cancelled';

/** A card dispute is open on the gift, or it was lost: its money must not move. */
const underDispute = (gift: Gift) => gift.disputeOpenedAt !== null || gift.status === 'disputed';

/** Posts a requested movement of the gift amount under its key. Call inside the deciding transaction. */
type Requesting = Pick<Gift, 'id' | 'publicId' | 'amountCents'>;

/** A requested movement of the gift amount under its key, due at once. */
const requested = (
  deps: Pick<ServiceDeps, 'config'>,
  gift: Requesting,
  kind: 'transfer' | 'refund',
  now: Date,
): PostMovementInput => ({
  giftId: gift.id,
  kind,
  amountCents: gift.amountCents,
  idempotencyKey: movementKey(deps.config.providerKeyPrefix, gift.publicId, kind),
  state: 'requested',
  nextAttemptAt: now,
  now,
});

function requestMovement(kind: 'transfer' | 'refund') {
  return (tx: Tx, deps: Pick<ServiceDeps, 'config'>, gift: Requesting, now: Date) =>
    postMovement(tx, requested(deps, gift, kind, now));
}

/** Starts the gift's payout: a requested transfer of the gift amount. */
export const requestTransfer = requestMovement('transfer');

/** Starts the refund of the gift amount to the sender (fee and tip kept). */
export const requestRefund = requestMovement('refund');

const leaseMs = (deps: Pick<ServiceDeps, 'config'>) => Math.min(5 * MINUTE, deps.config.reconcileAfterMs);

/**
 * requestRefund for a batch of gifts, in one statement, with the first attempt's lease already taken: the caller
 * attempts each at once (attemptMovement with leased), and the scheduled run leaves them alone meanwhile; after
 * a crash they are due again once the lease has run out. Answers the new movements.
 */
export function requestLeasedRefunds(
  tx: Tx,
  deps: Pick<ServiceDeps, 'config'>,
  batch: readonly Requesting[],
  now: Date,
): Promise<Movement[]> {
  const lease = { state: 'in_flight' as const, attempts: 1, nextAttemptAt: new Date(now.getTime() + leaseMs(deps)) };
  return postMovements(
    tx,
    batch.map((gift) => ({ ...requested(deps, gift, 'refund', now), ...lease })),
  );
}

/**
 * A movement's attempt is leased (db/lease.ts): in flight, one more attempt, due again only once the lease has run
 * out (a crash leaves it to the next run). `which` must hold only due open movements. Answers the leased ids.
 */
function leaseMovements(deps: Pick<ServiceDeps, 'db' | 'config'>, which: SQL, now: Date) {
  const lease = {
    state: 'in_flight',
    attempts: sql`${ledgerMovements.attempts} + 1`,
    nextAttemptAt: new Date(now.getTime() + leaseMs(deps)),
  };
  return takeLeases(deps.db, ledgerMovements, lease, which).returning({ id: ledgerMovements.id });
}

/** Takes the lease of one due movement; false when another attempt holds it or it is settled. */
async function lease(deps: ServiceDeps, id: number): Promise<boolean> {
  const now = deps.clock.now();
  const rows = await leaseMovements(
    deps,
    and(
      eq(ledgerMovements.id, id),
      inArray(ledgerMovements.state, OPEN_STATES),
      or(isNull(ledgerMovements.nextAttemptAt), lte(ledgerMovements.nextAttemptAt, now)),
    )!,
    now,
  );
  return rows.length === 1;
}

/** Money already moved under the movement's key, according to the provider. */
async function lookUp(deps: ServiceDeps, movement: Movement, gift: Gift): Promise<MoneyMovement | null> {
  if (movement.kind === 'transfer') return deps.payments.findTransfer(gift.publicId);
  if (!gift.paymentIntentId) throw new ProviderError('the gift has no payment to refund', false);
  return deps.payments.findRefund(gift.paymentIntentId, movement.idempotencyKey);
}

async function send(deps: ServiceDeps, movement: Movement, gift: Gift): Promise<MoneyMovement> {
  const metadata = { gift_public_id: gift.publicId, [MOVEMENT_KEY_METADATA]: movement.idempotencyKey };
  if (movement.kind === 'transfer') {
    if (!gift.recipientAccountId) throw new ProviderError('the gift has no payout account', false);
    // The payout is funded by the gift's own charge; a checkout event may name only the payment.
    const sourceTransaction =
      gift.chargeId ?? (gift.paymentIntentId ? await deps.payments.findCharge(gift.paymentIntentId) : null);
    return deps.payments.createTransfer({
      accountId: gift.recipientAccountId,
      amountCents: movement.amountCents,
      transferGroup: gift.publicId,
      sourceTransaction,
      description: 'Hushgift gift payout',
      idempotencyKey: movement.idempotencyKey,
      metadata,
    });
  }
  if (!gift.paymentIntentId) throw new ProviderError('the gift has no payment to refund', false);
  return deps.payments.createRefund({
    paymentIntentId: gift.paymentIntentId,
    amountCents: movement.amountCents,
    idempotencyKey: movement.idempotencyKey,
    metadata: { ...metadata, reason: 'gift_expired' },
  });
}

/** Records the movement as succeeded and its gift's transition, in one transaction. */
async function record(deps: ServiceDeps, movement: Movement, moved: MoneyMovement): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(ledgerMovements)
      .set({
        state: 'succeeded',
        providerRef: moved.id,
        settledAt: now,
        nextAttemptAt: null,
        failingSince: null,
        lastError: null,
      })
      .where(and(eq(ledgerMovements.id, movement.id), sql`${ledgerMovements.state} <> 'succeeded'`));
    const settled =
      movement.kind === 'transfer'
        ? await giftTransferred(tx, deps.clock, movement.giftId, moved.id, now)
        : await giftRefunded(tx, deps.clock, movement.giftId, now);
    // The usual case, a gift that moved on and was never disputed, needs no second look.
    if (!settled || settled.disputeOpenedAt) await disputedGiftMoved(tx, deps, movement.giftId, now);
  });
}

/** Ends a movement that will never be sent, and what that means for its gift, in one transaction. */
async function cancel(deps: ServiceDeps, movement: Movement, gift: Gift, reason: string): Promise<AttemptOutcome> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(ledgerMovements)
      .set({ state: 'cancelled', nextAttemptAt: null, failingSince: null, lastError: reason })
      .where(and(eq(ledgerMovements.id, movement.id), inArray(ledgerMovements.state, OPEN_STATES)));
    if (gift.status === 'disputed') await settleLostDisputes(tx, deps, gift, now);
    else if (movement.kind === 'refund') await giftRefunded(tx, deps.clock, gift.id, now);
  });
  return 'cancelled';
}

/** Not sent while the gift's dispute is open: due again when it is won (or looked up once more when lost). */
async function hold(deps: ServiceDeps, movement: Movement): Promise<AttemptOutcome> {
  await deps.db
    .update(ledgerMovements)
    .set({ state: 'requested', nextAttemptAt: null, failingSince: null })
    .where(and(eq(ledgerMovements.id, movement.id), inArray(ledgerMovements.state, OPEN_STATES)));
  return 'held';
}

/**
 * The gift's money gone out the other way at the provider without the ledger knowing: a payout before its refund,
 * or a refund before its payout, lost with a database restored from an older backup (the recipient claimed, or
 * the gift expired, after that backup was taken). Sending now would move the gift's money twice.
 */
async function movedTheOtherWay(deps: ServiceDeps, movement: Movement, gift: Gift): Promise<string | null> {
  const other =
    movement.kind === 'refund'
      ? await deps.payments.findTransfer(gift.publicId)
      : gift.paymentIntentId
        ? await deps.payments.findRefund(
            gift.paymentIntentId,
            movementKey(deps.config.providerKeyPrefix, gift.publicId, 'refund'),
          )
        : null;
  if (!other) return null;
  const [known] = await deps.db
    .select({ id: ledgerMovements.id })
    .from(ledgerMovements)
    .where(eq(ledgerMovements.providerRef, other.id));
  return known ? null : other.id;
}

/**
 * What a movement the provider has not made may still do: wait for or give way to a dispute, give way to a
 * refund made in the provider's dashboard, stop before moving money that already went the other way, or go out
 * (null).
 */
async function instead(deps: ServiceDeps, movement: Movement, gift: Gift): Promise<AttemptOutcome | null> {
  if (gift.status === 'disputed')
    return cancel(deps, movement, gift, 'Not sent: a lost card dispute took the payment back.');
  if (underDispute(gift)) return hold(deps, movement);
  const other = await movedTheOtherWay(deps, movement, gift);
  if (other)
    throw new ProviderError(
      `not sent: the provider shows ${movement.kind === 'refund' ? 'payout' : 'refund'} ${other} of this gift, which the ledger does not know (was the database restored from an older backup?)`,
      false,
    );
  if (gift.refundedOutside === 0) return null;
  const { owed } = await giftFigures(deps.db, gift.id);
  if (owed >= movement.amountCents) return null;
  if (movement.kind === 'refund' && owed <= 0)
    return cancel(deps, movement, gift, "Not sent: the payment was refunded in the provider's dashboard.");
  throw new ProviderError(
    `not sent: only ${Math.max(0, owed)} of its ${movement.amountCents} cents are still held for the gift (refunded in the provider's dashboard?)`,
    false,
  );
}

const what = (movement: Movement) =>
  movement.kind === 'transfer' ? 'Transfer to the recipient' : 'Refund to the sender';

async function noteFailure(deps: ServiceDeps, movement: Movement, error: unknown): Promise<AttemptOutcome> {
  const now = deps.clock.now();
  const message = String((error as Error)?.message ?? error).slice(0, 300);
  const permanent = error instanceof ProviderError && !error.retryable;
  const failingSince = movement.failingSince ?? now;
  const [row] = await deps.db
    .update(ledgerMovements)
    .set(
      permanent
        ? { state: 'failed', nextAttemptAt: null, failingSince, lastError: message }
        : // The call may have reached the provider: the next attempt looks it up first.
          {
            state: 'unknown',
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(movement.attempts)),
            failingSince,
            lastError: message,
          },
    )
    .where(and(eq(ledgerMovements.id, movement.id), inArray(ledgerMovements.state, OPEN_STATES)))
    .returning();
  if (!row) return 'busy';
  const failingFor = now.getTime() - failingSince.getTime();
  if (permanent || failingFor >= deps.config.moneyAttentionAfterMs) {
    const reason = permanent
      ? `${what(movement)} failed: ${message}`
      : `${what(movement)} failing for ${Math.round(failingFor / MINUTE)} minutes (retried automatically): ${message}`;
    await raiseAttention(
      deps.db,
      movement.giftId,
      movement.kind === 'transfer' ? 'payout_failed' : 'refund_failed',
      reason,
      now,
    );
  }
  return permanent ? 'failed' : 'retrying';
}

/** Read once per attempt: prepared (db/prepared.ts). */
const attemptRow = preparedPerDb((db) =>
  db
    .select({ movement: ledgerMovements, gift: { ...attemptGiftColumns, refundedOutside } })
    .from(ledgerMovements)
    .innerJoin(gifts, eq(gifts.id, ledgerMovements.giftId))
    .leftJoin(giftPayments, eq(giftPayments.giftId, gifts.id))
    .leftJoin(giftPayouts, eq(giftPayouts.giftId, gifts.id))
    .where(eq(ledgerMovements.id, sql.placeholder('movementId')))
    .prepare('reconciler_attempt_row'),
);

/**
 * One attempt at one movement. `leased`: the caller (a reconciler run) already holds its lease.
 * Never throws for provider or recording failures: they are noted on the movement.
 */
export async function attemptMovement(
  deps: ServiceDeps,
  movementId: number,
  options: { leased?: boolean } = {},
): Promise<AttemptOutcome> {
  if (!options.leased && !(await lease(deps, movementId))) return 'busy';
  const [row] = await attemptRow(deps.db).execute({ movementId });
  if (!row) return 'busy';
  const { movement, gift } = row;
  try {
    let moved = await lookUp(deps, movement, gift);
    if (!moved) {
      const outcome = await instead(deps, movement, gift);
      if (outcome) return outcome;
      moved = await send(deps, movement, gift);
    }
    faultPoint(deps.config, movement.kind === 'transfer' ? 'after-transfer' : 'after-refund');
    await record(deps, movement, moved);
    return 'succeeded';
  } catch (error) {
    return noteFailure(deps, movement, error);
  }
}

export interface ReconcilerRun {
  attempted: number;
  succeeded: number;
  retrying: number;
  failed: number;
}

/**
 * The scheduled run: every due open movement (failed earlier, interrupted by a crash, or never attempted),
 * leased in one statement with FOR UPDATE SKIP LOCKED so several instances share the work without overlap.
 */
export async function runReconciler(deps: ServiceDeps, options: { limit?: number } = {}): Promise<ReconcilerRun> {
  const run: ReconcilerRun = { attempted: 0, succeeded: 0, retrying: 0, failed: 0 };
  for (;;) {
    const now = deps.clock.now();
    const due = deps.db
      .select({ id: ledgerMovements.id })
      .from(ledgerMovements)
      .where(
        and(
          inArray(ledgerMovements.state, OPEN_STATES),
          inArray(ledgerMovements.kind, [...OUTGOING_KINDS]),
          lte(ledgerMovements.nextAttemptAt, now),
        ),
      )
      .orderBy(ledgerMovements.nextAttemptAt, ledgerMovements.id)
      .limit(options.limit ?? 100)
      .for('update', { skipLocked: true });
    const leased = await leaseMovements(deps, dueAmong(ledgerMovements.id, due), now);
    if (leased.length === 0) return run;
    for (let i = 0; i < leased.length; i += MOVEMENTS_IN_FLIGHT) {
      const outcomes = await Promise.all(
        leased.slice(i, i + MOVEMENTS_IN_FLIGHT).map(({ id }) => attemptMovement(deps, id, { leased: true })),
      );
      for (const outcome of outcomes) {
        run.attempted++;
        if (outcome === 'succeeded') run.succeeded++;
        if (outcome === 'retrying') run.retrying++;
        if (outcome === 'failed') run.failed++;
      }
    }
    if (options.limit) return run;
  }
}
