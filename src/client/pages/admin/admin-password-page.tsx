// Change password: the current one, the new one twice. The server refuses common passwords and signs out every
// other session of this admin (decision 020).
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { PasswordInput } from '../../features/admin/password-input';
import { isUnauthorized } from '../../features/admin/api';
import { useChangePassword } from '../../features/admin/auth-api';
import type { AdminPasswordChangeForm } from '../../../shared/schemas/admin-auth';
import { lazyZodSchema } from '../../lib/lazy-zod-resolver';

const formSchema = lazyZodSchema(() =>
  import('../../../shared/schemas/admin-auth').then((m) => m.adminPasswordChangeFormSchema),
);
const EMPTY: AdminPasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export default function AdminPasswordPage() {
  usePageMeta('Change password', 'Change the password of your Hushgift admin account.');
  const navigate = useNavigate();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: formSchema.resolver, defaultValues: EMPTY });

  const onValid = ({ currentPassword, newPassword }: AdminPasswordChangeForm) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (answer) => {
          reset(EMPTY);
          toast({ title: 'Password changed', description: answer.message ?? '' });
        },
        onError: (error) => {
          if (isUnauthorized(error) && !errorMessage(error, '').includes('current password'))
            return navigate('/admin/login', { replace: true });
          toast({
            title: 'Password not changed',
            description: errorMessage(error, 'Please try again'),
            variant: 'destructive',
          });
        },
      },
    );

  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Change password</h1>
        <p className="mt-1 text-sm text-slate-600">
          At least 12 characters, and not one of the passwords attackers try first. Every other session of your account
          is signed out.
        </p>
        <form className="mt-6 space-y-4" onSubmit={handleSubmit(onValid)} noValidate>
          <Field id="current-password" label="Current password" required error={errors.currentPassword?.message}>
            {(control) => (
              <PasswordInput {...control} {...register('currentPassword')} autoComplete="current-password" />
            )}
          </Field>
          <Field id="new-password" label="New password" required error={errors.newPassword?.message}>
            {(control) => <PasswordInput {...control} {...register('newPassword')} autoComplete="new-password" />}
          </Field>
          <Field id="confirm-password" label="Confirm new password" required error={errors.confirmPassword?.message}>
            {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
          </Field>
          <Button type="submit" className="w-full" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm">
          <Link to="/admin/dashboard" className="text-brand-700 underline-offset-2 hover:underline">
            Back to the dashboard
          </Link>
        </p>
      </Card>
    </section>
  );
}
