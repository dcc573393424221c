// Step 4 (optional): a question the recipient must answer before claiming.
import { useState } from 'react';
import { Input, Label } from '../../components/ui/input';
import { usePageMeta } from '../../lib/page-meta';
import { securityBack, securityNext, securitySkip } from '../../lib/gift-navigation';
import { CUSTOM_QUESTION_MAX, CUSTOM_QUESTION_OPTION, SECURITY_ANSWER_MAX, SECURITY_QUESTIONS } from '../../../shared/constants';
import { CharCounter, StepLayout } from '../../features/gift/StepLayout';
import { useGiftStep } from '../../features/gift/use-gift-step';

const selectClass =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

export default function SecurityQuestionPage() {
  usePageMeta('Add a security question', 'Protect your anonymous gift with a question only the recipient can answer.');
  const { draft, go } = useGiftStep('security');
  const [question, setQuestion] = useState(draft?.securityQuestion ?? '');
  const [custom, setCustom] = useState(draft?.customSecurityQuestion ?? '');
  const [answer, setAnswer] = useState(draft?.securityAnswer ?? '');
  if (!draft) return null;

  const isCustom = question === CUSTOM_QUESTION_OPTION;
  const valid =
    question !== '' &&
    (!isCustom || (custom.trim().length > 0 && custom.trim().length <= CUSTOM_QUESTION_MAX)) &&
    answer.trim().length > 0 &&
    answer.trim().length <= SECURITY_ANSWER_MAX;
  const fields = { securityQuestion: question, customSecurityQuestion: isCustom ? custom.trim() : '', securityAnswer: answer.trim() };

  const skip = () => {
    const nav = securitySkip();
    go(nav.to, nav.change);
  };

  return (
    <StepLayout
      title="Add Security Question"
      description={
        <p>
          Pick a question only the recipient can answer. They will need the answer to claim the gift. Answers are not case-sensitive.
        </p>
      }
      onSubmit={() => go(securityNext(), { ...fields, wantsSecurityQuestion: true, enableSecurityQuestion: true })}
      onBack={() => go(securityBack(draft), { securityQuestion: question, customSecurityQuestion: custom, securityAnswer: answer })}
      onSkip={skip}
      canContinue={valid}
    >
      <div>
        <Label htmlFor="securityQuestion" required>
          Security question
        </Label>
        <select id="securityQuestion" className={selectClass} value={question} onChange={(e) => setQuestion(e.target.value)} required>
          <option value="" disabled>
            Choose a question…
          </option>
          {SECURITY_QUESTIONS.map((q) => (
            <option key={q} value={q}>
              {q}
            </option>
          ))}
          <option value={CUSTOM_QUESTION_OPTION}>{CUSTOM_QUESTION_OPTION}</option>
        </select>
      </div>
      {isCustom ? (
        <div>
          <Label htmlFor="customSecurityQuestion" required>
            Your custom question
          </Label>
          <Input
            id="customSecurityQuestion"
            maxLength={CUSTOM_QUESTION_MAX}
            aria-describedby="customSecurityQuestion-count"
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
          />
          <CharCounter id="customSecurityQuestion-count" length={custom.length} max={CUSTOM_QUESTION_MAX} />
        </div>
      ) : null}
      <div>
        <Label htmlFor="securityAnswer" required>
          Answer
        </Label>
        <Input
          id="securityAnswer"
          autoComplete="off"
          maxLength={SECURITY_ANSWER_MAX}
          aria-describedby="securityAnswer-count securityAnswer-hint"
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
        />
        <CharCounter id="securityAnswer-count" length={answer.length} max={SECURITY_ANSWER_MAX} />
        <p id="securityAnswer-hint" className="text-sm text-slate-600">
          Make sure the recipient knows the answer — after 5 wrong answers, claiming is locked for an hour.
        </p>
      </div>
    </StepLayout>
  );
}
