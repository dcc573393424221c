import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { ClaimStartResponse } from '../../../shared/schemas/claim-contract';

/** POST /api/gifts/claim/{token}: the answer is sent only when the gift has a question. */
export function useClaimGift(token: string) {
  return useMutation({
    mutationFn: (securityAnswer: string | undefined) =>
      apiRequest<ClaimStartResponse>(
        'POST',
        `/api/gifts/claim/${encodeURIComponent(token)}`,
        securityAnswer === undefined ? {} : { securityAnswer: securityAnswer.trim() },
      ),
  });
}
