// The Review queue and the risk rules (decision 024): queries and the two decisions. After a decision every figure
// it can change is read again (the queue, money totals, stats, gift lists).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { getQueryFn } from '../../lib/query-client';
import type { ReviewQueue, RiskRules } from '../../../shared/schemas/admin-risk';
import { MONEY_KEY } from './money-api';
import type { StepUpGuard } from './step-up-dialog';

export const REVIEW_KEY = ['/api/admin/risk/reviews'] as const;
export const RULES_KEY = ['/api/admin/risk/rules'] as const;

export function useReviewQueue(enabled: boolean) {
  return useQuery({ queryKey: REVIEW_KEY, queryFn: getQueryFn<ReviewQueue>(), enabled });
}

export function useRiskRules(enabled: boolean) {
  return useQuery({ queryKey: RULES_KEY, queryFn: getQueryFn<RiskRules>(), enabled });
}

export type ReviewDecision = 'approve' | 'reject';

export function useReviewDecision(guard: StepUpGuard) {
  const queryClient = useQueryClient();
  return useMutation({
    // A decision moves money: it may first ask for the code again (step-up-dialog.tsx, decision 020).
    mutationFn: ({ giftId, decision }: { giftId: number; decision: ReviewDecision }) =>
      guard(() =>
        apiRequest<{ decided: boolean; message: string }>('POST', `/api/admin/risk/reviews/${giftId}/${decision}`),
      ),
    onSettled: () =>
      Promise.all(
        [REVIEW_KEY, MONEY_KEY, ['/api/admin/stats'], ['/api/admin/gifts/recent'], ['/api/admin/gifts/search']].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
