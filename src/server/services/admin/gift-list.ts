// The dashboard's recent list: the latest 50 gifts, newest first (search is in gift-search.ts).
import { desc } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { ADMIN_PAGE_SIZE, type AdminGift } from '../../../shared/schemas/admin.js';
import { selectAdminGifts, toAdminGift } from './gift-view.js';

export async function recentGifts(deps: Pick<ServiceDeps, 'db'>): Promise<AdminGift[]> {
  const rows = await selectAdminGifts(deps.db).orderBy(desc(gifts.createdAt), desc(gifts.id)).limit(ADMIN_PAGE_SIZE);
  return rows.map(toAdminGift);
}
