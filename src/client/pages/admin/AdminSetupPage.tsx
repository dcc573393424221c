// First-time admin setup (spec §2, §5): offered only while the server says setup is needed.
import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/api';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { FormField } from '../../features/admin/FormField';
import { PasswordInput } from '../../features/admin/PasswordInput';
import { SETUP_NEEDED_KEY, useAdminSetup, useSetupNeeded } from '../../features/admin/api';
import { adminSetupFormSchema, type AdminSetupForm } from '../../../shared/schemas/admin';

type Field = keyof AdminSetupForm;
const EMPTY: AdminSetupForm = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

export default function AdminSetupPage() {
  usePageMeta('Admin Setup', 'Create the first Hushgift admin account.');
  const queryClient = useQueryClient();
  const setupNeeded = useSetupNeeded();
  const setup = useAdminSetup();
  const [values, setValues] = useState<AdminSetupForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
        <Card className="text-center">
          <h1 className="text-2xl font-bold text-slate-900">Setup Complete</h1>
          <p className="mt-2 text-slate-700">Your admin account has been created. You can now log in.</p>
          <Link to="/admin/login" className={`${buttonClass('primary')} mt-6 w-full`}>
            Go to Login
          </Link>
        </Card>
      </section>
    );
  }
  if (setupNeeded.isPending) return <Spinner />;
  if (setupNeeded.data && !setupNeeded.data.setupNeeded) return <Navigate to="/admin/login" replace />;

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminSetupFormSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      const first = (Object.keys(EMPTY) as Field[]).find((f) => next[f]);
      if (first) document.getElementById(`setup-${first}`)?.focus();
      return;
    }
    const { confirmPassword: _confirm, ...payload } = parsed.data;
    setup.mutate(payload, {
      onSuccess: () => {
        setDone(true);
        queryClient.setQueryData(SETUP_NEEDED_KEY, { setupNeeded: false });
      },
      onError: (error) =>
        toast({ title: 'Setup Failed', description: errorMessage(error, 'Failed to create admin account'), variant: 'destructive' }),
    });
  };

  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Admin Setup</h1>
        <p className="mt-1 text-sm text-slate-600">Create the first admin account. This can only be done once.</p>
        <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="setup-firstName" label="First Name" required error={errors.firstName}>
              <Input autoComplete="given-name" value={values.firstName} onChange={set('firstName')} />
            </FormField>
            <FormField id="setup-lastName" label="Last Name" required error={errors.lastName}>
              <Input autoComplete="family-name" value={values.lastName} onChange={set('lastName')} />
            </FormField>
          </div>
          <FormField id="setup-email" label="Email" required error={errors.email}>
            <Input type="email" autoComplete="username" value={values.email} onChange={set('email')} />
          </FormField>
          <FormField id="setup-password" label="Password" required error={errors.password}>
            <PasswordInput autoComplete="new-password" value={values.password} onChange={set('password')} />
          </FormField>
          <FormField id="setup-confirmPassword" label="Confirm Password" required error={errors.confirmPassword}>
            <PasswordInput autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} />
          </FormField>
          <Button type="submit" className="w-full" disabled={setup.isPending}>
            {setup.isPending ? 'Creating account...' : 'Create Admin Account'}
          </Button>
        </form>
      </Card>
    </section>
  );
}
