// The group gift's server calls (decision 026): start, the share page and contributing, the organiser page and send.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type {
  ContributePayload,
  CreateGroupGiftPayload,
  CreateGroupGiftResponse,
  OrganiserPage,
  SharePage,
} from '../../../shared/schemas/together';
import { sharePageQueryKey } from '../../../shared/together-share-page';

const organiserKey = (token: string) => ['/api/together/organise', encodeURIComponent(token)];

export function useStartGroupGift() {
  return useMutation({
    mutationFn: (payload: CreateGroupGiftPayload) =>
      apiRequest<CreateGroupGiftResponse>('POST', '/api/together', payload),
  });
}

export function useSharePage(token: string) {
  return useQuery<SharePage | null>({ queryKey: sharePageQueryKey(token) });
}

/** Opens the share's checkout; the page then goes to the hosted checkout. */
export function useContribute(token: string) {
  return useMutation({
    mutationFn: (payload: ContributePayload) =>
      apiRequest<{ checkoutUrl: string }>('POST', `/api/together/${encodeURIComponent(token)}/contributions`, payload),
  });
}

export function useOrganiserPage(token: string) {
  return useQuery<OrganiserPage | null>({ queryKey: organiserKey(token) });
}

export function useSendGroupGift(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<OrganiserPage>('POST', `/api/together/organise/${encodeURIComponent(token)}/send`),
    onSuccess: (page) => client.setQueryData(organiserKey(token), page),
  });
}
