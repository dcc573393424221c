// One connected payout account per recipient e-mail, reused by later gifts so a recipient verifies once.
import { eq, sql } from 'drizzle-orm';
import { recipientAccounts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { sha256 } from '../../crypto.js';

export async function ensureRecipientAccount(deps: ServiceDeps, email: string): Promise<string> {
  const key = email.trim().toLowerCase();
  const find = async () => {
    const [row] = await deps.db
      .select({ id: recipientAccounts.providerAccountId })
      .from(recipientAccounts)
      .where(eq(sql`lower(${recipientAccounts.email})`, key));
    return row?.id;
  };
  const existing = await find();
  if (existing) return existing;
  // Two claims racing for the same e-mail send the same idempotency key, so the provider creates one account.
  const { id } = await deps.payments.createConnectedAccount({
    email: key,
    idempotencyKey: `recipient:${sha256(key).slice(0, 32)}:account`,
  });
  await deps.db
    .insert(recipientAccounts)
    .values({ email: key, providerAccountId: id, createdAt: deps.clock.now() })
    .onConflictDoNothing();
  return (await find()) ?? id;
}
