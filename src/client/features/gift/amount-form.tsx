// The landing page's amount form: presets $25/$50/$100 or Custom, then Continue (enabled above 0 once the page is
// hydrated; under $5 it says the minimum and does not continue).
// It is a real HTML form (decision 007): radios and a GET to the recipient step, which takes the amount from the
// address, so a choice made before the scripts arrive works, and the chips and the custom field follow the radios
// by CSS alone. Once in the page, the form takes over what the person already chose (React keeps the DOM's values
// while hydrating, but its next render would write the state over them); otherwise the saved draft.
// Not a react-hook-form form (decision 010): its one text field does not need it, and `/` should not load it.
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import {
  AMOUNT_FIELD,
  CUSTOM_AMOUNT_FIELD,
  CUSTOM_OPTION,
  NO_CHOICE,
  amountProblem,
  choiceAmount,
  choiceForAmount,
  readAmountChoice,
  type AmountChoice,
} from '../../lib/amount-choice';
import { readDraft, updateDraft } from '../../lib/gift-draft';
import { PATHS } from '../../lib/gift-navigation';
import { MAX_GIFT_CENTS, MIN_GIFT_CENTS, PRESET_AMOUNTS } from '../../../shared/constants';
import { formatUsd } from '../../../shared/money';

const OPTIONS = [
  ...PRESET_AMOUNTS.map((value) => ({ value: String(value), label: `$${value}` })),
  { value: CUSTOM_OPTION, label: 'Custom' },
];
/** The Custom radio's id; the custom field's class names it too (`group-has-[#amount-option-custom:checked]`). */
const CUSTOM_RADIO_ID = 'amount-option-custom';

/** Remount (change its key) to start over from the saved draft. */
export function AmountForm() {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const customInput = useRef<HTMLInputElement>(null);
  const taken = useRef(false);
  // False in the prerendered HTML and while hydrating: until then the form is sent by the browser itself.
  const [ready, setReady] = useState(false);
  const [choice, setChoice] = useState<AmountChoice>(NO_CHOICE);
  const [error, setError] = useState<string | null>(null);
  const amount = choiceAmount(choice);

  useLayoutEffect(() => {
    if (taken.current) return;
    taken.current = true;
    // Before the first paint of the hydrated (or client-rendered) form, in this order: what the person chose
    // before the scripts arrived, a choice the recipient step sent back because it cannot be given (with why),
    // then the saved draft.
    const chosen = readAmountChoice(new FormData(form.current!));
    const returned = chosen ? null : readAmountChoice(new URLSearchParams(window.location.search));
    setChoice(chosen ?? returned ?? choiceForAmount(readDraft()?.amount ?? 0));
    setReady(true);
    if (returned) {
      if (choiceAmount(returned) > 0) setError(amountProblem(choiceAmount(returned)));
      void navigate(PATHS.landing, { replace: true });
    }
  }, [navigate]);

  const choose = (next: AmountChoice) => {
    setChoice(next);
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!(amount > 0)) return;
    const problem = amountProblem(amount);
    if (problem) {
      // Only a custom amount can be out of range: the focus goes to it, which reads the error.
      setError(problem);
      customInput.current?.focus();
      return;
    }
    updateDraft({ amount });
    void navigate(PATHS.recipient);
  };

  return (
    <form
      ref={form}
      id="amount-form"
      method="get"
      action={PATHS.recipient}
      onSubmit={submit}
      // Before hydration the browser checks the form (an amount must be chosen); then this component does.
      noValidate={ready}
      className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      aria-labelledby="amount-heading"
    >
      <h2 id="amount-heading" className="text-xl font-bold text-slate-900">
        How much would you like to give?
      </h2>
      <fieldset className="mt-4">
        <legend className="sr-only">Gift amount</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {OPTIONS.map(({ value, label }) => (
            <label key={value} className="relative">
              <input
                id={value === CUSTOM_OPTION ? CUSTOM_RADIO_ID : undefined}
                type="radio"
                name={AMOUNT_FIELD}
                value={value}
                required
                checked={choice.option === value}
                // A preset empties the custom amount, as the field was empty when Custom was chosen before.
                onChange={() => choose({ option: value, customText: value === CUSTOM_OPTION ? choice.customText : '' })}
                // Invisible over the whole chip, so a press anywhere on the chip lands on the radio itself.
                className="peer absolute inset-0 z-10 m-0 cursor-pointer appearance-none opacity-0"
              />
              <span
                className={
                  'block rounded-lg border-2 border-slate-300 bg-white px-4 py-3 text-center text-lg font-semibold ' +
                  'text-slate-900 transition-colors hover:border-brand-600 peer-checked:border-brand-700 ' +
                  'peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:ring-2 ' +
                  'peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2'
                }
              >
                {label}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        id={CUSTOM_AMOUNT_FIELD}
        label="Custom amount ($)"
        hint={`Minimum ${formatUsd(MIN_GIFT_CENTS)}, maximum ${formatUsd(MAX_GIFT_CENTS)}.`}
        error={error}
        // Shown while Custom is chosen, by CSS, so it works before the scripts arrive.
        className="mt-4 hidden group-has-[#amount-option-custom:checked]:block"
      >
        {(props) => (
          <Input
            {...props}
            ref={customInput}
            name={CUSTOM_AMOUNT_FIELD}
            type="number"
            inputMode="decimal"
            // No min/max here: the browser would refuse to send the form for a value left in the hidden field.
            step="any"
            placeholder="Enter an amount"
            value={choice.customText}
            onChange={(e) => choose({ option: CUSTOM_OPTION, customText: e.target.value })}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="mt-6 w-full" disabled={ready && !(amount > 0)}>
        Continue
      </Button>
    </form>
  );
}
