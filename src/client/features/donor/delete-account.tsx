// "Delete account" on the donor page: a second, explicit confirmation before the profile is erased.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { useDeleteAccount } from './use-delete-account';

export function DeleteAccount() {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAccount();

  const onConfirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast({
          title: 'Account deleted',
          description: 'Your donor profile is erased and your gifts are no longer linked to you.',
        });
        void navigate('/', { replace: true });
      },
      onError: (error) =>
        toast({
          title: 'Could not delete your account',
          description: errorMessage(error, 'Please try again'),
          variant: 'destructive',
        }),
    });

  if (!confirming) {
    return (
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
        Delete account
      </Button>
    );
  }
  return (
    <div
      role="alertdialog"
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-text"
      className="w-full rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <p id="delete-account-title" className="font-semibold">
        Delete your donor account?
      </p>
      <p id="delete-account-text" className="mt-1">
        Your name and e-mail address are erased and your gifts are no longer linked to you. Gifts you sent are still
        delivered or refunded as usual. This cannot be undone.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="destructive" size="sm" onClick={onConfirm} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Yes, delete my account'}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setConfirming(false)} disabled={remove.isPending}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
