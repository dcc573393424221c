// The dashboard's recent list: the latest 50 gifts, newest first (search is in gift-search.ts).
import { desc, eq } from 'drizzle-orm';
import { giftDeliveries, gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { ADMIN_PAGE_SIZE, type AdminGift } from '../../../shared/schemas/admin.js';
import { adminGiftColumns, toAdminGift } from './gift-view.js';

export async function recentGifts(deps: Pick<ServiceDeps, 'db'>): Promise<AdminGift[]> {
  const rows = await deps.db
    .select(adminGiftColumns)
    .from(gifts)
    .leftJoin(giftDeliveries, eq(giftDeliveries.giftId, gifts.id))
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(ADMIN_PAGE_SIZE);
  return rows.map(toAdminGift);
}
