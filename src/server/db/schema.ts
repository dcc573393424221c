// The whole data model. Amounts are integer cents. Timestamps are timestamptz.
// Personal data columns are nullable so the retention job can erase them while the payment record stays.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { groupGifts } from './tables/together.js';
import { GIFT_STATES, STATUS_OF_STATE, type GiftState } from '../services/gift-lifecycle/states.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const donors = pgTable(
  'donors',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('donors_email_lower_idx').on(sql`lower(${t.email})`)],
);

type RecipientNameColumns = { recipientFirstName: AnyPgColumn; recipientLastName: AnyPgColumn };
type SenderNameColumns = { senderFirstName: AnyPgColumn; senderLastName: AnyPgColumn };

/** "first last", lower-cased: the value the name indexes and the gift_names dictionary hold. */
export const recipientNameKey = (t: RecipientNameColumns) =>
  sql`lower(coalesce(${t.recipientFirstName}, '') || ' ' || coalesce(${t.recipientLastName}, ''))`;
export const senderNameKey = (t: SenderNameColumns) =>
  sql`lower(coalesce(${t.senderFirstName}, '') || ' ' || coalesce(${t.senderLastName}, ''))`;
/** An e-mail address, lower-cased, for a trigram index (the recipient's on gifts, the sender's on gift_senders). */
export const emailSearchText = (email: AnyPgColumn) => sql`(lower(coalesce(${email}, '')))`;

type RetentionColumns = {
  status: AnyPgColumn;
  stateChangedAt: AnyPgColumn;
  refundedAt: AnyPgColumn;
  abandonedAt: AnyPgColumn;
  expiredAt: AnyPgColumn;
  createdAt: AnyPgColumn;
  personalDataErasedAt: AnyPgColumn;
};
/**
 * When a gift's personal data starts its retention period: claimed, refunded, left expired (a refund that never
 * completed), closed by a lost card dispute, or abandoned unpaid; claimed and disputed since their state changed
 * (each is when the transfer settled, as gift_payouts.claimed_at, or the dispute was lost, as
 * gift_disputes.disputed_at; 'disputed' is final and a claimed gift leaves 'claimed' only for it);
 * null once erased, so the index holds only gifts still to erase.
 */
export const personalDataDueAt = (t: RetentionColumns) =>
  sql`(case when ${t.personalDataErasedAt} is not null then null when ${t.status} = 'claimed' then ${t.stateChangedAt} when ${t.status} = 'refunded' then ${t.refundedAt} when ${t.status} = 'expired' then ${t.expiredAt} when ${t.status} = 'disputed' then ${t.stateChangedAt} when ${t.status} = 'pending' then coalesce(${t.abandonedAt}, ${t.createdAt}) end)`;

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
/** The public status of a state (gift-lifecycle/states.ts), computed by the database so no write can disagree. */
const statusOfState = sql.raw(
  `case "state" ${Object.entries(STATUS_OF_STATE)
    .filter(([state, status]) => state !== status)
    .map(([state, status]) => `when '${state}' then '${status}'`)
    .join(' ')} else "state" end`,
);

export const gifts = pgTable(
  'gifts',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    // The lifecycle (decision 019): moved only by gift-lifecycle/transition.ts; status is derived from it.
    state: text('state').$type<GiftState>().notNull().default('pending'),
    stateChangedAt: ts('state_changed_at').notNull().defaultNow(),
    status: text('status').notNull().generatedAlwaysAs(statusOfState),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    tipCents: integer('tip_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    senderCoversFees: boolean('sender_covers_fees').notNull().default(false),

    recipientFirstName: text('recipient_first_name'),
    recipientLastName: text('recipient_last_name'),
    recipientEmail: text('recipient_email'),
    personalNote: text('personal_note'),
    securityQuestion: text('security_question'),
    securityAnswerHash: text('security_answer_hash'),
    claimTokenHash: text('claim_token_hash'),

    // The sender's name and e-mail are gift_senders'.
    donorId: integer('donor_id').references(() => donors.id),

    // The payment's own references, known once paid, are gift_payments'.
    checkoutSessionId: text('checkout_session_id'),

    createdAt: ts('created_at').notNull(),
    paidAt: ts('paid_at'),
    expiresAt: ts('expires_at'),
    abandonedAt: ts('abandoned_at'),

    // Claim (the answer lockout is gift_claim_attempts'; the payout account and transfer are gift_payouts').
    claimStartedAt: ts('claim_started_at'),

    // Expiry and refund.
    expiredAt: ts('expired_at'),
    refundStartedAt: ts('refund_started_at'),
    refundedAt: ts('refunded_at'),

    // Card disputes (decision 014) are gift_disputes'.

    personalDataErasedAt: ts('personal_data_erased_at'),

    // After payment (decision 016): the delivery is gift_deliveries'.
    // The sender's cancellation, the recipient's decline and thank-you note: gift_responses'.
    /** A share of a "give together" group gift (decision 026): never delivered on its own. */
    groupGiftId: integer('group_gift_id').references(() => groupGifts.id),
  },
  (t) => [
    uniqueIndex('gifts_public_id_idx').on(t.publicId),
    uniqueIndex('gifts_claim_token_hash_idx').on(t.claimTokenHash),
    uniqueIndex('gifts_checkout_session_idx').on(t.checkoutSessionId),
    index('gifts_status_created_idx').on(t.status, t.createdAt),
    index('gifts_created_idx').on(t.createdAt),
    index('gifts_due_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} in ('paid', 'claim_started')`),
    index('gifts_donor_idx').on(t.donorId, t.createdAt),
    index('gifts_group_idx')
      .on(t.groupGiftId, t.id)
      .where(sql`${t.groupGiftId} is not null`),
    index('gifts_recipient_email_lower_idx').on(sql`lower(${t.recipientEmail})`),
    // Admin search (services/admin/gift-search.ts): full names by exact value in created_at order, e-mails by trigram
    // (the sender's: gift_senders).
    index('gifts_recipient_name_idx').on(recipientNameKey(t), t.createdAt, t.id),
    index('gifts_recipient_email_trgm_idx').using('gin', sql`${emailSearchText(t.recipientEmail)} gin_trgm_ops`),
    // Background jobs (each runs every few minutes on every instance) read only the few rows they act on.
    index('gifts_reminder_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'paid' and ${t.claimStartedAt} is null`),
    // Not partial, so the planner has statistics for the expression (it ignores those of partial indexes).
    index('gifts_erasure_due_idx').on(personalDataDueAt(t)),
    check('gifts_state_check', sql`${t.state} in (${sql.raw(quoted(GIFT_STATES))})`),
    check('gifts_status_check', sql`${t.status} in ('pending', 'paid', 'claimed', 'expired', 'refunded', 'disputed')`),
    check('gifts_amounts_check', sql`${t.amountCents} > 0 and ${t.feeCents} >= 0 and ${t.tipCents} >= 0`),
    // Claim and expiry exclude each other: a gift whose transfer started (transferring, then claimed) never has a
    // refund started. The states already exclude it (states.ts); this keeps a hand-written update from doing it.
    check(
      'gifts_transfer_xor_refund',
      sql`not (${t.state} in ('transferring', 'claimed') and ${t.refundStartedAt} is not null)`,
    ),
  ],
);

/**
 * The answer lockout of a gift's claim (decision 012), apart from the gift because it changes on every answer:
 * a row exists once an answer was counted (services/claims/claim.ts writes it with one upsert).
 * wrong_answer_count is the current run (a lock starts a new one); wrong_answers_total never goes down;
 * claim_locks says how long the next lock is.
 */
export const giftClaimAttempts = pgTable(
  'gift_claim_attempts',
  {
    giftId: integer('gift_id')
      .primaryKey()
      .references(() => gifts.id, { onDelete: 'cascade' }),
    wrongAnswerCount: integer('wrong_answer_count').notNull().default(0),
    wrongAnswersTotal: integer('wrong_answers_total').notNull().default(0),
    claimLocks: integer('claim_locks').notNull().default(0),
    claimLockedUntil: ts('claim_locked_until'),
    /** Frozen for an operator after too many wrong answers: nothing can claim it (a claim_frozen attention item). */
    claimFrozenAt: ts('claim_frozen_at'),
  },
  (t) => [
    // The admin attention list (services/admin/attention-sql.ts): frozen claims (the other causes are rows of
    // gift_attention, ledger_movements and gift_reports, each with its own partial index).
    index('gift_claim_attempts_frozen_idx')
      .on(t.giftId)
      .where(sql`${t.claimFrozenAt} is not null`),
  ],
);

/**
 * A gift's delivery to its recipient (decision 016), one row per gift written with it (create-gift.ts).
 * deliver_at: the planned delivery of a scheduled gift (null: at payment), at 09:00 in delivery_time_zone;
 * notified_at: when the recipient's notification was queued; undeliverable_at: the address bounced;
 * email_corrections and sender_resent_at: the sender's corrections and resends from the gift page.
 */
export const giftDeliveries = pgTable(
  'gift_deliveries',
  {
    giftId: integer('gift_id')
      .primaryKey()
      .references(() => gifts.id, { onDelete: 'cascade' }),
    deliverAt: ts('deliver_at'),
    deliveryTimeZone: text('delivery_time_zone'),
    notifiedAt: ts('notified_at'),
    undeliverableAt: ts('undeliverable_at'),
    emailCorrections: integer('email_corrections').notNull().default(0),
    senderResentAt: ts('sender_resent_at'),
  },
  (t) => [
    // The delivery job (delivery/deliver-scheduled.ts): scheduled gifts not yet delivered. The gift's status is
    // checked on the join: a gift never paid or cancelled before its day stays here, few beside the due ones.
    index('gift_deliveries_due_idx')
      .on(t.deliverAt)
      .where(sql`${t.notifiedAt} is null and ${t.deliverAt} is not null`),
  ],
);

/**
 * What the sender and the recipient answered, apart from the gift: a row only once one of them did (an upsert).
 * cancelled_at: the sender cancelled (or withdrew a group share); declined_at: the recipient declined after the
 * security answer (decision 025); both are refunded. thank_you_note: the recipient's one note to the sender,
 * personal data the retention job erases.
 */
export const giftResponses = pgTable('gift_responses', {
  giftId: integer('gift_id')
    .primaryKey()
    .references(() => gifts.id, { onDelete: 'cascade' }),
  cancelledAt: ts('cancelled_at'),
  declinedAt: ts('declined_at'),
  thankYouNote: text('thank_you_note'),
  thankYouAt: ts('thank_you_at'),
});

/**
 * A claimed gift's payout, apart from the gift (decision 019): a row from its claim's start on, written after the
 * gift's move or lock in the same transaction (services/payouts/payout-row.ts).
 * recipient_account_id: the payout account the claim is bound to (decision 021); transfer_started_at: the payout
 * decided, once (the gift moved to transferring); transfer_id: the provider's transfer, recorded once it settled
 * (claimed_at); reconcile_after: the payout job's next look at the gift and its lease while it looks (payouts/job.ts).
 */
export const giftPayouts = pgTable(
  'gift_payouts',
  {
    giftId: integer('gift_id')
      .primaryKey()
      .references(() => gifts.id, { onDelete: 'cascade' }),
    recipientAccountId: text('recipient_account_id'),
    transferStartedAt: ts('transfer_started_at'),
    transferId: text('transfer_id'),
    claimedAt: ts('claimed_at'),
    reconcileAfter: ts('reconcile_after'),
  },
  (t) => [
    // The payout job: bound accounts not yet paid out, by next look. A gift refunded meanwhile leaves it when its
    // refund settles (reconcile_after cleared); until then the join to the gift's state filters it.
    index('gift_payouts_due_idx')
      .on(t.reconcileAfter, t.giftId)
      .where(
        sql`${t.recipientAccountId} is not null and ${t.transferStartedAt} is null and ${t.reconcileAfter} is not null`,
      ),
    // An account's waiting gifts (its verification, its disconnection: events/account-events.ts, money-events.ts).
    index('gift_payouts_account_idx')
      .on(t.recipientAccountId)
      .where(sql`${t.transferStartedAt} is null`),
    // A reversed transfer's event names the transfer (events/handle-event.ts).
    index('gift_payouts_transfer_idx').on(t.transferId),
  ],
);

/**
 * Who paid for the gift, apart from it: the name and e-mail the checkout gave, written when the gift is paid
 * (events/checkout-events.ts, in the transaction of its move to paid), so a row exists once the gift was paid.
 * Never shown to the recipient; the retention job erases it (the row stays, emptied).
 */
export const giftSenders = pgTable(
  'gift_senders',
  {
    giftId: integer('gift_id')
      .primaryKey()
      .references(() => gifts.id, { onDelete: 'cascade' }),
    senderFirstName: text('sender_first_name'),
    senderLastName: text('sender_last_name'),
    senderEmail: text('sender_email'),
  },
  (t) => [
    index('gift_senders_email_lower_idx').on(sql`lower(${t.senderEmail})`),
    // Admin search (services/admin/gift-search.ts): a full name's gifts, and e-mails by trigram.
    index('gift_senders_name_idx').on(senderNameKey(t), t.giftId),
    index('gift_senders_email_trgm_idx').using('gin', sql`${emailSearchText(t.senderEmail)} gin_trgm_ops`),
  ],
);

/**
 * The provider's references of a gift's payment, known once it is paid (events/checkout-events.ts writes the row
 * with the move to paid): the payment intent and the charge that the provider's events name (refunds, disputes,
 * fraud warnings) and the payout's transfer is funded by. The checkout session stays on gifts (gift creation
 * writes it).
 */
export const giftPayments = pgTable(
  'gift_payments',
  {
    giftId: integer('gift_id')
      .primaryKey()
      .references(() => gifts.id, { onDelete: 'cascade' }),
    paymentIntentId: text('payment_intent_id'),
    chargeId: text('charge_id'),
  },
  (t) => [
    // Events are matched by either reference (events/handle-event.ts, gift-money.ts, risk/fraud-warning.ts).
    index('gift_payments_payment_intent_idx').on(t.paymentIntentId),
    index('gift_payments_charge_idx').on(t.chargeId),
  ],
);

/**
 * A card dispute on the gift's payment (decision 014), apart from the gift: a row once a dispute was opened or lost
 * (disputes/dispute-events.ts, the gift locked first). dispute_opened_at: open, the gift's money is frozen (cleared
 * when won or lost; noDisputeOpen in gifts/money-undecided.ts); disputed_at: lost, the gift moved to 'disputed'.
 */
export const giftDisputes = pgTable('gift_disputes', {
  giftId: integer('gift_id')
    .primaryKey()
    .references(() => gifts.id, { onDelete: 'cascade' }),
  disputeOpenedAt: ts('dispute_opened_at'),
  disputedAt: ts('disputed_at'),
});

const ledgerAccountList = sql.raw(
  `'provider_clearing', 'owed_to_recipients', 'fee_revenue', 'tip_revenue', 'disputes'`,
);

/**
 * The ledger (decision 014, services/ledger/): one row per money movement of a gift, each a balanced double-entry
 * transaction (amount debited to one account, credited to another), with its state, idempotency key and
 * provider reference. The reconciler drives unsettled outgoing movements (transfer, refund) to an end.
 */
export const ledgerMovements = pgTable(
  'ledger_movements',
  {
    id: serial('id').primaryKey(),
    giftId: integer('gift_id')
      .notNull()
      .references(() => gifts.id),
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    debitAccount: text('debit_account').notNull(),
    creditAccount: text('credit_account').notNull(),
    state: text('state').notNull(),
    origin: text('origin').notNull().default('hushgift'),
    idempotencyKey: text('idempotency_key').notNull(),
    providerRef: text('provider_ref'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    failingSince: ts('failing_since'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('ledger_key_idx').on(t.idempotencyKey),
    index('ledger_gift_idx').on(t.giftId, t.id),
    index('ledger_provider_ref_idx').on(t.providerRef),
    // Claim and expiry exclude each other in the ledger too: one live payout-or-refund Hushgift started per gift.
    uniqueIndex('ledger_one_outgoing_idx')
      .on(t.giftId)
      .where(
        sql`${t.kind} in ('transfer', 'refund') and ${t.origin} = 'hushgift' and ${t.state} not in ('failed', 'cancelled')`,
      ),
    index('ledger_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.state} in ('requested', 'in_flight', 'unknown')`),
    // The admin attention list: outgoing movements that failed, or have been failing (services/admin/attention-sql.ts).
    index('ledger_attention_idx')
      .on(t.giftId)
      .where(
        sql`${t.kind} in ('transfer', 'refund') and ${t.origin} = 'hushgift' and (${t.state} = 'failed' or (${t.state} in ('requested', 'in_flight', 'unknown') and ${t.failingSince} is not null))`,
      ),
    check('ledger_amount_positive', sql`${t.amountCents} > 0`),
    check('ledger_balanced', sql`${t.debitAccount} <> ${t.creditAccount}`),
    check(
      'ledger_accounts_check',
      sql`${t.debitAccount} in (${ledgerAccountList}) and ${t.creditAccount} in (${ledgerAccountList})`,
    ),
    check(
      'ledger_kind_check',
      sql`${t.kind} in ('charge', 'fee', 'tip', 'transfer', 'refund', 'dispute_debit', 'dispute_credit', 'reversal', 'fee_return')`,
    ),
    check(
      'ledger_state_check',
      sql`${t.state} in ('requested', 'in_flight', 'succeeded', 'failed', 'unknown', 'cancelled')`,
    ),
    check('ledger_origin_check', sql`${t.origin} in ('hushgift', 'provider')`),
    check('ledger_settled_check', sql`(${t.state} = 'succeeded') = (${t.settledAt} is not null)`),
  ],
);

/**
 * Succeeded ledger movements summed per kind and accounts, kept by statement-level triggers on ledger_movements
 * (migration 0011) so the admin's Money section reads a few hundred rows at any size (decision 017). 16 shards
 * (gift id % 16), as gift_status_totals.
 */
export const ledgerTotals = pgTable(
  'ledger_totals',
  {
    kind: text('kind').notNull(),
    debitAccount: text('debit_account').notNull(),
    creditAccount: text('credit_account').notNull(),
    shard: integer('shard').notNull(),
    movements: bigint('movements', { mode: 'number' }).notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'ledger_totals_pk', columns: [t.kind, t.debitAccount, t.creditAccount, t.shard] })],
);

/**
 * Links that open a gift, stored only as the SHA-256 of their token: the sender's gift page ('manage', several may
 * be valid: the receipt's, the bounce notice's, a donor's) and extra claim links ('claim': reminders carry a fresh
 * token that claims the same gift; rotating the claim token deletes them). Decision 016.
 */
export const giftLinks = pgTable(
  'gift_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    giftId: integer('gift_id')
      .notNull()
      .references(() => gifts.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('gift_links_gift_idx').on(t.giftId, t.purpose),
    check('gift_links_purpose_check', sql`${t.purpose} in ('claim', 'manage')`),
  ],
);

/**
 * Gift counts and amounts per status, kept by statement-level triggers on gifts (migration 0001), so the admin
 * stats read ~80 rows instead of scanning every gift. Spread over 16 shards (gift id % 16) so concurrent
 * transactions rarely wait on the same counter row.
 */
export const giftStatusTotals = pgTable(
  'gift_status_totals',
  {
    status: text('status').notNull(),
    shard: integer('shard').notNull(),
    gifts: bigint('gifts', { mode: 'number' }).notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.shard] })],
);

/**
 * Every distinct full name ("first last", lower-cased) of a recipient or sender, kept by triggers on gifts and
 * gift_senders (migrations 0002, 0028). Names repeat across many gifts, so a trigram search over this small list
 * finds the matching names, and gifts_recipient_name_idx / gift_senders_name_idx give their gifts.
 */
export const giftNames = pgTable('gift_names', { name: text('name').primaryKey() }, (t) => [
  index('gift_names_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
]);

/**
 * The payout accounts set up for a recipient e-mail, each for one gift's claim (decision 021). A later gift may pay
 * into one only after its claimant proved, at the provider, that the account is theirs (payout_owner_proofs).
 */
export const recipientAccounts = pgTable(
  'recipient_accounts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    createdAt: ts('created_at').notNull(),
    /** The gift whose claim set the account up (null: set up before decision 021). */
    giftId: integer('gift_id').references(() => gifts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('recipient_accounts_email_idx').on(sql`lower(${t.email})`, t.id),
    uniqueIndex('recipient_accounts_provider_idx').on(t.providerAccountId),
    index('recipient_accounts_gift_idx').on(t.giftId),
  ],
);

/**
 * Owner sign-ins started from a claim (decision 021): a single-use nonce (only its SHA-256 here) that the provider
 * hands back after its own sign-in to an existing payout account, bound to one gift and one claim session.
 */
export const payoutOwnerProofs = pgTable(
  'payout_owner_proofs',
  {
    id: serial('id').primaryKey(),
    giftId: integer('gift_id')
      .notNull()
      .references(() => gifts.id, { onDelete: 'cascade' }),
    /** The claim session (its id's SHA-256, as in sessions) that started the sign-in. */
    sessionHash: text('session_hash').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    nonceHash: text('nonce_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('payout_owner_proofs_nonce_idx').on(t.nonceHash),
    index('payout_owner_proofs_gift_idx').on(t.giftId),
  ],
);

/** Every provider event, stored by its id before it is handled; a replay finds the row and changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull(),
  processedAt: ts('processed_at'),
  // Only what dedupe and audit need (decision 012): no payload, which carried the sender's e-mail.
  objectId: text('object_id'),
  giftId: integer('gift_id'),
});

/** Durable e-mail outbox: written in the transaction that causes the message; delivered by a worker. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    // Address, subject and bodies are erased once the message is delivered or given up (decision 012); the
    // recipient's SHA-256 stays so a delivery can still be confirmed to its owner.
    toAddress: text('to_address'),
    recipientHash: text('recipient_hash'),
    replyTo: text('reply_to'),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    giftId: integer('gift_id').references(() => gifts.id),
    dedupeKey: text('dedupe_key'),
    createdAt: ts('created_at').notNull(),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lockedUntil: ts('locked_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    failedAt: ts('failed_at'),
  },
  (t) => [
    uniqueIndex('outbox_dedupe_idx').on(t.dedupeKey),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('outbox_gift_idx').on(t.giftId),
  ],
);

/** The dev mailbox: e-mails "delivered" when no SMTP server is configured. Never used in production. */
export const devEmails = pgTable(
  'dev_emails',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('dev_emails_to_idx').on(sql`lower(${t.toAddress})`, t.id)],
);

export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    // Setup creates the one owner; the unique index makes a second setup impossible even under a race.
    isOwner: boolean('is_owner').notNull().default(true),
    createdAt: ts('created_at').notNull(),
    /** The TOTP secret, AES-256-GCM under ADMIN_TOTP_KEY (services/admin/totp-secret.ts); never stored plain. */
    totpSecretEnc: text('totp_secret_enc'),
    /** Set when the enrolment was confirmed with a code; a secret without it is an enrolment under way. */
    totpEnabledAt: ts('totp_enabled_at'),
    /** The last TOTP time step accepted: a code is taken only for a later step, so none is used twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    passwordChangedAt: ts('password_changed_at'),
  },
  (t) => [
    uniqueIndex('admins_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('admins_single_owner_idx')
      .on(t.isOwner)
      .where(sql`${t.isOwner}`),
  ],
);

/** Server-side sessions for admins and donors; the cookie holds a random id, the row holds only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    absoluteExpiresAt: ts('absolute_expires_at').notNull(),
    /** Last password or second-factor check in this session: money actions need one within 15 minutes. */
    verifiedAt: ts('verified_at'),
  },
  (t) => [index('sessions_subject_idx').on(t.kind, t.subjectId)],
);

/** An admin's single-use recovery codes (argon2id hashes; the codes are shown once, at enrolment). */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('admin_recovery_codes_admin_idx').on(t.adminId)],
);

/** Counted attempts for throttles and rate limits (failed logins, sign-in requests, contact form), shared by every instance. */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('rate_events_bucket_idx').on(t.bucket, t.createdAt)],
);

/** Single-use donor sign-in links; only the SHA-256 of the token is kept. */
export const donorLoginTokens = pgTable(
  'donor_login_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    donorId: integer('donor_id')
      .notNull()
      .references(() => donors.id),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('donor_login_tokens_donor_idx').on(t.donorId)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const securityLog = pgTable(
  'security_log',
  {
    id: serial('id').primaryKey(),
    event: text('event').notNull(),
    actor: text('actor'),
    ip: text('ip'),
    detail: jsonb('detail'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('security_log_created_idx').on(t.createdAt)],
);

// ---- Sandbox provider state (a product feature for local use; rows, so it survives restarts and several instances).

export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    id: text('id').primaryKey(),
    giftPublicId: text('gift_public_id').notNull(),
    lines: jsonb('lines').notNull(),
    totalCents: integer('total_cents').notNull(),
    customerEmail: text('customer_email'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    status: text('status').notNull().default('open'),
    paymentIntentId: text('payment_intent_id'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  // A refund's checks find its payment by payment intent (payments/sandbox/refunds.ts).
  (t) => [index('sandbox_checkouts_pi_idx').on(t.paymentIntentId)],
);

export const sandboxAccounts = pgTable('sandbox_accounts', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  // 'new' | 'verified' | 'needs_info' | 'pending'
  status: text('status').notNull().default('new'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  /** The owner's phone (digits), given at the first onboarding: where the sandbox "texts" sign-in codes. */
  phone: text('phone'),
  /** The last 4 digits of the bank account given at the first onboarding. */
  payoutLast4: text('payout_last4'),
});

/**
 * The sandbox's owner sign-ins (its stand-in for the provider's phone-code login): a single-use link (only its
 * SHA-256 here) asks for the code "texted" to the account's phone, then returns to return_url (a claim's owner
 * proof) or opens the dashboard (return_url null). The code is kept as the owner's phone would show it.
 */
export const sandboxSignIns = pgTable(
  'sandbox_sign_ins',
  {
    idHash: text('id_hash').primaryKey(),
    accountId: text('account_id').notNull(),
    returnUrl: text('return_url'),
    code: text('code').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    signedInAt: ts('signed_in_at'),
  },
  (t) => [index('sandbox_sign_ins_account_idx').on(t.accountId)],
);

export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    accountId: text('account_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    transferGroup: text('transfer_group'),
    sourceTransaction: text('source_transaction'),
    description: text('description'),
    createdAt: ts('created_at').notNull(),
    /** Taken back from the account (the console's "Reverse transfer"). */
    reversedAt: ts('reversed_at'),
  },
  (t) => [
    uniqueIndex('sandbox_transfers_idem_idx').on(t.idempotencyKey),
    index('sandbox_transfers_group_idx').on(t.transferGroup),
  ],
);

export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_refunds_idem_idx').on(t.idempotencyKey),
    index('sandbox_refunds_pi_idx').on(t.paymentIntentId),
  ],
);

/** Card disputes of sandbox payments, opened and closed from the sandbox console. */
export const sandboxDisputes = pgTable(
  'sandbox_disputes',
  {
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull(),
    createdAt: ts('created_at').notNull(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    index('sandbox_disputes_pi_idx').on(t.paymentIntentId),
    check('sandbox_disputes_status_check', sql`${t.status} in ('open', 'won', 'lost')`),
  ],
);

/**
 * Faults the sandbox console switches on: target '*' makes every money call answer a retryable error until
 * fail_until (an outage); a gift's public id makes that gift's next transfer or refund be refused (the row is
 * consumed by it).
 */
export const sandboxFaults = pgTable('sandbox_faults', {
  target: text('target').primaryKey(),
  failUntil: ts('fail_until'),
  createdAt: ts('created_at').notNull(),
});
export * from './tables/operators.js';
export * from './tables/together.js';
export * from './tables/recipient-rights.js';
export * from './tables/risk.js';
export * from './tables/attention.js';
