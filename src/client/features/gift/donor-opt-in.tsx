// Optional donor account: opting in reveals first name, last name and e-mail, all then required.
// The fields belong to the review page's form (react-hook-form); every change is also saved to the draft.
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { EMAIL_MAX, NAME_MAX } from '../../../shared/constants';
import type { DonorOptIn as DonorOptInValues } from '../../../shared/schemas/gift-steps';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';

type TextKey = 'donorFirstName' | 'donorLastName' | 'donorEmail';

export function DonorOptIn({
  optedIn,
  register,
  errors,
  onChange,
}: {
  optedIn: boolean;
  register: UseFormRegister<DonorOptInValues>;
  errors: FieldErrors<DonorOptInValues>;
  onChange: (change: Partial<DonorOptInValues>) => void;
}) {
  const field = (key: TextKey, label: string, type: string, autoComplete: string, max: number) => (
    <Field id={key} label={label} required error={errors[key]?.message}>
      {(props) => (
        <Input
          {...props}
          {...register(key, { onChange: (e: { target: HTMLInputElement }) => onChange({ [key]: e.target.value }) })}
          type={type}
          autoComplete={autoComplete}
          maxLength={max}
        />
      )}
    </Field>
  );
  return (
    <div className="space-y-4">
      <CheckboxField
        id="createDonorAccount"
        label="Create a donor account to track your gifts"
        hint="Private to you: see your gift history and whether each gift was claimed. The recipient never sees it."
        {...register('createDonorAccount', {
          onChange: (e: { target: HTMLInputElement }) => onChange({ createDonorAccount: e.target.checked }),
        })}
      />
      {optedIn ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {field('donorFirstName', 'Your first name', 'text', 'given-name', NAME_MAX)}
          {field('donorLastName', 'Your last name', 'text', 'family-name', NAME_MAX)}
          <div className="sm:col-span-2">{field('donorEmail', 'Your email', 'email', 'email', EMAIL_MAX)}</div>
          <p className="text-sm text-slate-600 sm:col-span-2">
            Pay with this same e-mail at checkout; we then send you a sign-in link.
          </p>
        </div>
      ) : null}
    </div>
  );
}
