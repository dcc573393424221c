// Operator authentication endpoints (decision 020): the login's second step, enrolment, step-up, password change,
// who is signed in, and the audit log.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../lib/api';
import { getQueryFn } from '../../lib/query-client';
import { maybeSignedIn } from '../../lib/session-hint';
import { sessionQueries } from './api';
import type {
  AdminMe,
  AdminPasswordChange,
  AdminStepUp,
  AuditPage,
  Enrolment,
  RecoveryCodes,
} from '../../../shared/schemas/admin-auth';
import type { AdminLoginNext } from '../../../shared/schemas/admin-wire';

export const ME_KEY = ['/api/admin/me'] as const;
export const AUDIT_KEY = '/api/admin/audit';

export interface LoginAnswer {
  next: AdminLoginNext;
}

export function useAdminMe() {
  return useQuery({ queryKey: ME_KEY, queryFn: getQueryFn<AdminMe>({ on401: 'returnNull', session: 'admin' }) });
}

export function useLoginSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest<LoginAnswer>('POST', '/api/admin/login/second-factor', { code }),
    onSuccess: () => queryClient.removeQueries({ predicate: sessionQueries }),
  });
}

export function useStartEnrolment() {
  return useMutation({ mutationFn: () => apiRequest<Enrolment>('POST', '/api/admin/second-factor/enrolment') });
}

export function useConfirmEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest<RecoveryCodes>('POST', '/api/admin/second-factor/enrol', { code }),
    // Signed in now (after setup or a login): nothing cached while signed out may show.
    onSuccess: () => queryClient.removeQueries({ predicate: sessionQueries }),
  });
}

export function useSkipEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/admin/second-factor/skip'),
    onSuccess: () => queryClient.removeQueries({ predicate: sessionQueries }),
  });
}

export function useStepUpCheck() {
  return useMutation({ mutationFn: (input: AdminStepUp) => apiRequest('POST', '/api/admin/step-up', input) });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: AdminPasswordChange) => apiRequest<{ message?: string }>('POST', '/api/admin/password', input),
  });
}

export function useAuditPage(page: number) {
  return useQuery({
    queryKey: [AUDIT_KEY, page],
    // Signed out (no hint cookie): null without asking, like the other admin reads (lib/query-client.ts).
    queryFn: () => (maybeSignedIn('admin') ? apiGet<AuditPage>(`${AUDIT_KEY}?page=${page}`, 'returnNull') : null),
    placeholderData: keepPreviousData,
  });
}
