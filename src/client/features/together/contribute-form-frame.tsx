// A contributor's form markup, one copy for both ways it is drawn: the app's form (ContributeForm) and the server's
// answer to the form posted without scripts (src/client/ssr/together-share-page.tsx). The form element posts to
// POST /together/<token>/contribute in both, so it works before and without any script; the server then computes
// the figures itself and answers with the hosted checkout. Nothing about the contributor is asked here: the checkout
// takes the payment details.
import type { ReactNode, Ref } from 'react';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Button } from '../../components/ui/button';
import { ErrorSummary } from '../../components/ui/error-summary';
import { formatUsd, giftTotals, parseMoney } from '../../../shared/money';
import {
  CONTRIBUTE_FORM_FIELDS,
  contributePath,
  type ContributeFieldErrors,
  type ContributeFormField,
  type ContributeFormValues,
} from '../../../shared/together-share-page';

/** What makes a control part of the form: its name, the value to start from, and (in the app) its change handler. */
export type ContributeControl = (name: ContributeFormField) => {
  name: string;
  defaultValue: string;
  onChange?: (event: React.ChangeEvent<HTMLInputElement>) => void;
};

export interface ContributeFormFrameProps {
  token: string;
  recipientFirstName: string;
  /** The amount and tip as they stand, for the line with what is paid. */
  values: ContributeFormValues;
  control: ContributeControl;
  errors: ContributeFieldErrors;
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
  formRef?: Ref<HTMLFormElement>;
  busy?: boolean;
  /** Above the fields: the list of problems, or why the checkout was not opened. */
  alert?: ReactNode;
  /** Below the fields: the app's own refusal message. */
  footer?: ReactNode;
}

/** Each control's id: stable, so an error summary can link to the field. */
export const contributeFieldId = (name: ContributeFormField) => `contribute-${name}`;

const LABELS: Record<ContributeFormField, string> = {
  amount: 'Your share in dollars',
  tip: 'Tip for Hushgift in dollars',
};

/** The problems of a form posted without scripts, each linking to its field (read first by a screen reader). */
export function ContributeErrorSummary({ errors }: { errors: ContributeFieldErrors }) {
  return (
    <ErrorSummary
      title="Your share was not started"
      fields={CONTRIBUTE_FORM_FIELDS}
      labels={LABELS}
      fieldId={contributeFieldId}
      errors={errors}
    />
  );
}

export function ContributeFormFrame(props: ContributeFormFrameProps) {
  const { token, recipientFirstName, values, control, errors } = props;
  const amountCents = parseMoney(values.amount);
  const tipCents = parseMoney(values.tip.trim() === '' ? '0' : values.tip);
  const totals = amountCents && tipCents !== null ? giftTotals(amountCents, tipCents) : null;
  const field = (name: ContributeFormField) => ({
    id: contributeFieldId(name),
    label: LABELS[name],
    error: errors[name],
  });
  return (
    <form
      ref={props.formRef}
      method="post"
      action={contributePath(token)}
      noValidate
      onSubmit={props.onSubmit}
      className="mt-8 space-y-4"
      aria-labelledby="contribute-heading"
    >
      <h2 id="contribute-heading" className="text-xl font-semibold text-slate-900">
        Add your share
      </h2>
      {props.alert}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...field('amount')} required>
          {(p) => <Input {...p} {...control('amount')} inputMode="decimal" autoComplete="off" placeholder="25.00" />}
        </Field>
        <Field {...field('tip')} hint="Optional; 0 is fine.">
          {(p) => <Input {...p} {...control('tip')} inputMode="decimal" autoComplete="off" />}
        </Field>
      </div>
      {totals ? (
        <p className="text-slate-700" aria-live="polite">
          {recipientFirstName} gets your {formatUsd(totals.amount)}. You pay {formatUsd(totals.total)} (processing fee{' '}
          {formatUsd(totals.fee)}, tip {formatUsd(totals.tip)}).
        </p>
      ) : null}
      {props.footer}
      <Button type="submit" size="lg" disabled={props.busy}>
        {props.busy ? 'Opening the checkout…' : 'Continue to payment'}
      </Button>
      <p className="text-sm text-slate-600">
        Your name and amount are never shown to {recipientFirstName}, the organiser or the others. Until the gift is
        sent you can withdraw your share from the page linked in your receipt.
      </p>
    </form>
  );
}
