// "Give together" (decision 026): one pooled anonymous gift. Each contribution is an ordinary gift row (its own
// payment, fee, tip, ledger movements and refund) whose group_gift_id points here; the group holds what is common:
// the recipient, the message and question, the deadline and goal, the two links (stored only hashed) and, once
// sent, which share carries the one claim link and the sum it announced.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const GROUP_GIFT_STATES = ['open', 'sent', 'closed'] as const;
export type GroupGiftState = (typeof GROUP_GIFT_STATES)[number];

export const groupGifts = pgTable(
  'group_gifts',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    /** open → sent (by the organiser, or at the deadline with a share) or closed (the deadline with none). */
    state: text('state').$type<GroupGiftState>().notNull().default('open'),
    shareTokenHash: text('share_token_hash').notNull(),
    organiserTokenHash: text('organiser_token_hash').notNull(),
    // Personal data: nullable so retention can erase it (docs/data-retention.md), as on gifts.
    organiserEmail: text('organiser_email'),
    recipientFirstName: text('recipient_first_name'),
    recipientLastName: text('recipient_last_name'),
    recipientEmail: text('recipient_email'),
    personalNote: text('personal_note'),
    securityQuestion: text('security_question'),
    securityAnswerHash: text('security_answer_hash'),
    goalCents: integer('goal_cents'),
    deadlineAt: ts('deadline_at').notNull(),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
    closedAt: ts('closed_at'),
    /** The share whose row carries the group's one claim (its claim token, answer count and payout account). */
    leadGiftId: integer('lead_gift_id'),
    /** The sum of the shares sent: what the recipient was told. */
    sentAmountCents: integer('sent_amount_cents'),
    /** When the organiser's reminder before the deadline was queued. */
    remindedAt: ts('reminded_at'),
  },
  (t) => [
    uniqueIndex('group_gifts_public_id_idx').on(t.publicId),
    uniqueIndex('group_gifts_share_token_idx').on(t.shareTokenHash),
    uniqueIndex('group_gifts_organiser_token_idx').on(t.organiserTokenHash),
    // The deadline job reads only open groups.
    index('group_gifts_open_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.state} = 'open'`),
    check('group_gifts_state_check', sql`${t.state} in ('open', 'sent', 'closed')`),
    check('group_gifts_goal_check', sql`${t.goalCents} is null or ${t.goalCents} > 0`),
  ],
);
