// The ledger's vocabulary (decision 014): movement kinds, the accounts they post between, and their states.
// Every movement is one balanced double-entry transaction: `amount_cents` debited to one account and credited to
// another (a CHECK keeps them distinct). Only succeeded movements count toward balances.

export const LEDGER_ACCOUNTS = [
  /** Our money held at the payment provider (asset). */
  'provider_clearing',
  /** Gift amounts held for recipients until paid out or refunded (liability). */
  'owed_to_recipients',
  'fee_revenue',
  'tip_revenue',
  /** Money taken back by card disputes, net of disputes won (loss). */
  'disputes',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const MOVEMENT_KINDS = [
  'charge',
  'fee',
  'tip',
  'transfer',
  'refund',
  'dispute_debit',
  'dispute_credit',
  'reversal',
  /** A rejected gift (risk review) refunds the whole charge: its fee or tip first goes back to what is owed. */
  'fee_return',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/**
 * requested → in_flight → succeeded | failed | unknown (the provider's answer was lost: look it up by key), or
 * cancelled: never sent because it is no longer needed (a lost dispute took the payment back, the provider's
 * dashboard already refunded it).
 */
export const MOVEMENT_STATES = ['requested', 'in_flight', 'succeeded', 'failed', 'unknown', 'cancelled'] as const;
export type MovementState = (typeof MOVEMENT_STATES)[number];

/** Movements Hushgift sends out and the reconciler drives to an end. */
export const OUTGOING_KINDS = ['transfer', 'refund'] as const satisfies readonly MovementKind[];

/** Who started a movement: Hushgift, or the provider's side (a dashboard refund, a dispute, a reversal). */
export type MovementOrigin = 'hushgift' | 'provider';

/** Where each kind posts by default. */
export const POSTING: Record<MovementKind, { debit: LedgerAccount; credit: LedgerAccount }> = {
  charge: { debit: 'provider_clearing', credit: 'owed_to_recipients' },
  fee: { debit: 'provider_clearing', credit: 'fee_revenue' },
  tip: { debit: 'provider_clearing', credit: 'tip_revenue' },
  transfer: { debit: 'owed_to_recipients', credit: 'provider_clearing' },
  refund: { debit: 'owed_to_recipients', credit: 'provider_clearing' },
  dispute_debit: { debit: 'disputes', credit: 'provider_clearing' },
  dispute_credit: { debit: 'provider_clearing', credit: 'disputes' },
  reversal: { debit: 'provider_clearing', credit: 'owed_to_recipients' },
  fee_return: { debit: 'fee_revenue', credit: 'owed_to_recipients' },
};

/**
 * The idempotency key of a gift's movement: environment prefix, public id and kind (plus the provider's
 * reference for movements the provider started). Never the serial id: a restored backup or a second
 * environment on the same provider account cannot reuse it.
 */
export function movementKey(prefix: string, giftPublicId: string, kind: MovementKind | string, ref?: string): string {
  return [prefix, giftPublicId, kind, ...(ref ? [ref] : [])].join(':');
}

/** PROVIDER_KEY_PREFIX's default: PUBLIC_URL's host (and port), e.g. hushgift.example or localhost-3000. */
export function defaultKeyPrefix(publicUrl: string): string {
  return new URL(publicUrl).host.toLowerCase().replace(/[^a-z0-9.-]+/g, '-');
}
