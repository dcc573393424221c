// POST /api/contact: only success or failure matters to the page.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { ContactInput } from '../../../shared/schemas/contact';

export function useSendContact() {
  return useMutation({
    mutationFn: (input: ContactInput) => apiRequest<{ message: string }>('POST', '/api/contact', input),
  });
}
