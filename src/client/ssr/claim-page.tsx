// The claim page as the server renders it for each request (docs/decisions/015-server-rendered-claim-page.md):
// scripts/prerender.ts builds this file into dist/ssr/claim-page.js and the server calls renderClaimPage with a
// view filled by the claim services. The page is complete HTML: the answer form posts to the page's own address,
// so it works before (and without) any script; the server adds one small inline script that only keeps the
// button's state. The app's React bundle is not loaded on this page at all.
import { renderNarrowPage } from './narrow-page';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Field } from '../components/ui/field';
import { Input } from '../components/ui/input';
import { AccountSetupPanel } from '../features/claim/claim-panels';
import { DeclinedPanel } from '../features/claim/decline-gift';
import { ClaimCardEnd } from '../features/claim/claim-card-end';
import { SenderStoppedNotice } from '../features/claim/stop-sender';
import { recipientClaimErrorText } from '../features/claim/claim-errors';
import { ANSWER_HINT, GiftNotFound, GiftSummary } from '../features/claim/gift-summary';
import { documentTitle } from '../lib/page-meta';
import { SECURITY_ANSWER_MAX } from '../../shared/constants';
import { CLAIM_ANSWER_FIELD, CLAIM_FORM_ID, type ClaimPageView, type RenderClaimPage } from '../../shared/claim-page';

const DESCRIPTION = 'Someone sent you an anonymous gift on Hushgift. Claim it here.';

function ClaimForm({ view }: { view: Extract<ClaimPageView, { kind: 'gift' }> }) {
  const { gift } = view;
  const answerId = 'claim-answer';
  const errorId = 'claim-error';
  return (
    <Card className="text-center">
      <SenderStoppedNotice stopped={view.senderStopped} />
      <GiftSummary gift={gift} />
      <form id={CLAIM_FORM_ID} className="mt-6 text-left" method="post" action={view.formAction}>
        {view.error ? (
          <div
            id={errorId}
            role="alert"
            className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          >
            <p className="font-semibold">Error claiming gift</p>
            <p>{recipientClaimErrorText(view.error)}</p>
          </div>
        ) : null}
        {gift.hasSecurityQuestion ? (
          <Field
            id={answerId}
            label={gift.securityQuestion}
            required
            hint={ANSWER_HINT}
            describedBy={view.error ? errorId : undefined}
          >
            {(control) => (
              <Input
                {...control}
                name={CLAIM_ANSWER_FIELD}
                defaultValue={view.answer ?? ''}
                maxLength={SECURITY_ANSWER_MAX}
                autoComplete="off"
                required
                // The refusal is shown above the field (with its title), so Field gets no error of its own.
                aria-invalid={view.error ? true : undefined}
              />
            )}
          </Field>
        ) : null}
        <Button type="submit" size="lg" className="mt-4 w-full">
          Claim Your Gift
        </Button>
      </form>
      <ClaimCardEnd reportAction={view.reportAction} reported={view.reported} />
    </Card>
  );
}

function Content({ view }: { view: ClaimPageView }) {
  if (view.kind === 'not-found')
    return (
      <>
        <SenderStoppedNotice stopped={view.senderStopped} />
        <GiftNotFound />
      </>
    );
  if (view.kind === 'account-setup') return <AccountSetupPanel {...view} />;
  if (view.kind === 'declined') return <DeclinedPanel {...view} />;
  return <ClaimForm view={view} />;
}

export const renderClaimPage: RenderClaimPage = (view, pathname) => {
  const html = renderNarrowPage(pathname, <Content view={view} />);
  return {
    html,
    title: documentTitle(
      view.kind === 'not-found' ? 'Gift not found' : view.kind === 'declined' ? 'Gift declined' : 'Claim your gift',
    ),
    description: DESCRIPTION,
  };
};
