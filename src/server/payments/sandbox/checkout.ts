// The sandbox: checkout sessions are rows in sandbox_checkouts; the hosted page is checkout-routes.ts.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { preparedPerDb } from '../../db/prepared.js';
import { sandboxCheckouts } from '../../db/schema.js';
import type { CheckoutLine, CheckoutSession, CreateCheckoutInput } from '../provider.js';
import type { SandboxOptions } from './provider.js';
import type { AppEvent } from '../events.js';

/** What the lines column holds: the line items and the metadata echoed back on events. */
export interface SandboxCheckoutDetails {
  items: CheckoutLine[];
  metadata: Record<string, string>;
  idempotencyKey: string;
  /** The checkout asks the card's own authentication (3-D Secure): a large gift (decision 024). */
  cardAuthentication?: boolean;
  /** The rating the console set for this checkout's payment (console-actions.ts rateCheckout); else the card's. */
  riskLevel?: 'elevated' | 'highest';
}

export const sandboxId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('base64url')}`;

export function checkoutUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/sandbox/checkout/${id}`;
}

const p = (name: string) => sql.placeholder(name);
/** Every gift start opens one: built and planned once (db/prepared.ts). */
const insertCheckout = preparedPerDb((db) =>
  db
    .insert(sandboxCheckouts)
    .values({
      id: p('id'),
      giftPublicId: p('giftPublicId'),
      lines: p('lines'),
      totalCents: p('totalCents'),
      customerEmail: p('customerEmail'),
      successUrl: p('successUrl'),
      cancelUrl: p('cancelUrl'),
      createdAt: p('createdAt'),
      expiresAt: p('expiresAt'),
    })
    .prepare('sandbox_create_checkout'),
);

export async function createCheckout(ctx: SandboxOptions, input: CreateCheckoutInput): Promise<CheckoutSession> {
  const details: SandboxCheckoutDetails = {
    items: input.lines,
    metadata: { ...input.metadata, gift_public_id: input.giftPublicId },
    idempotencyKey: input.idempotencyKey,
    cardAuthentication: input.requestCardAuthentication === true,
  };
  const id = sandboxId('cs');
  await insertCheckout(ctx.db).execute({
    id,
    giftPublicId: input.giftPublicId,
    lines: details,
    totalCents: input.lines.reduce((sum, l) => sum + l.amountCents, 0),
    customerEmail: input.customerEmail ?? null,
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    createdAt: ctx.clock.now(),
    expiresAt: input.expiresAt,
  });
  return { id, url: checkoutUrl(ctx.publicUrl, id) };
}

export async function findCheckout(ctx: Pick<SandboxOptions, 'db'>, id: string) {
  const [row] = await ctx.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
  return row ?? null;
}

/** The sandbox's checkout as an app event; a completed one is paid at its own total (the sandbox's payer is not kept). */
export async function retrieveCheckout(ctx: SandboxOptions, checkoutId: string): Promise<AppEvent> {
  const row = await findCheckout(ctx, checkoutId);
  if (!row || row.status === 'open')
    return { id: `reconciled:${checkoutId}:open`, kind: 'other', providerType: 'checkout open' };
  if (row.status === 'expired')
    return {
      id: `reconciled:${checkoutId}:expired`,
      kind: 'checkout_expired',
      giftPublicId: row.giftPublicId,
      checkoutId,
    };
  return {
    id: `reconciled:${checkoutId}:complete`,
    kind: 'checkout_paid',
    giftPublicId: row.giftPublicId,
    checkoutId,
    amountCents: row.totalCents,
    currency: 'usd',
    paymentRef: row.paymentIntentId,
    chargeRef: null,
    payerEmail: row.customerEmail,
    payerName: null,
    metadata: (row.lines as SandboxCheckoutDetails).metadata,
  };
}
