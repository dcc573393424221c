// A donor's "Manage" in the gift history: a fresh link to the sender's gift page for one of the donor's own gifts.
import { and, eq, ne } from 'drizzle-orm';
import { gifts } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { mintGiftLink } from '../gifts/gift-links.js';
import type { ManageLinkResponse } from '../../../shared/schemas/manage.js';

export async function donorManageLink(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  donorId: number,
  publicId: string,
): Promise<ManageLinkResponse> {
  const [gift] = await deps.db
    .select({ id: gifts.id })
    .from(gifts)
    .where(and(eq(gifts.publicId, publicId), eq(gifts.donorId, donorId), ne(gifts.status, 'pending')));
  if (!gift) throw notFound('Gift not found in your history.');
  return { path: `/gift/manage/${await mintGiftLink(deps.db, deps.clock, gift.id, 'manage')}` };
}
