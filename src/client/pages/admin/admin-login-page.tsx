// Admin login: e-mail and password with a show/hide toggle, then the code from the authenticator app (or a
// recovery code) when the account has a second factor; an account that must enrol one goes to its setup page.
// Setup first while it is needed.
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { dismiss, toast } from '../../components/ui/use-toast';
import { PasswordInput } from '../../features/admin/password-input';
import { useAdminLogin, useSetupNeeded } from '../../features/admin/api';
import { SecondFactorStep } from '../../features/admin/second-factor-step';
import type { AdminLogin } from '../../../shared/schemas/admin';
import { LOGIN_MISSING_MESSAGE } from '../../../shared/schemas/admin-wire';
import { lazyZodSchema } from '../../lib/lazy-zod-resolver';

/** The shared schema loads with the first interaction (lib/lazy-zod-resolver.ts). */
const adminLogin = lazyZodSchema(() => import('../../../shared/schemas/admin').then((m) => m.adminLoginSchema));
export default function AdminLoginPage() {
  usePageMeta('Admin Login', 'Sign in to the Hushgift admin dashboard.');
  const navigate = useNavigate();
  const setup = useSetupNeeded();
  const login = useAdminLogin();
  const [askCode, setAskCode] = useState(false);
  // A missing field is said once, in a toast, not under each field; the focus still moves to it.
  const { register, handleSubmit } = useForm({
    resolver: adminLogin.resolver,
    defaultValues: { email: '', password: '' },
  });

  if (setup.isPending) return <Spinner />;
  if (askCode) return <SecondFactorStep onDone={() => navigate('/admin/dashboard')} />;
  if (setup.data?.setupNeeded) return <Navigate to="/admin/setup" replace />;

  const onInvalid = (errors: FieldErrors<AdminLogin>) => {
    const description = errors.email?.message ?? errors.password?.message ?? LOGIN_MISSING_MESSAGE;
    toast({ title: 'Missing information', description, variant: 'destructive' });
  };
  const onValid = (credentials: AdminLogin) => {
    login.mutate(credentials, {
      onSuccess: ({ next }) => {
        // An earlier "Login failed" must not linger over the next step.
        dismiss();
        if (next === 'second-factor') setAskCode(true);
        else navigate(next === 'enrol' ? '/admin/second-factor' : '/admin/dashboard');
      },
      onError: (error) =>
        toast({ title: 'Login failed', description: errorMessage(error, 'Please try again'), variant: 'destructive' }),
    });
  };

  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Admin Login</h1>
        <p className="mt-1 text-sm text-slate-600">Sign in to manage gifts.</p>
        <form className="mt-6 space-y-4" onSubmit={handleSubmit(onValid, onInvalid)} noValidate>
          <Field id="admin-email" label="Email">
            {(control) => <Input {...control} {...register('email')} type="email" autoComplete="username" />}
          </Field>
          <Field id="admin-password" label="Password">
            {(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" />}
          </Field>
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-brand-700 underline-offset-2 hover:underline">
            Back to home
          </Link>
        </p>
      </Card>
    </section>
  );
}
