// The Money section and the Needs attention list: queries and the three actions. After an action every figure
// it can change is read again (totals, attention list, stats, gift lists).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { getQueryFn } from '../../lib/query-client';
import type { StepUpGuard } from './step-up-dialog';
import type { AdminMoney, AttentionList, RetryOutcome } from '../../../shared/schemas/admin-money';

export const MONEY_KEY = ['/api/admin/money'] as const;
export const ATTENTION_KEY = ['/api/admin/attention'] as const;

export function useAdminMoney(enabled: boolean) {
  return useQuery({ queryKey: MONEY_KEY, queryFn: getQueryFn<AdminMoney>(), enabled });
}

export function useAttentionList(enabled: boolean) {
  return useQuery({ queryKey: ATTENTION_KEY, queryFn: getQueryFn<AttentionList>(), enabled });
}

/** The list's actions; a frozen claim is lifted by the gift list's own "Unfreeze claim" route. */
export type AttentionAction = 'retry-movement' | 'refund-sender' | 'resolve-attention' | 'unfreeze-claim';

/** One action on one gift; answers the server's words for the operator. */
export function useAttentionAction(guard: StepUpGuard) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ giftId, action }: { giftId: number; action: AttentionAction }) => {
      // Money actions may first ask for the code again (step-up-dialog.tsx); unfreeze-claim never does.
      const answer = await guard(() =>
        apiRequest<RetryOutcome | { message?: string }>('POST', `/api/admin/gifts/${giftId}/${action}`),
      );
      return { outcome: 'outcome' in answer ? answer.outcome : 'succeeded', message: answer.message ?? '' };
    },
    // Whatever the answer, the list may have changed (a refused action can mean another admin acted first).
    onSettled: () =>
      Promise.all(
        [MONEY_KEY, ATTENTION_KEY, ['/api/admin/stats'], ['/api/admin/gifts/recent'], ['/api/admin/gifts/search']].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
