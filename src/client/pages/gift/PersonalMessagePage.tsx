// Step 3 (optional): a personal note shown to the recipient with the gift.
import { useState } from 'react';
import { Label, Textarea } from '../../components/ui/input';
import { usePageMeta } from '../../lib/page-meta';
import { messageBack, messageNext, messageSkip } from '../../lib/gift-navigation';
import { PERSONAL_NOTE_MAX } from '../../../shared/constants';
import { CharCounter, StepLayout } from '../../features/gift/StepLayout';
import { useGiftStep } from '../../features/gift/use-gift-step';

const EXAMPLES = [
  'Happy birthday! Treat yourself to something nice.',
  'Thinking of you. I hope this makes things a little easier.',
  'Congratulations on your graduation — so proud of you!',
  'Thank you for everything you do. This is just a small token of appreciation.',
];

export default function PersonalMessagePage() {
  usePageMeta('Add a personal message', 'Add an optional personal message to your anonymous gift.');
  const { draft, go } = useGiftStep('message');
  const [note, setNote] = useState(draft?.personalNote ?? '');
  if (!draft) return null;
  const trimmed = note.trim();
  const valid = trimmed.length > 0 && trimmed.length <= PERSONAL_NOTE_MAX;

  const continueOn = () => go(messageNext(draft), { personalNote: trimmed, wantsPersonalMessage: true });
  const skip = () => {
    const nav = messageSkip(draft);
    go(nav.to, nav.change);
  };

  return (
    <StepLayout
      title="Add a Personal Message"
      description={<p>Write a few words to go with your gift. The recipient sees it on the claim page and in their e-mail.</p>}
      onSubmit={continueOn}
      onBack={() => go(messageBack(), { personalNote: note })}
      onSkip={skip}
      canContinue={valid}
    >
      <div>
        <Label htmlFor="personalNote" required>
          Your message
        </Label>
        <Textarea
          id="personalNote"
          rows={6}
          maxLength={PERSONAL_NOTE_MAX}
          aria-describedby="personalNote-count"
          placeholder="Write something from the heart…"
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <CharCounter id="personalNote-count" length={note.length} max={PERSONAL_NOTE_MAX} />
      </div>
      <div>
        <h2 className="text-sm font-semibold text-slate-900">Need inspiration? Use an example:</h2>
        <ul className="mt-2 space-y-2">
          {EXAMPLES.map((example) => (
            <li key={example}>
              <button
                type="button"
                className="w-full rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-left text-sm text-slate-800 hover:border-brand-600 hover:bg-brand-50"
                onClick={() => setNote(example)}
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
