// checkout_expired: the event recorded and its still-pending gift marked abandoned, in ONE prepared statement (a
// data-modifying WITH: the event's row, and the lifecycle's move only when that row is new). One statement is atomic
// without a transaction; prepared, PostgreSQL parses and plans it once per connection. Expired checkouts come in
// bursts (abandoned checkouts expire 24 h later, in bulk): as a transaction of four statements built per event the
// app took a quarter of a bare server's rate (bench/webhook-burst.bench.mjs, docs/benchmarks.md).
import { eq, sql } from 'drizzle-orm';
import { gifts, webhookEvents } from '../../db/schema.js';
import { preparedPerDb } from '../../db/prepared.js';
import type { Db } from '../../db/client.js';
import type { ServiceDeps } from '../../deps.js';
import type { AppEvent } from '../../payments/events.js';
import { moveQuery } from '../gift-lifecycle/transition.js';

type CheckoutExpired = Extract<AppEvent, { kind: 'checkout_expired' }>;

const p = (name: string) => sql.placeholder(name);

/** One statement per way the event names its gift: by the gift's public id, or by the checkout's id. */
function statement(db: Db, ref: typeof gifts.publicId | typeof gifts.checkoutSessionId) {
  const recorded = db.$with('recorded').as(
    db
      .insert(webhookEvents)
      .values({
        id: p('id'),
        type: 'checkout_expired',
        receivedAt: p('now'),
        processedAt: p('now'),
        objectId: p('objectId'),
        giftId: sql`(select ${gifts.id} from ${gifts} where ${ref} = ${p('ref')} limit 1)`,
      })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id }),
  );
  // Past drizzle's timestamp encoder (it is not applied inside sql): the instant as text.
  const at = sql`${p('nowText')}::timestamptz`;
  const move = moveQuery(db, eq(ref, p('ref')), {
    to: 'abandoned',
    at,
    set: { abandonedAt: at },
    where: sql`exists (select 1 from ${recorded})`,
  })!;
  const moved = db.$with('moved').as(move.returning({ id: gifts.id }));
  // A data-modifying WITH runs once whether or not the outer query reads it.
  return db
    .with(recorded, moved)
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(recorded);
}

const byPublicId = preparedPerDb((db) => statement(db, gifts.publicId).prepare('expired_checkout_by_gift'));
const byCheckoutId = preparedPerDb((db) => statement(db, gifts.checkoutSessionId).prepare('expired_checkout_by_id'));

/** Records the event and abandons its gift if still pending; false when the event was recorded before (a replay). */
export async function recordExpiredCheckout(deps: ServiceDeps, event: CheckoutExpired): Promise<boolean | null> {
  const query = event.giftPublicId ? byPublicId(deps.db) : event.checkoutId ? byCheckoutId(deps.db) : null;
  if (!query) return null;
  const now = deps.clock.now();
  const [row] = await query.execute({
    id: event.id,
    now,
    nowText: now.toISOString(),
    objectId: event.checkoutId ?? null,
    ref: event.giftPublicId ?? event.checkoutId,
  });
  return (row?.n ?? 0) > 0;
}
