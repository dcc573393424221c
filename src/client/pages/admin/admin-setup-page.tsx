// First-time admin setup: offered only while the server says setup is needed; then on to the second factor.
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { PasswordInput } from '../../features/admin/password-input';
import { SETUP_NEEDED_KEY, useAdminSetup, useSetupNeeded } from '../../features/admin/api';
import type { AdminSetupForm } from '../../../shared/schemas/admin';
import { lazyZodSchema } from '../../lib/lazy-zod-resolver';

const EMPTY: AdminSetupForm = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  setupCode: '',
};

/** The shared schema loads with the first interaction (lib/lazy-zod-resolver.ts). */
const adminSetupForm = lazyZodSchema(() => import('../../../shared/schemas/admin').then((m) => m.adminSetupFormSchema));
export default function AdminSetupPage() {
  usePageMeta('Admin Setup', 'Create the first Hushgift admin account.');
  const queryClient = useQueryClient();
  const setupNeeded = useSetupNeeded();
  const setup = useAdminSetup();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: adminSetupForm.resolver, defaultValues: EMPTY });
  const navigate = useNavigate();

  if (setupNeeded.isPending) return <Spinner />;
  // Not after this page's own setup, which goes on to the second factor.
  if (setupNeeded.data && !setupNeeded.data.setupNeeded && !setup.isSuccess)
    return <Navigate to="/admin/login" replace />;

  const onValid = (form: AdminSetupForm) => {
    const { confirmPassword: _confirm, setupCode, ...rest } = form;
    // Production asks for the one-time code from the server log; development sends the plain form.
    const payload = setupNeeded.data?.setupCodeRequired ? { ...rest, setupCode } : rest;
    setup.mutate(payload, {
      onSuccess: () => {
        queryClient.setQueryData(SETUP_NEEDED_KEY, { setupNeeded: false });
        // The account exists; the second factor is set up next, in the session setup opened (decision 020).
        navigate('/admin/second-factor');
      },
      onError: (error) =>
        toast({
          title: 'Setup Failed',
          description: errorMessage(error, 'Failed to create admin account'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Admin Setup</h1>
        <p className="mt-1 text-sm text-slate-600">Create the first admin account. This can only be done once.</p>
        <form className="mt-6 space-y-4" onSubmit={handleSubmit(onValid)} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="setup-firstName" label="First Name" required error={errors.firstName?.message}>
              {(control) => <Input {...control} {...register('firstName')} autoComplete="given-name" />}
            </Field>
            <Field id="setup-lastName" label="Last Name" required error={errors.lastName?.message}>
              {(control) => <Input {...control} {...register('lastName')} autoComplete="family-name" />}
            </Field>
          </div>
          {setupNeeded.data?.setupCodeRequired ? (
            <Field
              id="setup-code"
              label="Setup code"
              required
              hint="Printed in the server log when it started (or set by ADMIN_SETUP_CODE)."
              error={errors.setupCode?.message}
            >
              {(control) => <Input {...control} {...register('setupCode')} autoComplete="one-time-code" />}
            </Field>
          ) : null}
          <Field id="setup-email" label="Email" required error={errors.email?.message}>
            {(control) => <Input {...control} {...register('email')} type="email" autoComplete="username" />}
          </Field>
          <Field id="setup-password" label="Password" required error={errors.password?.message}>
            {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
          </Field>
          <Field id="setup-confirmPassword" label="Confirm Password" required error={errors.confirmPassword?.message}>
            {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
          </Field>
          <Button type="submit" className="w-full" disabled={setup.isPending}>
            {setup.isPending ? 'Creating account...' : 'Create Admin Account'}
          </Button>
        </form>
      </Card>
    </section>
  );
}
