import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { ClaimCompleteResponse } from '../../../shared/schemas/claim-contract';

/** GET /api/gifts/claim/{token}/complete: run once when the recipient returns from onboarding. */
export function useCompleteClaim(token: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<ClaimCompleteResponse>('GET', `/api/gifts/claim/${encodeURIComponent(token)}/complete`),
  });
}
