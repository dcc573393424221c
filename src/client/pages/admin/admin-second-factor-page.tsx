// Second-factor enrolment (decision 020): after setup, at a login that must enrol one, or from the dashboard's
// "no second factor" note. Shows a QR code and the same secret as text, asks the app's first code, then shows the
// ten recovery codes once. Where a second factor is optional (the sandbox on a local machine), "Skip for now".
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { isUnauthorized } from '../../features/admin/api';
import { useConfirmEnrolment, useSkipEnrolment, useStartEnrolment } from '../../features/admin/auth-api';

export default function AdminSecondFactorPage() {
  usePageMeta('Set up two-step login', 'Protect the Hushgift admin account with an authenticator app.');
  const navigate = useNavigate();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const skip = useSkipEnrolment();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const begin = start.mutate;
  useEffect(() => begin(), [begin]);
  // A wrong code is a 401 too: it is shown under the field, not taken for a lost session.
  const sessionGone = [start.error, skip.error].some(isUnauthorized);
  useEffect(() => {
    if (sessionGone) navigate('/admin/login', { replace: true });
  }, [sessionGone, navigate]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) return setError('Enter the 6-digit code your app shows');
    setError(null);
    confirm.mutate(code.replace(/\s/g, ''), { onError: (e) => setError(errorMessage(e, 'Please try again')) });
  };

  if (confirm.data) {
    return (
      <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
        <Card>
          <h1 className="text-2xl font-bold text-slate-900">Save your recovery codes</h1>
          <p className="mt-2 text-sm text-slate-700">
            Two-step login is on. If you lose your phone, each of these codes signs you in once instead of the app. Keep
            them somewhere safe: they are shown only now.
          </p>
          <ul aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm">
            {confirm.data.recoveryCodes.map((c) => (
              <li key={c} className="rounded bg-slate-100 px-2 py-1 text-center">
                {c}
              </li>
            ))}
          </ul>
          <Button className="mt-6 w-full" onClick={() => navigate('/admin/dashboard')}>
            I have saved them: continue
          </Button>
        </Card>
      </section>
    );
  }

  const enrolment = start.data;
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Set up two-step login</h1>
        <p className="mt-1 text-sm text-slate-600">
          Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…),
          or type the key into it. The app then shows a new 6-digit code every 30 seconds.
        </p>
        {start.isPending ? (
          <Spinner label="Preparing your key" />
        ) : start.error && !isUnauthorized(start.error) ? (
          <p role="alert" className="mt-4 text-red-700">
            {errorMessage(start.error, 'Could not start the setup: please reload the page')}
          </p>
        ) : enrolment ? (
          <>
            <img
              src={enrolment.qrCode}
              alt="QR code for your authenticator app"
              width={240}
              height={240}
              className="mx-auto mt-4"
            />
            <p className="mt-2 text-sm text-slate-700">Or enter this key by hand:</p>
            <p data-testid="totp-secret" className="mt-1 break-all rounded bg-slate-100 p-2 text-center font-mono">
              {enrolment.secret}
            </p>
            <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
              <Field id="enrol-code" label="Code from the app" required error={error}>
                {(control) => (
                  <Input
                    {...control}
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                  />
                )}
              </Field>
              <Button type="submit" className="w-full" disabled={confirm.isPending}>
                {confirm.isPending ? 'Checking...' : 'Turn on two-step login'}
              </Button>
            </form>
            {enrolment.optional ? (
              <div className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-600">
                <p>
                  On this local sandbox a second factor is optional. Without it, the dashboard reminds you that the
                  account has none.
                </p>
                <Button
                  variant="ghost"
                  className="mt-2 w-full"
                  disabled={skip.isPending}
                  onClick={() => skip.mutate(undefined, { onSuccess: () => navigate('/admin/dashboard') })}
                >
                  Skip for now
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
      </Card>
    </section>
  );
}
