// Posting to the ledger. A movement is inserted once per idempotency key: posting again (a replayed event, a
// retried job) finds the row and changes nothing.
import { and, eq, sql } from 'drizzle-orm';
import { ledgerMovements } from '../../db/schema.js';
import type { Db, Tx } from '../../db/client.js';
import {
  POSTING,
  movementKey,
  type LedgerAccount,
  type MovementKind,
  type MovementOrigin,
  type MovementState,
} from './accounts.js';

export type Movement = typeof ledgerMovements.$inferSelect;

export interface PostMovementInput {
  giftId: number;
  kind: MovementKind;
  amountCents: number;
  idempotencyKey: string;
  now: Date;
  /** succeeded (default) for money already moved; requested for an outgoing movement the reconciler will send. */
  state?: MovementState;
  origin?: MovementOrigin;
  providerRef?: string | null;
  /** Overrides the kind's usual accounts (e.g. a refund beyond the gift amount comes out of the fee). */
  debit?: LedgerAccount;
  credit?: LedgerAccount;
  nextAttemptAt?: Date | null;
  /** Attempts already counted: 1 for a movement posted with its first attempt's lease taken (in_flight). */
  attempts?: number;
}

/** Inserts the movement unless its key exists; answers the new row, or null when it was already posted. */
export async function postMovement(db: Db | Tx, input: PostMovementInput): Promise<Movement | null> {
  const [row] = await postMovements(db, [input]);
  return row ?? null;
}

/** postMovement for many at once, in one statement; answers the rows that were new. */
export async function postMovements(db: Db | Tx, inputs: PostMovementInput[]): Promise<Movement[]> {
  if (inputs.length === 0) return [];
  return db
    .insert(ledgerMovements)
    .values(
      inputs.map((input) => {
        const state = input.state ?? 'succeeded';
        return {
          giftId: input.giftId,
          kind: input.kind,
          amountCents: input.amountCents,
          debitAccount: input.debit ?? POSTING[input.kind].debit,
          creditAccount: input.credit ?? POSTING[input.kind].credit,
          state,
          origin: input.origin ?? 'hushgift',
          idempotencyKey: input.idempotencyKey,
          providerRef: input.providerRef ?? null,
          attempts: input.attempts ?? 0,
          nextAttemptAt: input.nextAttemptAt ?? null,
          createdAt: input.now,
          settledAt: state === 'succeeded' ? input.now : null,
        };
      }),
    )
    .onConflictDoNothing({ target: ledgerMovements.idempotencyKey })
    .returning();
}

interface PaidGift {
  id: number;
  publicId: string;
  amountCents: number;
  feeCents: number;
  tipCents: number;
}

/** A paid checkout: the gift amount (owed to the recipient), the fee and the tip, each its own movement. */
export async function postCharge(
  tx: Tx,
  gift: PaidGift,
  keyPrefix: string,
  paymentRef: string | null,
  now: Date,
): Promise<void> {
  const parts: Array<[MovementKind, number]> = [
    ['charge', gift.amountCents],
    ['fee', gift.feeCents],
    ['tip', gift.tipCents],
  ];
  for (const [kind, amountCents] of parts) {
    if (amountCents <= 0) continue;
    const idempotencyKey = movementKey(keyPrefix, gift.publicId, kind);
    await postMovement(tx, { giftId: gift.id, kind, amountCents, idempotencyKey, providerRef: paymentRef, now });
  }
}

/** Marks a movement succeeded with the provider's reference (once: a settled movement stays as it is). */
export async function settleMovement(db: Db | Tx, id: number, providerRef: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(ledgerMovements)
    .set({ state: 'succeeded', providerRef, settledAt: now, nextAttemptAt: null, failingSince: null, lastError: null })
    .where(and(eq(ledgerMovements.id, id), sql`${ledgerMovements.state} <> 'succeeded'`))
    .returning({ id: ledgerMovements.id });
  return rows.length === 1;
}

/** Records money that moved under a key: a new succeeded movement, or the open one under that key settled. */
export async function recordSucceeded(
  db: Db | Tx,
  input: Omit<PostMovementInput, 'state'> & { providerRef: string },
): Promise<void> {
  const posted = await postMovement(db, { ...input, state: 'succeeded' });
  if (posted) return;
  await db
    .update(ledgerMovements)
    .set({
      state: 'succeeded',
      providerRef: input.providerRef,
      settledAt: input.now,
      nextAttemptAt: null,
      failingSince: null,
      lastError: null,
    })
    .where(and(eq(ledgerMovements.idempotencyKey, input.idempotencyKey), sql`${ledgerMovements.state} <> 'succeeded'`));
}
