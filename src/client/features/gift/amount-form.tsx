// The landing page's amount form: presets $25/$50/$100 or Custom, then Continue (enabled above 0;
// under $5 it says the minimum and does not continue). The saved draft's amount is shown once the page is
// hydrated: the prerendered HTML and the first client render of `/` show no amount chosen.
// Not a react-hook-form form (decision 010): its one text field does not need it, and `/` should not load it.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { parseDollarInput, readDraft, updateDraft } from '../../lib/gift-draft';
import { PATHS } from '../../lib/gift-navigation';
import { MAX_GIFT_CENTS, MIN_GIFT_CENTS, PRESET_AMOUNTS } from '../../../shared/constants';
import { MAX_GIFT_MESSAGE, dollarsToCents, formatUsd } from '../../../shared/money';
import { useHydrated } from '../../lib/use-hydrated';

const isPreset = (amount: number) => (PRESET_AMOUNTS as readonly number[]).includes(amount);
const savedAmount = () => readDraft()?.amount ?? 0;

/** Remount (change its key) to start over from the saved draft. */
export function AmountForm() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [restored, setRestored] = useState(hydrated);
  const [amount, setAmount] = useState(() => (hydrated ? savedAmount() : 0));
  const [custom, setCustom] = useState(() => amount > 0 && !isPreset(amount));
  const [error, setError] = useState<string | null>(null);
  const customInput = useRef<HTMLInputElement>(null);
  if (hydrated && !restored) {
    // Hydration just finished: apply the saved draft now (adjusting state while rendering, before any paint).
    const saved = savedAmount();
    setRestored(true);
    setAmount(saved);
    setCustom(saved > 0 && !isPreset(saved));
  }

  const choosePreset = (value: number) => {
    setCustom(false);
    setAmount(value);
    setError(null);
  };
  const chooseCustom = () => {
    setCustom(true);
    if (amount === 0 || isPreset(amount)) setAmount(0);
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = dollarsToCents(amount);
    if (cents <= 0) return;
    const problem =
      cents < MIN_GIFT_CENTS
        ? `The minimum gift is ${formatUsd(MIN_GIFT_CENTS)}.`
        : cents > MAX_GIFT_CENTS
          ? MAX_GIFT_MESSAGE
          : null;
    if (problem) {
      // Only a custom amount can be out of range: the focus goes to it, which reads the error.
      setError(problem);
      customInput.current?.focus();
      return;
    }
    updateDraft({ amount: cents / 100 });
    void navigate(PATHS.recipient);
  };

  const chip = (active: boolean) =>
    cn(
      'rounded-lg border-2 px-4 py-3 text-lg font-semibold transition-colors',
      active
        ? 'border-brand-700 bg-brand-700 text-white'
        : 'border-slate-300 bg-white text-slate-900 hover:border-brand-600',
    );

  return (
    <form
      id="amount-form"
      onSubmit={submit}
      noValidate
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      aria-labelledby="amount-heading"
    >
      <h2 id="amount-heading" className="text-xl font-bold text-slate-900">
        How much would you like to give?
      </h2>
      <div role="group" aria-label="Gift amount" className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {PRESET_AMOUNTS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={!custom && amount === value}
            className={chip(!custom && amount === value)}
            onClick={() => choosePreset(value)}
          >
            ${value}
          </button>
        ))}
        <button type="button" aria-pressed={custom} className={chip(custom)} onClick={chooseCustom}>
          Custom
        </button>
      </div>
      {custom ? (
        <Field
          id="customAmount"
          label="Custom amount ($)"
          hint={`Minimum ${formatUsd(MIN_GIFT_CENTS)}, maximum ${formatUsd(MAX_GIFT_CENTS)}.`}
          error={error}
          className="mt-4"
        >
          {(props) => (
            <Input
              {...props}
              ref={customInput}
              type="number"
              inputMode="decimal"
              min={MIN_GIFT_CENTS / 100}
              max={MAX_GIFT_CENTS / 100}
              step={0.01}
              placeholder="Enter an amount"
              defaultValue={amount > 0 ? amount : ''}
              onChange={(e) => {
                setAmount(parseDollarInput(e.target.value));
                setError(null);
              }}
            />
          )}
        </Field>
      ) : null}
      <Button type="submit" size="lg" className="mt-6 w-full" disabled={!(amount > 0)}>
        Continue
      </Button>
    </form>
  );
}
