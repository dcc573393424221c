// The gift as the admin sees it: serial id, status, amount, sender and recipient names, dates.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { giftDeliveries, giftSenders, gifts, groupGifts } from '../../db/schema.js';
import { formatCents } from '../../../shared/money.js';
import type { AdminGift } from '../../../shared/schemas/admin.js';
import { openAttentionText } from '../attention/items.js';
import { claimFrozenAt } from './attention-sql.js';

/** A share of a group gift (decision 026): the group's public id, and which share carries its claim. */
export const groupColumns = {
  groupPublicId: sql<
    string | null
  >`(select ${groupGifts.publicId} from ${groupGifts} where ${groupGifts.id} = ${gifts.groupGiftId})`,
  groupLeadId: sql<
    number | null
  >`(select ${groupGifts.leadGiftId} from ${groupGifts} where ${groupGifts.id} = ${gifts.groupGiftId})`.mapWith(
    (v: unknown) => (v === null ? null : Number(v)),
  ),
};

/** The group a gift is a share of, as the admin answers show it. */
export const groupOf = (row: { id: number; groupPublicId: string | null; groupLeadId: number | null }) =>
  row.groupPublicId ? { id: row.groupPublicId, lead: row.groupLeadId === row.id } : null;

/** Only the columns the admin view needs (no hashes, notes or provider ids). */
export const adminGiftColumns = {
  id: gifts.id,
  status: gifts.status,
  amountCents: gifts.amountCents,
  senderFirstName: giftSenders.senderFirstName,
  senderLastName: giftSenders.senderLastName,
  recipientFirstName: gifts.recipientFirstName,
  recipientLastName: gifts.recipientLastName,
  recipientEmail: gifts.recipientEmail,
  createdAt: gifts.createdAt,
  expiresAt: gifts.expiresAt,
  // Of gift_deliveries and gift_senders, joined on the left (selectAdminGifts).
  deliverAt: giftDeliveries.deliverAt,
  notifiedAt: giftDeliveries.notifiedAt,
  undeliverableAt: giftDeliveries.undeliverableAt,
  // The open attention items' reasons in one line (attention/items.ts), as the field always said it.
  needsAttention: openAttentionText(gifts.id),
  claimFrozen: sql<boolean>`(${claimFrozenAt()} is not null)`,
  ...groupColumns,
};

/** The gifts with the admin view's columns, joined with their delivery and sender rows; add where, order, limit. */
export const selectAdminGifts = (db: Db) =>
  db
    .select(adminGiftColumns)
    .from(gifts)
    .leftJoin(giftDeliveries, eq(giftDeliveries.giftId, gifts.id))
    .leftJoin(giftSenders, eq(giftSenders.giftId, gifts.id));

type Columns = typeof adminGiftColumns;
type AdminGiftRow = {
  [K in keyof Columns]: Columns[K] extends SQL<infer T>
    ? T
    : Columns[K] extends { _: { data: infer D } }
      ? D | null
      : never;
};

export function toAdminGift(row: AdminGiftRow): AdminGift {
  return {
    id: row.id!,
    status: row.status as AdminGift['status'],
    amount: formatCents(row.amountCents!),
    senderFirstName: row.senderFirstName,
    senderLastName: row.senderLastName,
    recipientFirstName: row.recipientFirstName,
    recipientLastName: row.recipientLastName,
    recipientEmail: row.recipientEmail,
    createdAt: row.createdAt!.toISOString(),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    delivery: deliveryOf(row),
    deliverAt: row.deliverAt ? row.deliverAt.toISOString() : null,
    needsAttention: row.needsAttention,
    claimFrozen: row.claimFrozen,
    group: groupOf({ id: row.id!, groupPublicId: row.groupPublicId, groupLeadId: row.groupLeadId }),
  };
}

function deliveryOf(row: AdminGiftRow): AdminGift['delivery'] {
  if (row.status !== 'paid') return null;
  if (row.deliverAt && !row.notifiedAt) return 'scheduled';
  return row.undeliverableAt ? 'undeliverable' : null;
}
