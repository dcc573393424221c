// GET /api/donor/profile: the signed-in donor, or null when there is no session (the API answers 401, or no hint
// cookie says a session may exist and the API is not asked).
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../lib/query-client';
import type { DonorProfile } from '../../../shared/schemas/donor';

export const DONOR_PROFILE_KEY = ['/api/donor/profile'] as const;

export function useDonorProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<DonorProfile | null>({
    queryKey: DONOR_PROFILE_KEY,
    enabled,
    queryFn: getQueryFn<DonorProfile>({ on401: 'returnNull', session: 'donor' }),
  });
}
