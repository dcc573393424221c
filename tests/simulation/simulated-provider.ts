// The sandbox playing a harsher provider for the money simulation: outages (every money call answers a retryable
// 503 until a time), one gift's next movement refused for good, answers lost after the money moved (a crash or
// a dropped connection between the provider call and the commit), and idempotency keys remembered for 24 hours
// only, as Stripe does: a movement repeated under a key older than that moves the money again, so only the
// reconciler's look-up before each attempt stands between a restored database and a second payout.
import { and, eq } from 'drizzle-orm';
import { sandboxRefunds, sandboxTransfers } from '../../src/server/db/schema.js';
import type { Db } from '../../src/server/db/client.js';
import type { Clock } from '../../src/server/clock.js';
import { HOUR } from '../../src/server/clock.js';
import { ProviderError, type PaymentProvider } from '../../src/server/payments/provider.js';
import type { SandboxProvider } from '../../src/server/payments/sandbox/provider.js';

const KEY_MEMORY_MS = 24 * HOUR;

export interface ProviderFaults {
  /** Every money call fails with a retryable error until then. */
  outageUntil: Date;
  /** Gift public ids whose next transfer or refund is refused permanently. */
  refuseNext: Set<string>;
  /** Gift public ids whose next transfer or refund moves the money, then loses the answer. */
  loseAnswer: Set<string>;
  counts: {
    outageErrors: number;
    refused: number;
    lostAnswers: number;
    /** A movement repeated under a key the provider had forgotten: it moved the money again. */
    forgottenKeys: number;
    /** Look-ups that found money already moved (after a lost answer or a restore). */
    foundMoved: number;
  };
}

export type SimulatedProvider = PaymentProvider & { faults: ProviderFaults };

export function simulatedProvider(sandbox: SandboxProvider, db: Db, clock: Clock): SimulatedProvider {
  const faults: ProviderFaults = {
    outageUntil: new Date(0),
    refuseNext: new Set(),
    loseAnswer: new Set(),
    counts: { outageErrors: 0, refused: 0, lostAnswers: 0, forgottenKeys: 0, foundMoved: 0 },
  };
  const provider = Object.create(sandbox) as SimulatedProvider;
  provider.faults = faults;

  const down = () => {
    if (clock.now() < faults.outageUntil) {
      faults.counts.outageErrors++;
      throw new ProviderError('503 Service Unavailable (simulated outage)', true);
    }
  };
  const before = (giftPublicId: string | undefined) => {
    down();
    if (giftPublicId && faults.refuseNext.delete(giftPublicId)) {
      faults.counts.refused++;
      throw new ProviderError('The destination account cannot receive this movement (simulated)', false);
    }
  };
  const after = <T>(giftPublicId: string | undefined, result: T): T => {
    if (giftPublicId && faults.loseAnswer.delete(giftPublicId)) {
      faults.counts.lostAnswers++;
      throw new Error('socket hang up after the provider moved the money (simulated)');
    }
    return result;
  };
  /** A key the provider no longer remembers: the sandbox row under it is renamed, so the key is free again. */
  const forgetOldKey = async (table: typeof sandboxTransfers | typeof sandboxRefunds, key: string) => {
    const [row] = await db.select().from(table).where(eq(table.idempotencyKey, key));
    if (row && clock.now().getTime() - row.createdAt.getTime() > KEY_MEMORY_MS) {
      faults.counts.forgottenKeys++;
      await db
        .update(table)
        .set({ idempotencyKey: `${key}#forgotten-${row.id}` })
        .where(and(eq(table.id, row.id), eq(table.idempotencyKey, key)));
    }
  };

  provider.createTransfer = async (input) => {
    before(input.transferGroup);
    await forgetOldKey(sandboxTransfers, input.idempotencyKey);
    return after(input.transferGroup, await sandbox.createTransfer(input));
  };
  provider.createRefund = async (input) => {
    const gift = input.metadata.gift_public_id;
    before(gift);
    await forgetOldKey(sandboxRefunds, input.idempotencyKey);
    return after(gift, await sandbox.createRefund(input));
  };
  // Look-ups search by what the movement carries (transfer group, refund metadata), which Stripe keeps for good.
  const found = <T>(result: T | null): T | null => {
    if (result) faults.counts.foundMoved++;
    return result;
  };
  provider.findTransfer = async (group) => {
    down();
    return found(await sandbox.findTransfer(group));
  };
  provider.findRefund = async (paymentIntentId, key) => {
    down();
    const [row] = await db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, paymentIntentId))
      .then((rows) => rows.filter((r) => r.idempotencyKey === key || r.idempotencyKey.startsWith(`${key}#forgotten-`)));
    return found(row ? { id: row.id, amountCents: row.amountCents } : null);
  };
  provider.findCharge = async (paymentIntentId) => {
    down();
    return sandbox.findCharge(paymentIntentId);
  };
  return provider;
}
