// GET /api/donor/gift-history: the signed-in donor's paid gifts, newest first.
import { useQuery } from '@tanstack/react-query';
import type { DonorGift } from '../../../shared/schemas/donor';

export const GIFT_HISTORY_KEY = ['/api/donor/gift-history'] as const;

export function useGiftHistory(enabled: boolean) {
  return useQuery<DonorGift[]>({ queryKey: GIFT_HISTORY_KEY, enabled });
}
