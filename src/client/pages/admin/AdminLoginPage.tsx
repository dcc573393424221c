// Admin login (spec §2): e-mail and password with a show/hide toggle; setup first while it is needed.
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { dismiss, toast } from '../../components/ui/use-toast';
import { FormField } from '../../features/admin/FormField';
import { PasswordInput } from '../../features/admin/PasswordInput';
import { useAdminLogin, useSetupNeeded } from '../../features/admin/api';
import { LOGIN_MISSING_MESSAGE } from '../../../shared/schemas/admin';

export default function AdminLoginPage() {
  usePageMeta('Admin Login', 'Sign in to the Hushgift admin dashboard.');
  const navigate = useNavigate();
  const setup = useSetupNeeded();
  const login = useAdminLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (setup.isPending) return <Spinner />;
  if (setup.data?.setupNeeded) return <Navigate to="/admin/setup" replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast({ title: 'Missing information', description: LOGIN_MISSING_MESSAGE, variant: 'destructive' });
      return;
    }
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          // An earlier "Login failed" must not linger over the dashboard.
          dismiss();
          navigate('/admin/dashboard');
        },
        onError: (error) =>
          toast({ title: 'Login failed', description: errorMessage(error, 'Please try again'), variant: 'destructive' }),
      },
    );
  };

  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Admin Login</h1>
        <p className="mt-1 text-sm text-slate-600">Sign in to manage gifts.</p>
        <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
          <FormField id="admin-email" label="Email">
            <Input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
          </FormField>
          <FormField id="admin-password" label="Password">
            <PasswordInput autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
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
