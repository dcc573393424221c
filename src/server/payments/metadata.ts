// Metadata keys Hushgift puts on the provider objects it creates (checkouts, transfers, refunds), in the app's
// words: adapters copy them to the provider and read them back on events and look-ups.

/** The gift's public id on checkouts, transfers and refunds. */
export const GIFT_PUBLIC_ID_METADATA = 'gift_public_id';
/** The idempotency key of the movement a transfer or refund belongs to: how our own refunds are told apart. */
export const MOVEMENT_KEY_METADATA = 'hushgift_key';
