import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { ManagedGift } from '../../../shared/schemas/manage';

const keyOf = (token: string) => ['/api/gifts/manage', encodeURIComponent(token)];

/** GET /api/gifts/manage/{token}: the sender's gift page. */
export function useManagedGift(token: string) {
  return useQuery<ManagedGift | null>({ queryKey: keyOf(token) });
}

/** One of the page's actions (POST /api/gifts/manage/{token}/{action}); the answer is the updated page. */
export function useManageAction<Body = void>(
  token: string,
  action: 'recipient-email' | 'resend' | 'cancel' | 'delivery-date',
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      apiRequest<ManagedGift>('POST', `/api/gifts/manage/${encodeURIComponent(token)}/${action}`, body ?? undefined),
    onSuccess: (gift) => client.setQueryData(keyOf(token), gift),
  });
}
