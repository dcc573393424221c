// The dashboard's gift lists: the latest 50, and search. Search matches recipient or sender e-mail and names
// (case-insensitive, partial) through the trigram GIN index gifts_search_trgm_idx — the expression below is
// exactly the indexed one, so PostgreSQL serves `LIKE '%q%'` from the index — or the exact claim token, whose
// SHA-256 is looked up in the unique index on claim_token_hash.
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { sha256 } from '../../crypto.js';
import { ADMIN_PAGE_SIZE, type AdminGift, type AdminSearch } from '../../../shared/schemas/admin.js';
import { adminGiftColumns, toAdminGift } from './gift-view.js';

const searchText = sql`(lower(coalesce(${gifts.recipientFirstName}, '') || ' ' || coalesce(${gifts.recipientLastName}, '') || ' ' || coalesce(${gifts.recipientEmail}, '') || ' ' || coalesce(${gifts.senderFirstName}, '') || ' ' || coalesce(${gifts.senderLastName}, '') || ' ' || coalesce(${gifts.senderEmail}, '')))`;

/** LIKE treats % _ and \ specially; a search for "50%" means the characters. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function recentGifts(deps: Pick<ServiceDeps, 'db'>): Promise<AdminGift[]> {
  const rows = await deps.db
    .select(adminGiftColumns)
    .from(gifts)
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(ADMIN_PAGE_SIZE);
  return rows.map(toAdminGift);
}

export async function searchGifts(
  deps: Pick<ServiceDeps, 'db'>,
  input: AdminSearch,
): Promise<{ gifts: AdminGift[]; hasMore: boolean }> {
  const conditions: SQL[] = [];
  if (input.q) {
    conditions.push(
      or(sql`${searchText} like ${likeContains(input.q.toLowerCase())}`, eq(gifts.claimTokenHash, sha256(input.q)))!,
    );
  }
  if (input.status !== 'all') conditions.push(eq(gifts.status, input.status));
  const rows = await deps.db
    .select(adminGiftColumns)
    .from(gifts)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(ADMIN_PAGE_SIZE + 1)
    .offset((input.page - 1) * ADMIN_PAGE_SIZE);
  return { gifts: rows.slice(0, ADMIN_PAGE_SIZE).map(toAdminGift), hasMore: rows.length > ADMIN_PAGE_SIZE };
}
