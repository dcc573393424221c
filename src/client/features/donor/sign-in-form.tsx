// The e-mail form of /donor/login. The answer is the same whether or not an account exists.
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import type { SignInRequest } from '../../../shared/schemas/donor';
import { SIGN_IN_NEUTRAL_MESSAGE } from '../../../shared/schemas/donor-wire';
import { lazyZodSchema } from '../../lib/lazy-zod-resolver';

/** The form's shared schema loads with the first interaction (lib/lazy-zod-resolver.ts). */
const signIn = lazyZodSchema(() => import('../../../shared/schemas/donor').then((m) => m.signInRequestSchema));
import { useSignInRequest } from './use-sign-in-request';

export function SignInForm() {
  const request = useSignInRequest();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInRequest>({ resolver: signIn.resolver, defaultValues: { email: '' } });

  const onValid = ({ email }: SignInRequest) => request.mutate(email);

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-4">
      <Field label="Email" required error={errors.email?.message}>
        {(control) => <Input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" />}
      </Field>
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
