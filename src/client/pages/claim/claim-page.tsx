// The claim page (/claim/:token and /gift/claim/:token): the gift, the security question, "Claim Your Gift",
// then account setup at the provider. Returning with return=true runs the completion check, which needs the claim
// session the answer opened (a cookie); without it (another browser, or 30 minutes unused) the question is asked again.
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';
import { ClaimGiftCard } from '../../features/claim/claim-gift-card';
import { GiftNotFound } from '../../features/claim/gift-summary';
import { AccountSetupPanel, ClaimedPanel, VerificationPendingPanel } from '../../features/claim/claim-panels';
import { claimErrorText } from '../../features/claim/claim-errors';
import { rememberClaimToken, rememberClaimedAmount, rememberThankYouToken } from '../../features/claim/claim-session';
import { useClaimGift } from '../../features/claim/use-claim-gift';
import { useClaimLookup } from '../../features/claim/use-claim-lookup';
import { useCompleteClaim } from '../../features/claim/use-complete-claim';
import { declinePath, newAccountPath, reportPath, stopSenderPath } from '../../../shared/schemas/claim-contract';
import { DeclinedPanel } from '../../features/claim/decline-gift';

const SUCCESS_REDIRECT_MS = 1500;

export default function ClaimPage() {
  usePageMeta('Claim your gift', 'Someone sent you an anonymous gift on Hushgift. Claim it here.');
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const returning = params.get('return') === 'true';
  const navigate = useNavigate();
  const lookup = useClaimLookup(token);
  const claim = useClaimGift(token);
  const completion = useCompleteClaim(token);

  // The completion check runs once per visit with return=true.
  const checked = useRef(false);
  const { mutate: runCompletion } = completion;
  useEffect(() => {
    if (!returning || checked.current) return;
    checked.current = true;
    runCompletion(undefined, {
      onSuccess: (result) => {
        rememberClaimToken(result.giftId, token);
        if (result.success) {
          rememberClaimedAmount(result.amount);
          rememberThankYouToken(token);
          toast({ title: 'Gift claimed successfully!', description: result.message });
        }
      },
      onError: (error) =>
        toast({
          title: 'Error completing claim',
          description:
            error instanceof ApiError && error.status === 404
              ? 'If your gift is still waiting for you, answer your security question again to continue.'
              : errorMessage(error, 'Please try again'),
          variant: 'destructive',
        }),
    });
  }, [returning, runCompletion, token]);

  const claimed = completion.data?.success === true;
  useEffect(() => {
    if (!claimed) return;
    const timer = setTimeout(() => navigate('/claim-success'), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [claimed, navigate]);

  const onClaim = (securityAnswer: string | undefined) =>
    claim.mutate(securityAnswer, {
      onError: (error) =>
        toast({ title: 'Error claiming gift', description: claimErrorText(error), variant: 'destructive' }),
    });

  let content: React.ReactNode;
  if (returning && (completion.isIdle || completion.isPending))
    content = <Spinner label="Checking your account setup" />;
  else if (completion.data?.success) content = <ClaimedPanel payoutAccount={completion.data.payoutAccount} />;
  else if (completion.data)
    content = (
      <VerificationPendingPanel
        message={completion.data.message}
        giftId={completion.data.giftId}
        payoutAccount={completion.data.payoutAccount}
        resumeUrl={`/api/gifts/claim/${encodeURIComponent(token)}/onboarding`}
        newAccountAction={newAccountPath(token)}
        declineAction={declinePath(token)}
        stopSenderAction={stopSenderPath(token)}
      />
    );
  else if (claim.data)
    content = (
      <AccountSetupPanel
        {...claim.data}
        newAccountAction={newAccountPath(token)}
        declineAction={declinePath(token)}
        reportAction={reportPath(token)}
        stopSenderAction={stopSenderPath(token)}
      />
    );
  else if (lookup.isPending) content = <Spinner label="Loading your gift" />;
  else if (lookup.error instanceof ApiError && lookup.error.status === 410)
    content = <DeclinedPanel stopSenderAction={stopSenderPath(token)} />;
  else if (lookup.isError || !lookup.data) content = <GiftNotFound />;
  else
    content = (
      <ClaimGiftCard gift={lookup.data} claiming={claim.isPending} onClaim={onClaim} reportAction={reportPath(token)} />
    );

  return <section className="mx-auto max-w-xl px-4 py-10 sm:py-16">{content}</section>;
}
