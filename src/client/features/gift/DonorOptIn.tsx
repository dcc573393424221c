// Optional donor account: opting in reveals first name, last name and e-mail, all then required.
import { EMAIL_MAX, NAME_MAX } from '../../../shared/constants';
import type { GiftDraft } from '../../lib/gift-draft';
import type { DonorFieldErrors } from './build-payload';
import { CheckboxField, RequiredField } from './StepLayout';

type DonorFields = Pick<GiftDraft, 'createDonorAccount' | 'donorFirstName' | 'donorLastName' | 'donorEmail'>;

export function DonorOptIn({ value, errors, onChange }: { value: DonorFields; errors: DonorFieldErrors; onChange: (change: Partial<DonorFields>) => void }) {
  const field = (key: 'donorFirstName' | 'donorLastName' | 'donorEmail', label: string, type: string, autoComplete: string, max: number) => (
    <RequiredField id={key} label={label} type={type} autoComplete={autoComplete} maxLength={max} value={value[key]} error={errors[key]} onChange={(v) => onChange({ [key]: v })} />
  );
  return (
    <div className="space-y-4">
      <CheckboxField
        id="createDonorAccount"
        label="Create a donor account to track your gifts"
        hint="Private to you: see your gift history and whether each gift was claimed. The recipient never sees it."
        checked={value.createDonorAccount}
        onChange={(v) => onChange({ createDonorAccount: v })}
      />
      {value.createDonorAccount ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {field('donorFirstName', 'Your first name', 'text', 'given-name', NAME_MAX)}
          {field('donorLastName', 'Your last name', 'text', 'family-name', NAME_MAX)}
          <div className="sm:col-span-2">{field('donorEmail', 'Your email', 'email', 'email', EMAIL_MAX)}</div>
          <p className="text-sm text-slate-600 sm:col-span-2">Pay with this same e-mail at checkout; we then send you a sign-in link.</p>
        </div>
      ) : null}
    </div>
  );
}
