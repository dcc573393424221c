// Step 3 (optional): a personal note shown to the recipient with the gift.
import { useForm, useWatch } from 'react-hook-form';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { usePageMeta } from '../../lib/page-meta';
import { messageBack, messageNext, messageSkip } from '../../lib/gift-navigation';
import type { GiftDraft } from '../../lib/gift-draft';
import { PERSONAL_NOTE_MAX } from '../../../shared/constants';
import type { PersonalMessageStep } from '../../../shared/schemas/gift-steps';
import { lazyZodSchema } from '../../lib/lazy-zod-resolver';
import { CharCounter, StepLayout } from '../../features/gift/step-layout';
import { useGiftStep } from '../../features/gift/use-gift-step';

const EXAMPLES = [
  'Happy birthday! Treat yourself to something nice.',
  'Thinking of you. I hope this makes things a little easier.',
  'Congratulations on your graduation — so proud of you!',
  'Thank you for everything you do. This is just a small token of appreciation.',
];

/** The shared schema loads with the first interaction (lib/lazy-zod-resolver.ts). */
const personalMessageStep = lazyZodSchema(() =>
  import('../../../shared/schemas/gift-steps').then((m) => m.personalMessageStepSchema),
);
export default function PersonalMessagePage() {
  usePageMeta('Add a personal message', 'Add an optional personal message to your anonymous gift.');
  const { draft, go } = useGiftStep('message');
  if (!draft) return null;
  return <MessageForm draft={draft} go={go} />;
}

function MessageForm({ draft, go }: { draft: GiftDraft; go: (to: string, change?: Partial<GiftDraft>) => void }) {
  const { register, handleSubmit, setValue, getValues, control, formState } = useForm<PersonalMessageStep>({
    resolver: personalMessageStep.resolver,
    defaultValues: { personalNote: draft.personalNote },
  });
  const note = useWatch({ control, name: 'personalNote' });
  // Until the schema has loaded (first interaction), a written note counts; Continue validates in full either way.
  const schema = personalMessageStep.useLoaded();
  const valid = schema ? schema.safeParse({ personalNote: note }).success : note.trim() !== '';

  const continueOn = ({ personalNote }: PersonalMessageStep) =>
    go(messageNext(draft), { personalNote, wantsPersonalMessage: true });
  const skip = () => {
    const nav = messageSkip(draft);
    go(nav.to, nav.change);
  };

  return (
    <StepLayout
      title="Add a Personal Message"
      description={
        <p>Write a few words to go with your gift. The recipient sees it on the claim page and in their e-mail.</p>
      }
      onSubmit={() => void handleSubmit(continueOn)()}
      onBack={() => go(messageBack(), getValues())}
      onSkip={skip}
      canContinue={valid}
    >
      <Field
        id="personalNote"
        label="Your message"
        required
        error={formState.errors.personalNote?.message}
        describedBy="personalNote-count"
      >
        {(props) => (
          <>
            <Textarea
              {...props}
              {...register('personalNote')}
              rows={6}
              maxLength={PERSONAL_NOTE_MAX}
              placeholder="Write something from the heart…"
            />
            <CharCounter id="personalNote-count" length={note.length} max={PERSONAL_NOTE_MAX} />
          </>
        )}
      </Field>
      <div>
        <h2 className="text-sm font-semibold text-slate-900">Need inspiration? Use an example:</h2>
        <ul className="mt-2 space-y-2">
          {EXAMPLES.map((example) => (
            <li key={example}>
              <button
                type="button"
                className="w-full rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-left text-sm text-slate-800 hover:border-brand-600 hover:bg-brand-50"
                onClick={() => setValue('personalNote', example, { shouldDirty: true })}
              >
                “{example}”
              </button>
            </li>
          ))}
        </ul>
      </div>
    </StepLayout>
  );
}
