// What a signed-in donor sees: their profile and the gifts they paid for (never anyone else's, never unpaid ones).
import { and, desc, eq, inArray } from 'drizzle-orm';
import { donors, giftDeliveries, giftPayouts, gifts } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import { unauthorized } from '../../errors.js';
import { formatCents } from '../../../shared/money.js';
import type { GiftStatus } from '../../../shared/statuses.js';
import { DONOR_VISIBLE_STATUSES, type DonorGift, type DonorProfile } from '../../../shared/schemas/donor.js';

async function existingDonor(db: DbOrTx, donorId: number) {
  const [donor] = await db.select().from(donors).where(eq(donors.id, donorId));
  // A session for a donor that no longer exists is no session.
  if (!donor) throw unauthorized();
  return donor;
}

export async function donorProfile(db: DbOrTx, donorId: number): Promise<DonorProfile> {
  const donor = await existingDonor(db, donorId);
  return {
    firstName: donor.firstName,
    lastName: donor.lastName,
    email: donor.email,
    createdAt: donor.createdAt.toISOString(),
  };
}

/** The donor's paid gifts, newest first. */
export async function donorGiftHistory(db: DbOrTx, donorId: number): Promise<DonorGift[]> {
  await existingDonor(db, donorId);
  const rows = await db
    .select({
      publicId: gifts.publicId,
      amountCents: gifts.amountCents,
      status: gifts.status,
      recipientFirstName: gifts.recipientFirstName,
      recipientLastName: gifts.recipientLastName,
      createdAt: gifts.createdAt,
      claimedAt: giftPayouts.claimedAt,
      deliverAt: giftDeliveries.deliverAt,
    })
    .from(gifts)
    .leftJoin(giftDeliveries, eq(giftDeliveries.giftId, gifts.id))
    .leftJoin(giftPayouts, eq(giftPayouts.giftId, gifts.id))
    .where(and(eq(gifts.donorId, donorId), inArray(gifts.status, DONOR_VISIBLE_STATUSES)))
    .orderBy(desc(gifts.createdAt), desc(gifts.id));
  return rows.map((row) => ({
    id: row.publicId,
    amount: formatCents(row.amountCents),
    // The recipient receives the full gift amount (fees are on top).
    recipientGets: formatCents(row.amountCents),
    // The table's check constraint admits only GIFT_STATUSES, and the route's response schema checks the enum again.
    status: row.status as GiftStatus,
    recipientFirstName: row.recipientFirstName,
    recipientLastName: row.recipientLastName,
    createdAt: row.createdAt.toISOString(),
    claimedAt: row.claimedAt ? row.claimedAt.toISOString() : null,
    deliverAt: row.deliverAt ? row.deliverAt.toISOString() : null,
  }));
}
