// Step 2 of the sender flow: who receives the gift, and which optional additions the sender wants.
import { useForm, useWatch } from 'react-hook-form';
import { usePageMeta } from '../../lib/page-meta';
import { recipientBack, recipientNext } from '../../lib/gift-navigation';
import { formatUsd, dollarsToCents } from '../../../shared/money';
import type { RecipientStep } from '../../../shared/schemas/gift-steps';
import { lazyZodSchema } from '../../lib/lazy-zod-resolver';
import { NAME_MAX, EMAIL_MAX } from '../../../shared/constants';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { StepLayout } from '../../features/gift/step-layout';
import { useGiftStep } from '../../features/gift/use-gift-step';
import type { GiftDraft } from '../../lib/gift-draft';

/** The shared schema loads with the first interaction (lib/lazy-zod-resolver.ts). */
const recipientStep = lazyZodSchema(() =>
  import('../../../shared/schemas/gift-steps').then((m) => m.recipientStepSchema),
);
export default function RecipientInfoPage() {
  usePageMeta('Recipient details', 'Tell us who should receive your anonymous gift.');
  const { draft, go } = useGiftStep('recipient');
  if (!draft) return null;
  return <RecipientForm draft={draft} go={go} />;
}

type TextKey = 'recipientFirstName' | 'recipientLastName' | 'recipientEmail';

function RecipientForm({ draft, go }: { draft: GiftDraft; go: (to: string, change?: Partial<GiftDraft>) => void }) {
  const {
    register,
    handleSubmit,
    getValues,
    control,
    formState: { errors },
  } = useForm<RecipientStep>({
    resolver: recipientStep.resolver,
    defaultValues: {
      recipientFirstName: draft.recipientFirstName,
      recipientLastName: draft.recipientLastName,
      recipientEmail: draft.recipientEmail,
      wantsPersonalMessage: draft.wantsPersonalMessage,
      wantsSecurityQuestion: draft.wantsSecurityQuestion,
    },
  });
  const names = useWatch({ control, name: ['recipientFirstName', 'recipientLastName', 'recipientEmail'] });
  const filled = names.every((v) => v.trim() !== '');

  const saveAndGo = (step: RecipientStep) => go(recipientNext(step), step);

  const text = (key: TextKey, label: string, type: string, max: number) => (
    <Field id={key} label={label} required error={errors[key]?.message}>
      {(props) => <Input {...props} {...register(key)} type={type} autoComplete="off" maxLength={max} />}
    </Field>
  );

  return (
    <StepLayout
      title="Who's Receiving Your Gift?"
      description={
        <p>
          Your gift of <strong>{formatUsd(dollarsToCents(draft.amount))}</strong> will be sent anonymously. We only use
          these details to let the recipient know how to claim it.
        </p>
      }
      onSubmit={() => void handleSubmit(saveAndGo)()}
      onBack={() => go(recipientBack(), getValues())}
      canContinue={filled}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {text('recipientFirstName', 'First Name', 'text', NAME_MAX)}
        {text('recipientLastName', 'Last Name', 'text', NAME_MAX)}
      </div>
      {text('recipientEmail', 'Email Address', 'email', EMAIL_MAX)}
      <fieldset className="space-y-4 border-t border-slate-200 pt-5">
        <legend className="pt-5 font-semibold text-slate-900">Optional additions</legend>
        <CheckboxField
          id="wantsPersonalMessage"
          label="Add a personal message"
          hint="A short note shown with the gift. It never reveals who you are unless you say so."
          {...register('wantsPersonalMessage')}
        />
        <CheckboxField
          id="wantsSecurityQuestion"
          label="Add a security question"
          hint="The recipient must answer it before claiming the gift."
          {...register('wantsSecurityQuestion')}
        />
      </fieldset>
    </StepLayout>
  );
}
