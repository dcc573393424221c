// DELETE /api/donor/account: erases the profile and unlinks the gifts; the session ends with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { DONOR_PROFILE_KEY } from './use-donor-profile';
import { GIFT_HISTORY_KEY } from './use-gift-history';

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>('DELETE', '/api/donor/account'),
    onSuccess: () => {
      queryClient.setQueryData(DONOR_PROFILE_KEY, null);
      queryClient.removeQueries({ queryKey: GIFT_HISTORY_KEY });
    },
  });
}
