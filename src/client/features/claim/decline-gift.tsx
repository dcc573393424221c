// "Decline this gift" (decision 025), shown once the recipient answered and until the payout is made. The
// confirmation is a native disclosure holding a plain form: it opens with a click, Enter or Space and posts
// before (and without) any script, in the server-rendered claim page as in the app. The post goes to the claim
// API (where the claim session's cookie is sent), which redirects back to the claim page.
import { Card } from '../../components/ui/card';
import { buttonClass } from '../../components/ui/button';
import { StopSender } from './stop-sender';

export function DeclineGift({ action }: { action: string }) {
  return (
    <details className="mt-6 rounded-lg border border-slate-200 p-4 text-left">
      <summary className="cursor-pointer font-medium text-slate-800">Decline this gift</summary>
      <p className="mt-3 text-sm text-slate-700">
        Don&apos;t want it? Declining sends the whole gift back to the sender. They are told only that it was declined,
        never anything about you. You cannot undo it.
      </p>
      <form method="post" action={action} className="mt-3">
        <button type="submit" className={`${buttonClass('outline')} w-full border-red-300 text-red-800 sm:w-auto`}>
          Yes, decline this gift
        </button>
      </form>
    </details>
  );
}

/** The declined gift's link: what happened, and "Don't accept gifts from this sender again" (issue 25 point 4). */
export function DeclinedPanel({
  stopSenderAction,
  senderStopped,
}: {
  stopSenderAction: string;
  senderStopped?: boolean;
}) {
  return (
    <Card className="text-center">
      <div role="status">
        <h1 className="text-2xl font-bold">You declined this gift</h1>
        <p className="mt-3 text-slate-700">
          The money goes back to the sender, who is told only that the gift was declined. The gift itself cannot be
          claimed any more.
        </p>
      </div>
      <StopSender action={stopSenderAction} stopped={senderStopped} />
    </Card>
  );
}
