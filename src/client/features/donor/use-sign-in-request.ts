// POST /api/donor/sign-in/request: always the same neutral answer, account or not.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { ApiMessage } from '../../../shared/schemas/common';

export function useSignInRequest() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<ApiMessage>('POST', '/api/donor/sign-in/request', { email }),
  });
}
