// A contributor's share: an amount (the one-gift minimum and maximum), the same fee and optional tip as one gift,
// then the hosted checkout. Nothing about the contributor is asked here: the checkout takes the payment details.
import { useState } from 'react';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { DEFAULT_TIP, MIN_GIFT_CENTS } from '../../../shared/constants';
import { formatUsd, giftTotals, parseMoney, wireFigures } from '../../../shared/money';
import { useContribute } from './use-together';

export function ContributeForm({ token, recipientFirstName }: { token: string; recipientFirstName: string }) {
  const contribute = useContribute(token);
  const [amount, setAmount] = useState('');
  const [tip, setTip] = useState(String(DEFAULT_TIP));
  const [problem, setProblem] = useState<string | null>(null);
  const amountCents = parseMoney(amount);
  const tipCents = parseMoney(tip || '0');
  const totals = amountCents && tipCents !== null ? giftTotals(amountCents, tipCents) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (contribute.isPending) return;
    if (!amountCents || amountCents < MIN_GIFT_CENTS) {
      setProblem(`Please enter at least ${formatUsd(MIN_GIFT_CENTS)}.`);
      return;
    }
    if (tipCents === null) {
      setProblem('The tip must be an amount such as 1.00, or 0.');
      return;
    }
    setProblem(null);
    contribute.mutate(
      { ...wireFigures(amountCents, tipCents), senderCoversFees: false },
      { onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl) },
    );
  };
  const error = problem ?? (contribute.isError ? errorMessage(contribute.error, 'Please try again.') : null);

  return (
    <form noValidate onSubmit={submit} className="mt-8 space-y-4" aria-labelledby="contribute-heading">
      <h2 id="contribute-heading" className="text-xl font-semibold text-slate-900">
        Add your share
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Your share in dollars" required error={problem}>
          {(p) => (
            <Input
              {...p}
              name="amount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              placeholder="25.00"
            />
          )}
        </Field>
        <Field label="Tip for Hushgift in dollars" hint="Optional; 0 is fine.">
          {(p) => <Input {...p} name="tip" inputMode="decimal" value={tip} onChange={(e) => setTip(e.target.value)} />}
        </Field>
      </div>
      {totals ? (
        <p className="text-slate-700" aria-live="polite">
          {recipientFirstName} gets your {formatUsd(totals.amount)}. You pay {formatUsd(totals.total)} (processing fee{' '}
          {formatUsd(totals.fee)}, tip {formatUsd(totals.tip)}).
        </p>
      ) : null}
      {error && !problem ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={contribute.isPending}>
        {contribute.isPending ? 'Opening the checkout…' : 'Continue to payment'}
      </Button>
      <p className="text-sm text-slate-600">
        Your name and amount are never shown to {recipientFirstName}, the organiser or the others. Until the gift is
        sent you can withdraw your share from the page linked in your receipt.
      </p>
    </form>
  );
}
