// The e-mail form of /donor/login. The answer is the same whether or not an account exists.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { SIGN_IN_NEUTRAL_MESSAGE, signInRequestSchema } from '../../../shared/schemas/donor';
import { useSignInRequest } from './use-sign-in-request';

export function SignInForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const request = useSignInRequest();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = signInRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setFieldError(null);
    request.mutate(parsed.data.email);
  };

  const errorId = `${id}-error`;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div>
        <Label htmlFor={`${id}-email`} required>
          Email
        </Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
        />
        {fieldError ? (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {fieldError}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send Sign-In Link'}
      </Button>
      <div aria-live="polite">
        {request.isSuccess ? (
          <div role="status" className="rounded-md border border-green-200 bg-green-50 p-4 text-sm text-green-900">
            <p className="font-semibold">{request.data?.message ?? SIGN_IN_NEUTRAL_MESSAGE}</p>
            <p className="mt-1">
              Check your inbox for an email from Hushgift. The link works once and expires in 15 minutes.
            </p>
          </div>
        ) : null}
      </div>
      {request.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          {errorMessage(request.error, 'We could not send the sign-in link. Please try again.')}
        </p>
      ) : null}
    </form>
  );
}
