// POST /api/donor/sign-in/verify: opens a sign-in link once and starts the donor session (cookie).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { DONOR_PROFILE_KEY } from './use-donor-profile';
import { GIFT_HISTORY_KEY } from './use-gift-history';

export function useSignInVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest('POST', '/api/donor/sign-in/verify', { token }),
    onSuccess: () => {
      // Data never goes stale by default: drop what was cached while signed out.
      queryClient.removeQueries({ queryKey: DONOR_PROFILE_KEY });
      queryClient.removeQueries({ queryKey: GIFT_HISTORY_KEY });
    },
  });
}
