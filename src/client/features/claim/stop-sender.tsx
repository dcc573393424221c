// "Don't accept gifts from this sender again" (issue 25 point 4), offered after declining or claiming. A native
// disclosure holding a plain form, so it works before and without any script, in the server-rendered claim page as in
// the app; the post goes to the claim API (where the claim session's cookie is sent), which redirects back to the
// claim page with how it went. Nothing here says, or can say, who the sender is.
import { buttonClass } from '../../components/ui/button';
import { STOP_SENDER_MESSAGES } from '../../../shared/schemas/recipient-rights';

export function StopSender({ action, stopped }: { action: string; stopped?: boolean }) {
  if (stopped !== undefined) return <SenderStoppedNotice stopped={stopped} />;
  return (
    <details className="mt-6 rounded-lg border border-slate-200 p-4 text-left">
      <summary className="cursor-pointer font-medium text-slate-800">
        Don&apos;t accept gifts from this sender again
      </summary>
      <p className="mt-3 text-sm text-slate-700">
        Later gifts from whoever sent this one are refunded to them in full and you will not hear of them. They are told
        only that you do not accept gifts from them. We never tell you who they are, and we e-mail you a link to undo
        it.
      </p>
      <form method="post" action={action} className="mt-3">
        <button type="submit" className={`${buttonClass('outline')} w-full sm:w-auto`}>
          Stop gifts from this sender
        </button>
      </form>
    </details>
  );
}

/** What the stop's redirect back to the claim page says; nothing on any other visit (stopped undefined). */
export function SenderStoppedNotice({ stopped }: { stopped?: boolean }) {
  if (stopped === undefined) return null;
  return stopped ? (
    <p role="status" className="mt-6 rounded-md border border-green-300 bg-green-50 p-3 text-left text-green-900">
      {STOP_SENDER_MESSAGES.done}
    </p>
  ) : (
    <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-3 text-left text-red-900">
      {STOP_SENDER_MESSAGES.failed}
    </p>
  );
}
