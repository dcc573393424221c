// POST /api/donor/logout: ends the session on the server and forgets the donor's data in this tab.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { DONOR_PROFILE_KEY } from './use-donor-profile';
import { GIFT_HISTORY_KEY } from './use-gift-history';

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/donor/logout'),
    onSuccess: () => {
      queryClient.setQueryData(DONOR_PROFILE_KEY, null);
      queryClient.removeQueries({ queryKey: GIFT_HISTORY_KEY });
    },
  });
}
