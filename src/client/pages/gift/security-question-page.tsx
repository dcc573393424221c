// Step 4 (optional): a question the recipient must answer before claiming.
import { useForm, useWatch } from 'react-hook-form';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { usePageMeta } from '../../lib/page-meta';
import { securityBack, securityNext, securitySkip } from '../../lib/gift-navigation';
import type { GiftDraft } from '../../lib/gift-draft';
import {
  CUSTOM_QUESTION_MAX,
  CUSTOM_QUESTION_OPTION,
  SECURITY_ANSWER_MAX,
  SECURITY_QUESTIONS,
} from '../../../shared/constants';
import type { SecurityStep, SecurityStepOutput } from '../../../shared/schemas/gift-steps';
import { lazyZodSchema } from '../../lib/lazy-zod-resolver';
import { CharCounter, StepLayout } from '../../features/gift/step-layout';
import { useGiftStep } from '../../features/gift/use-gift-step';

/** The shared schema loads with the first interaction (lib/lazy-zod-resolver.ts). */
const securityStep = lazyZodSchema(() =>
  import('../../../shared/schemas/gift-steps').then((m) => m.securityStepSchema),
);
export default function SecurityQuestionPage() {
  usePageMeta('Add a security question', 'Protect your anonymous gift with a question only the recipient can answer.');
  const { draft, go } = useGiftStep('security');
  if (!draft) return null;
  return <SecurityForm draft={draft} go={go} />;
}

function SecurityForm({ draft, go }: { draft: GiftDraft; go: (to: string, change?: Partial<GiftDraft>) => void }) {
  const { register, handleSubmit, getValues, control, formState } = useForm<SecurityStep, unknown, SecurityStepOutput>({
    resolver: securityStep.resolver,
    defaultValues: {
      securityQuestion: draft.securityQuestion,
      customSecurityQuestion: draft.customSecurityQuestion,
      securityAnswer: draft.securityAnswer,
    },
  });
  const values = useWatch({ control });
  const [question = '', custom = '', answer = ''] = [
    values.securityQuestion,
    values.customSecurityQuestion,
    values.securityAnswer,
  ];
  const isCustom = question === CUSTOM_QUESTION_OPTION;
  // Until the schema has loaded (first interaction), filled fields count; Continue validates in full either way.
  const schema = securityStep.useLoaded();
  const valid = schema
    ? schema.safeParse({ securityQuestion: question, customSecurityQuestion: custom, securityAnswer: answer }).success
    : question !== '' && answer.trim() !== '' && (!isCustom || custom.trim() !== '');
  const { errors } = formState;

  const continueOn = (step: SecurityStepOutput) =>
    go(securityNext(), { ...step, wantsSecurityQuestion: true, enableSecurityQuestion: true });
  const skip = () => {
    const nav = securitySkip();
    go(nav.to, nav.change);
  };

  return (
    <StepLayout
      title="Add Security Question"
      description={
        <p>
          Pick a question only the recipient can answer. They will need the answer to claim the gift. Answers are not
          case-sensitive.
        </p>
      }
      onSubmit={() => void handleSubmit(continueOn)()}
      onBack={() => go(securityBack(draft), getValues())}
      onSkip={skip}
      canContinue={valid}
    >
      <Field id="securityQuestion" label="Security question" required error={errors.securityQuestion?.message}>
        {(props) => (
          <Select {...props} {...register('securityQuestion')}>
            <option value="" disabled>
              Choose a question…
            </option>
            {SECURITY_QUESTIONS.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
            <option value={CUSTOM_QUESTION_OPTION}>{CUSTOM_QUESTION_OPTION}</option>
          </Select>
        )}
      </Field>
      {isCustom ? (
        <Field
          id="customSecurityQuestion"
          label="Your custom question"
          required
          error={errors.customSecurityQuestion?.message}
          describedBy="customSecurityQuestion-count"
        >
          {(props) => (
            <>
              <Input {...props} {...register('customSecurityQuestion')} maxLength={CUSTOM_QUESTION_MAX} />
              <CharCounter id="customSecurityQuestion-count" length={custom.length} max={CUSTOM_QUESTION_MAX} />
            </>
          )}
        </Field>
      ) : null}
      <Field
        id="securityAnswer"
        label="Answer"
        required
        error={errors.securityAnswer?.message}
        describedBy="securityAnswer-count"
        hint="Make sure the recipient knows the answer — after 5 wrong answers, claiming is locked for an hour."
      >
        {(props) => (
          <>
            <Input {...props} {...register('securityAnswer')} autoComplete="off" maxLength={SECURITY_ANSWER_MAX} />
            <CharCounter id="securityAnswer-count" length={answer.length} max={SECURITY_ANSWER_MAX} />
          </>
        )}
      </Field>
    </StepLayout>
  );
}
