// The panels the claim page shows after claiming: account setup, the completion check's outcome.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/** A panel that replaces the form takes focus, so keyboard and screen-reader users land on what changed. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

export function AccountSetupPanel({ accountLinkUrl }: { accountLinkUrl: string }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Card role="region" aria-labelledby="setup-title" className="text-center">
      <h1 id="setup-title" ref={heading} tabIndex={-1} style={{ outline: 'none' }} className="text-2xl font-bold">
        Complete Your Account Setup
      </h1>
      <p className="mt-3 text-slate-700">
        To receive your gift, verify your identity and add where the money should go with our secure payment partner. It
        opens in a new window; when you&apos;re done you&apos;ll come back here.
      </p>
      {/* A link, not a scripted button: it works the same in the server-rendered claim page before any script. */}
      <a
        href={accountLinkUrl}
        target="_blank"
        rel="noopener"
        className={`${buttonClass('primary', 'lg')} mt-6 w-full sm:w-auto`}
      >
        Complete Account Setup
      </a>
    </Card>
  );
}

export function VerificationPendingPanel({
  message,
  giftId,
  resumeUrl,
}: {
  message: string;
  giftId: string;
  resumeUrl: string;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Card role="region" aria-labelledby="pending-title" className="text-center">
      <h1 id="pending-title" ref={heading} tabIndex={-1} style={{ outline: 'none' }} className="text-2xl font-bold">
        Account verification pending
      </h1>
      <p className="mt-3 text-slate-700">{message}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={`/verification-complete?gift_id=${encodeURIComponent(giftId)}`} className={buttonClass('primary')}>
          Check verification status
        </Link>
        <a href={resumeUrl} className={buttonClass('outline')}>
          Continue account setup
        </a>
      </div>
    </Card>
  );
}

export function ClaimedPanel() {
  return (
    <Card role="status" className="text-center">
      <h1 className="text-2xl font-bold text-green-800">Gift claimed successfully!</h1>
      <p className="mt-3 text-slate-700">Taking you to the details…</p>
    </Card>
  );
}
