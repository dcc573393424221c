// The login's second step: the code from the authenticator app, or one of the recovery codes.
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { SECOND_FACTOR_MISSING } from '../../../shared/schemas/admin-auth';
import { useLoginSecondFactor } from './auth-api';

export function SecondFactorStep({ onDone }: { onDone: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = useLoginSecondFactor();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return setError(SECOND_FACTOR_MISSING);
    submit.mutate(code.trim(), { onSuccess: onDone, onError: (e) => setError(errorMessage(e, 'Please try again')) });
  };
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Authentication code</h1>
        <p className="mt-1 text-sm text-slate-600">
          Enter the 6-digit code your authenticator app shows for Hushgift. Lost your phone? Enter one of your recovery
          codes instead.
        </p>
        <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
          <Field id="login-code" label="Code" required error={error}>
            {(control) => (
              <Input {...control} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="one-time-code" />
            )}
          </Field>
          <Button type="submit" className="w-full" disabled={submit.isPending}>
            {submit.isPending ? 'Checking...' : 'Verify'}
          </Button>
        </form>
      </Card>
    </section>
  );
}
