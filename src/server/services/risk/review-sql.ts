// SQL conditions on a gift's risk review, for queries in other areas (settle.ts's refund e-mail).
import { sql } from 'drizzle-orm';
import { gifts, riskReviews } from '../../db/schema.js';

/** The gift was rejected in review: its refund was the whole charge. */
export const rejectedInReview = () =>
  sql<boolean>`exists (select 1 from ${riskReviews} where ${riskReviews.giftId} = ${gifts.id} and ${riskReviews.decision} = 'rejected')`;
