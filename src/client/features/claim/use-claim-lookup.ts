import { useQuery } from '@tanstack/react-query';
import type { ClaimLookup } from '../../../shared/schemas/claim-contract';

/** GET /api/gifts/claim/{token}: the gift as the recipient sees it. */
export function useClaimLookup(token: string) {
  return useQuery<ClaimLookup | null>({ queryKey: ['/api/gifts/claim', encodeURIComponent(token)] });
}
