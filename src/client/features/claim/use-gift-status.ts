import { useQuery } from '@tanstack/react-query';
import { STATUS_POLL_MS } from '../../../shared/constants';
import type { GiftStatusResponse } from '../../../shared/schemas/claim-contract';

/** GET /api/gifts/{giftId}/status, polled every 5 seconds until the gift is delivered. */
export function useGiftStatus(giftId: string) {
  return useQuery<GiftStatusResponse | null>({
    queryKey: ['/api/gifts', encodeURIComponent(giftId), 'status'],
    enabled: Boolean(giftId),
    refetchInterval: (query) => (query.state.data?.status === 'completed' ? false : STATUS_POLL_MS),
  });
}
