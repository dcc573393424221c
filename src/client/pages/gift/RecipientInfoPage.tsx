// Step 2 of the sender flow: who receives the gift, and which optional additions the sender wants.
import { useState } from 'react';
import { usePageMeta } from '../../lib/page-meta';
import { recipientBack, recipientNext } from '../../lib/gift-navigation';
import { formatUsd, dollarsToCents } from '../../../shared/money';
import { recipientSchema } from '../../../shared/schemas/gift';
import { NAME_MAX, EMAIL_MAX } from '../../../shared/constants';
import { CheckboxField, RequiredField, StepLayout } from '../../features/gift/StepLayout';
import { useGiftStep } from '../../features/gift/use-gift-step';
import type { GiftDraft } from '../../lib/gift-draft';

export default function RecipientInfoPage() {
  usePageMeta('Recipient details', 'Tell us who should receive your anonymous gift.');
  const { draft, go } = useGiftStep('recipient');
  if (!draft) return null;
  return <RecipientForm draft={draft} go={go} />;
}

type Fields = Pick<GiftDraft, 'recipientFirstName' | 'recipientLastName' | 'recipientEmail' | 'wantsPersonalMessage' | 'wantsSecurityQuestion'>;

function RecipientForm({ draft, go }: { draft: GiftDraft; go: (to: string, change?: Partial<GiftDraft>) => void }) {
  const [form, setForm] = useState<Fields>({
    recipientFirstName: draft.recipientFirstName,
    recipientLastName: draft.recipientLastName,
    recipientEmail: draft.recipientEmail,
    wantsPersonalMessage: draft.wantsPersonalMessage,
    wantsSecurityQuestion: draft.wantsSecurityQuestion,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const filled = Boolean(form.recipientFirstName.trim() && form.recipientLastName.trim() && form.recipientEmail.trim());

  const submit = () => {
    const result = recipientSchema.safeParse(form);
    if (!result.success) {
      const found: Partial<Record<keyof Fields, string>> = {};
      for (const issue of result.error.issues) found[issue.path[0] as keyof Fields] ??= issue.message;
      setErrors(found);
      document.getElementById(Object.keys(found)[0]!)?.focus();
      return;
    }
    const saved = { ...form, ...result.data };
    go(recipientNext(saved), saved);
  };

  const text = (key: 'recipientFirstName' | 'recipientLastName' | 'recipientEmail', label: string, type: string, autoComplete: string, max: number) => (
    <RequiredField id={key} label={label} type={type} autoComplete={autoComplete} maxLength={max} value={form[key]} error={errors[key]} onChange={(v) => set(key, v)} />
  );

  return (
    <StepLayout
      title="Who's Receiving Your Gift?"
      description={
        <p>
          Your gift of <strong>{formatUsd(dollarsToCents(draft.amount))}</strong> will be sent anonymously. We only use these details to
          let the recipient know how to claim it.
        </p>
      }
      onSubmit={submit}
      onBack={() => go(recipientBack(), form)}
      canContinue={filled}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {text('recipientFirstName', 'First Name', 'text', 'off', NAME_MAX)}
        {text('recipientLastName', 'Last Name', 'text', 'off', NAME_MAX)}
      </div>
      {text('recipientEmail', 'Email Address', 'email', 'off', EMAIL_MAX)}
      <fieldset className="space-y-4 border-t border-slate-200 pt-5">
        <legend className="pt-5 font-semibold text-slate-900">Optional additions</legend>
        <CheckboxField
          id="wantsPersonalMessage"
          label="Add a personal message"
          hint="A short note shown with the gift. It never reveals who you are unless you say so."
          checked={form.wantsPersonalMessage}
          onChange={(v) => set('wantsPersonalMessage', v)}
        />
        <CheckboxField
          id="wantsSecurityQuestion"
          label="Add a security question"
          hint="The recipient must answer it before claiming the gift."
          checked={form.wantsSecurityQuestion}
          onChange={(v) => set('wantsSecurityQuestion', v)}
        />
      </fieldset>
    </StepLayout>
  );
}
