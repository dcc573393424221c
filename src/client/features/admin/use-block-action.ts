// Adding or removing a block (decision 024) from the dashboard's Blocks section and the Review queue's "Block
// payer", with one way of saying how it went (a toast) and of leaving for the login when the session is gone.
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api';
import { toast } from '../../components/ui/use-toast';
import { isUnauthorized } from './api';
import { useBlockChange, type BlockChange } from './risk-api';
import type { StepUpGuard } from './step-up-dialog';

/** Adds or removes a block, saying how it went in a toast; `busy` tells which change is under way. */
export function useBlockAction(guard: StepUpGuard) {
  const navigate = useNavigate();
  const change = useBlockChange(guard);
  const run = (what: BlockChange, done?: () => void) =>
    change.mutate(what, {
      onSuccess: ({ message }) => {
        toast({ title: 'remove' in what ? 'Block removed' : 'Blocked', description: message });
        done?.();
      },
      onError: (error) => {
        if (isUnauthorized(error)) navigate('/admin/login', { replace: true });
        else
          toast({
            title: 'Could not change the blocks',
            description: errorMessage(error, 'Please try again'),
            variant: 'destructive',
          });
      },
    });
  const busy = (what: BlockChange) => change.isPending && JSON.stringify(change.variables) === JSON.stringify(what);
  return { run, busy, pending: change.isPending };
}
