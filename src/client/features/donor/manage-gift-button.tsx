// "Manage" in the gift history: asks for a fresh link to the sender's gift page and opens it (decision 016).
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorMessage } from '../../lib/api';
import type { ManageLinkResponse } from '../../../shared/schemas/manage';

export function ManageGiftButton({ giftId, label }: { giftId: string; label: string }) {
  const navigate = useNavigate();
  const open = useMutation({
    mutationFn: () =>
      apiRequest<ManageLinkResponse>('POST', `/api/donor/gifts/${encodeURIComponent(giftId)}/manage-link`),
    onSuccess: ({ path }) => void navigate(path),
    onError: (error) =>
      toast({
        title: 'Could not open the gift',
        description: errorMessage(error, 'Please try again'),
        variant: 'destructive',
      }),
  });
  return (
    <Button variant="outline" size="sm" onClick={() => open.mutate()} disabled={open.isPending} aria-label={label}>
      Manage
    </Button>
  );
}
