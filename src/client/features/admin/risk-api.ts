// The Review queue, the risk rules and the blocks (decision 024): queries, the two decisions, and adding or removing
// a block. After a decision every figure it can change is read again (the queue, money totals, stats, gift lists).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { getQueryFn } from '../../lib/query-client';
import type { Blocks, ReviewQueue, RiskRules } from '../../../shared/schemas/admin-risk';
import { MONEY_KEY } from './money-api';
import type { StepUpGuard } from './step-up-dialog';

export const REVIEW_KEY = ['/api/admin/risk/reviews'] as const;
export const RULES_KEY = ['/api/admin/risk/rules'] as const;
export const BLOCKS_KEY = ['/api/admin/risk/blocks'] as const;

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

export function useBlocks(enabled: boolean) {
  return useQuery({ queryKey: BLOCKS_KEY, queryFn: getQueryFn<Blocks>(), enabled });
}

/** Block the payer of a gift, block a recipient address, or remove a block. */
export type BlockChange = { payerOfGift: number } | { recipient: string } | { remove: number };

function blockRequest(change: BlockChange) {
  type Outcome = { changed: boolean; message: string };
  if ('payerOfGift' in change) return apiRequest<Outcome>('POST', `/api/admin/risk/blocks/payer/${change.payerOfGift}`);
  if ('recipient' in change)
    return apiRequest<Outcome>('POST', '/api/admin/risk/blocks/recipient', { email: change.recipient });
  return apiRequest<Outcome>('DELETE', `/api/admin/risk/blocks/${change.remove}`);
}

export function useBlockChange(guard: StepUpGuard) {
  const queryClient = useQueryClient();
  return useMutation({
    // A block decides where later payments go: it asks for the code again like a money action (decision 020).
    mutationFn: (change: BlockChange) => guard(() => blockRequest(change)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BLOCKS_KEY }),
  });
}
