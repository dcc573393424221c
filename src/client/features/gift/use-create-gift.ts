// POST /api/gifts, then on to the provider's hosted checkout.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { CreateGiftPayload, CreateGiftResponse } from '../../../shared/schemas/gift';

export function useCreateGift() {
  return useMutation({
    mutationFn: (payload: CreateGiftPayload) => apiRequest<CreateGiftResponse>('POST', '/api/gifts', payload),
    onSuccess: ({ checkoutUrl }) => {
      window.location.assign(checkoutUrl);
    },
  });
}
