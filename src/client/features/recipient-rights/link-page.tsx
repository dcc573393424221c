// The pages a link e-mailed to a recipient's address opens (issue 25): "Stop all gifts to this address" and the
// undo of a stop of all gifts or of one sender. Opening the link changes nothing (mail scanners open links); one click on the page's own form
// does it, before and without any script.
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { RecipientPageView } from '../../../shared/recipient-page';
import { RECIPIENT_LINK_MESSAGES } from '../../../shared/schemas/recipient-rights';

type LinkView = Extract<RecipientPageView, { kind: 'link' }>;

const TEXT: Record<LinkView['link']['purpose'], { title: string; body: string; button: string; done: string }> = {
  'stop-all': {
    title: 'Stop all gifts to this address',
    body: 'New gifts through Hushgift to the address this link was sent to will be refused before anyone pays. A sender trying to send one is told only that the recipient does not accept gifts. Gifts already sent stay as they are. We e-mail the address a link to undo it.',
    button: 'Stop all gifts',
    done: 'Gifts to this address are already stopped.',
  },
  'resume-all': {
    title: 'Accept gifts again',
    body: 'Gifts through Hushgift to this address are stopped. Accept them again?',
    button: 'Accept gifts again',
    done: 'This address already accepts gifts.',
  },
  'resume-sender': {
    title: 'Accept gifts from that sender again',
    body: 'You stopped gifts to this address from the sender of a gift you received: their later gifts are refunded to them. Accept their gifts again? We still do not tell you who they are.',
    button: 'Accept their gifts again',
    done: 'Gifts from that sender already reach this address.',
  },
};

export function LinkPage({ view }: { view: Exclude<RecipientPageView, { kind: 'verify' }> }) {
  if (view.kind === 'link-invalid')
    return (
      <Card role="alert">
        <h1 className="text-2xl font-bold">Link not valid</h1>
        <p className="mt-3 text-slate-700">{RECIPIENT_LINK_MESSAGES.notFound}</p>
      </Card>
    );
  if (view.kind === 'link-done')
    return (
      <Card role="status">
        <h1 className="text-2xl font-bold">Done</h1>
        <p className="mt-3 text-slate-700">{view.message}</p>
      </Card>
    );
  const text = TEXT[view.link.purpose];
  return (
    <Card>
      <h1 className="text-2xl font-bold">{text.title}</h1>
      {view.link.done ? (
        <p role="status" className="mt-3 text-slate-700">
          {text.done}
        </p>
      ) : (
        <>
          <p className="mt-3 text-slate-700">{text.body}</p>
          {view.error ? (
            <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
              {view.error}
            </p>
          ) : null}
          <form method="post" action={view.action} className="mt-6">
            <Button type="submit" size="lg" className="w-full sm:w-auto">
              {text.button}
            </Button>
          </form>
        </>
      )}
    </Card>
  );
}
