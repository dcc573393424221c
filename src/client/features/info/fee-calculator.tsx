// Pricing calculator: the same shared fee module the checkout uses, so the figures always agree.
// It needs its script; an amount typed while the page was painted but not yet hydrated is kept in the field by
// React, and the calculator takes it over once in the page, so the figures are those of what is shown.
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { MAX_GIFT_CENTS, MIN_GIFT_CENTS } from '../../../shared/constants';
import { MAX_GIFT_MESSAGE, formatUsd, giftTotals, parseMoney } from '../../../shared/money';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';

export function calculatorError(cents: number | null): string | null {
  if (cents === null) return 'Enter an amount in dollars, such as 75 or 75.50.';
  if (cents < MIN_GIFT_CENTS) return `The minimum gift is ${formatUsd(MIN_GIFT_CENTS)}.`;
  if (cents > MAX_GIFT_CENTS) return MAX_GIFT_MESSAGE;
  return null;
}

export function FeeCalculator() {
  const id = useId();
  const [value, setValue] = useState('75');
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => setValue(input.current!.value), []);
  const cents = parseMoney(value.replace(/[$,\s]/g, ''));
  const error = calculatorError(cents);
  const totals = error === null && cents !== null ? giftTotals(cents, 0) : null;

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <Field id={`${id}-amount`} label="Gift amount (USD)" describedBy={`${id}-result`}>
        {(control) => (
          <div className="relative max-w-xs">
            <span
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600"
              aria-hidden="true"
            >
              $
            </span>
            {/* The error is part of the live result below, which describes the field; no second copy under it. */}
            <Input
              {...control}
              ref={input}
              inputMode="decimal"
              autoComplete="off"
              className="pl-7"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={error ? true : undefined}
            />
          </div>
        )}
      </Field>
      <div id={`${id}-result`} aria-live="polite" className="mt-4">
        {totals ? (
          <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-slate-700 sm:max-w-sm">
            <dt>Processing fee</dt>
            <dd className="text-right font-medium text-slate-900" data-testid="calc-fee">
              {formatUsd(totals.fee)}
            </dd>
            <dt>You pay (before any tip)</dt>
            <dd className="text-right font-medium text-slate-900" data-testid="calc-total">
              {formatUsd(totals.total)}
            </dd>
            <dt>Recipient gets</dt>
            <dd className="text-right font-medium text-slate-900" data-testid="calc-recipient">
              {formatUsd(totals.recipientGets)}
            </dd>
          </dl>
        ) : (
          <p className="text-sm text-red-700">{error}</p>
        )}
      </div>
    </div>
  );
}
