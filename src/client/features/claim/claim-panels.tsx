// The panels the claim page shows after claiming: account setup, the completion check's outcome.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { ClaimAccountStep } from '../../../shared/schemas/claim-contract';
import { DeclineGift } from './decline-gift';
import { PersonalNote } from './gift-summary';
import { ReportGift } from './report-gift';
import { StopSender } from './stop-sender';

/** A panel that replaces the form takes focus, so keyboard and screen-reader users land on what changed. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** "Use a different account": a plain form, so it works the same in the server-rendered claim page (decision 021). */
function DifferentAccountForm({ action }: { action: string }) {
  return (
    <form method="post" action={action} target="_blank" className="inline">
      <button type="submit" className={`${buttonClass('outline')} w-full sm:w-auto`}>
        Use a different account
      </button>
    </form>
  );
}

/** Which account the money goes to, as the payment partner shows it masked. */
function PayoutAccountLine({ payoutAccount }: { payoutAccount: string | null }) {
  return payoutAccount ? (
    <p className="mt-3 text-slate-700">
      Paying into your account ending <span className="font-semibold">{payoutAccount}</span>.
    </p>
  ) : null;
}

export function AccountSetupPanel({
  accountLinkUrl,
  accountStep,
  newAccountAction,
  declineAction,
  reportAction,
  stopSenderAction,
  personalNote,
}: {
  accountLinkUrl: string;
  accountStep: ClaimAccountStep;
  newAccountAction: string;
  declineAction: string;
  reportAction: string;
  stopSenderAction: string;
  /** The sender's message, which the right answer opened (issue 25 point 1). */
  personalNote: string | null;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const signIn = accountStep === 'owner_sign_in';
  return (
    <Card role="region" aria-labelledby="setup-title" className="text-center">
      <h1 id="setup-title" ref={heading} tabIndex={-1} style={{ outline: 'none' }} className="text-2xl font-bold">
        {signIn ? 'Sign In to Your Payout Account' : 'Complete Your Account Setup'}
      </h1>
      {personalNote ? <PersonalNote note={personalNote} /> : null}
      {signIn ? (
        <p className="mt-3 text-slate-700">
          A payout account with our secure payment partner already exists for this e-mail address. To receive your gift
          there, sign in to it: our partner asks for the code it sends to the account owner&apos;s phone. If it is not
          yours, or you want the money to go elsewhere, use a different account.
        </p>
      ) : (
        <p className="mt-3 text-slate-700">
          To receive your gift, verify your identity and add where the money should go with our secure payment partner.
          It opens in a new window; when you&apos;re done you&apos;ll come back here.
        </p>
      )}
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        {/* A link, not a scripted button: it works the same in the server-rendered claim page before any script. */}
        <a
          href={accountLinkUrl}
          target="_blank"
          rel="noopener"
          className={`${buttonClass('primary', 'lg')} w-full sm:w-auto`}
        >
          {signIn ? 'Sign In to Your Payout Account' : 'Complete Account Setup'}
        </a>
        {signIn ? <DifferentAccountForm action={newAccountAction} /> : null}
      </div>
      <DeclineGift action={declineAction} />
      <StopSender action={stopSenderAction} />
      <ReportGift action={reportAction} />
    </Card>
  );
}

export function VerificationPendingPanel({
  message,
  giftId,
  payoutAccount,
  resumeUrl,
  newAccountAction,
  declineAction,
  stopSenderAction,
}: {
  message: string;
  giftId: string;
  payoutAccount: string | null;
  resumeUrl: string;
  newAccountAction: string;
  declineAction: string;
  stopSenderAction: string;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Card role="region" aria-labelledby="pending-title" className="text-center">
      <h1 id="pending-title" ref={heading} tabIndex={-1} style={{ outline: 'none' }} className="text-2xl font-bold">
        Account verification pending
      </h1>
      <p className="mt-3 text-slate-700">{message}</p>
      <PayoutAccountLine payoutAccount={payoutAccount} />
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={`/verification-complete?gift_id=${encodeURIComponent(giftId)}`} className={buttonClass('primary')}>
          Check verification status
        </Link>
        <a href={resumeUrl} className={buttonClass('outline')}>
          Continue account setup
        </a>
        <DifferentAccountForm action={newAccountAction} />
      </div>
      <DeclineGift action={declineAction} />
      <StopSender action={stopSenderAction} />
    </Card>
  );
}

export function ClaimedPanel({ payoutAccount }: { payoutAccount: string | null }) {
  return (
    <Card role="status" className="text-center">
      <h1 className="text-2xl font-bold text-green-800">Gift claimed successfully!</h1>
      <PayoutAccountLine payoutAccount={payoutAccount} />
      <p className="mt-3 text-slate-700">Taking you to the details…</p>
    </Card>
  );
}
