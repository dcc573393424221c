// /donor/login: request a sign-in link by e-mail. Opened with ?token=… it asks for one click before signing in
// (the link works once, and mail scanners that open links must not spend it), then goes to /donor/account.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';
import { SignInForm } from '../../features/donor/sign-in-form';
import { useDonorProfile } from '../../features/donor/use-donor-profile';
import { useSignInVerify } from '../../features/donor/use-sign-in-verify';

export default function DonorLoginPage() {
  usePageMeta('Donor sign in', 'Sign in to your Hushgift donor account with a one-time link sent to your email.');
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const verify = useSignInVerify();
  const [linkError, setLinkError] = useState<string | null>(null);
  // Not while a link is being opened: the session is about to change.
  const profile = useDonorProfile({ enabled: !token });

  const signIn = () => {
    if (!token || verify.isPending) return;
    verify.mutate(token, {
      onSuccess: () => void navigate('/donor/account', { replace: true }),
      onError: (error) => {
        setLinkError(errorMessage(error, 'This sign-in link could not be used. Enter your email to get a new one.'));
        // Keep the spent token out of the address bar and history.
        setParams({}, { replace: true });
      },
    });
  };

  if (token && !linkError) {
    if (verify.isPending || verify.isSuccess) return <Spinner label="Signing you in" />;
    return (
      <section className="mx-auto max-w-md px-4 py-16">
        <Card>
          <h1 className="text-2xl font-bold text-slate-900">Sign in to your donor account</h1>
          <p className="mt-4 text-slate-700">This link works once. Select Sign In to continue to your account.</p>
          {/* The page's one action: arriving from the e-mail, Enter signs in (tests/e2e/donor.test.ts). */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <Button className="mt-6 w-full" autoFocus onClick={signIn}>
            Sign In
          </Button>
        </Card>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Donor Sign In</h1>
        {linkError ? (
          <div role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
            <p className="font-semibold">This sign-in link can't be used</p>
            <p className="mt-1">{linkError}</p>
          </div>
        ) : null}
        {profile.data ? (
          <p className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
            You're signed in as {profile.data.email}.{' '}
            <Link to="/donor/account" className="font-medium text-brand-700 underline hover:text-brand-800">
              Go to your account
            </Link>
          </p>
        ) : null}
        <p className="mt-4 text-slate-700">
          Enter the email of your donor account. We'll send you a link to sign in, no password needed.
        </p>
        <div className="mt-6">
          <SignInForm />
        </div>
        <p className="mt-6 text-sm text-slate-600">
          No account yet? You can create one on the review page when you{' '}
          <Link to="/" className="font-medium text-brand-700 underline hover:text-brand-800">
            send a gift
          </Link>
          .
        </p>
      </Card>
    </section>
  );
}
