// Platform tip: presets $0/$1/$3/$5 or a custom amount (min 0, step 0.01; non-numeric counts as 0). Saved to the
// gift draft as it changes, like the rest of the review page; not a react-hook-form field (decision 010).
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { MAX_TIP_CENTS, TIP_PRESETS } from '../../../shared/constants';
import { parseDollarInput, type GiftDraft } from '../../lib/gift-draft';

type TipFields = Pick<GiftDraft, 'tip' | 'useCustomTip' | 'customTip'>;

export function TipSelector({ value, onChange }: { value: TipFields; onChange: (change: Partial<TipFields>) => void }) {
  const chip = (active: boolean) =>
    cn(
      'min-w-16 rounded-md border px-4 py-2 font-medium',
      active
        ? 'border-brand-700 bg-brand-700 text-white'
        : 'border-slate-300 bg-white text-slate-900 hover:border-brand-600',
    );
  return (
    <div>
      <div role="group" aria-label="Platform tip" className="flex flex-wrap gap-2">
        {TIP_PRESETS.map((tip) => (
          <button
            key={tip}
            type="button"
            aria-pressed={!value.useCustomTip && value.tip === tip}
            className={chip(!value.useCustomTip && value.tip === tip)}
            onClick={() => onChange({ tip, useCustomTip: false })}
          >
            ${tip}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={value.useCustomTip}
          className={chip(value.useCustomTip)}
          onClick={() => onChange({ useCustomTip: true })}
        >
          Custom
        </button>
      </div>
      {value.useCustomTip ? (
        <Field id="customTip" label="Custom tip ($)" className="mt-3 max-w-48">
          {(props) => (
            <Input
              {...props}
              type="number"
              inputMode="decimal"
              min={0}
              max={MAX_TIP_CENTS / 100}
              step={0.01}
              defaultValue={value.customTip || ''}
              onChange={(e) => onChange({ customTip: parseDollarInput(e.target.value) })}
            />
          )}
        </Field>
      ) : null}
    </div>
  );
}
