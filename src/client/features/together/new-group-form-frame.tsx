// The organiser's form markup, one copy for both ways it is drawn: the app's form (react-hook-form's register gives
// each control its props) and the server's answer to the form posted without scripts (a name and what was typed).
// The form element posts to /together/new in both, so the form works before and without any script.
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Button } from '../../components/ui/button';
import { ErrorSummary } from '../../components/ui/error-summary';
import { TOGETHER_DEADLINE_MAX_DAYS, TOGETHER_DEADLINE_MIN_DAYS } from '../../../shared/constants';
import {
  GROUP_FORM_FIELDS,
  TOGETHER_NEW_PATH,
  type GroupFieldErrors,
  type GroupFormField,
} from '../../../shared/together-new-page';

/** What makes a control part of the form: react-hook-form's register, or a name and the value to show. */
export type GroupControl = (
  name: GroupFormField,
) => Partial<UseFormRegisterReturn<GroupFormField>> & { name: string; defaultValue?: string };

export interface NewGroupFormFrameProps {
  control: GroupControl;
  errors: GroupFieldErrors;
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
  busy?: boolean;
  /** Above the fields: the list of problems, or why the group was not started. */
  alert?: ReactNode;
  /** Below the fields: the app's own refusal message. */
  footer?: ReactNode;
}

const DAYS = Array.from(
  { length: TOGETHER_DEADLINE_MAX_DAYS - TOGETHER_DEADLINE_MIN_DAYS + 1 },
  (_, i) => i + TOGETHER_DEADLINE_MIN_DAYS,
);

/** Each control's id: stable, so an error summary can link to the field. */
export const groupFieldId = (name: GroupFormField) => `together-${name}`;

const LABELS: Record<GroupFormField, string> = {
  recipientFirstName: 'Recipient first name',
  recipientLastName: 'Recipient last name',
  recipientEmail: 'Recipient email',
  organiserEmail: 'Your email',
  personalNote: 'Message (optional)',
  securityQuestion: 'Question',
  securityAnswer: 'Answer',
  deadlineDays: 'Deadline',
  goal: 'Goal in dollars (optional)',
};

/** The problems of a form posted without scripts, each linking to its field (read first by a screen reader). */
export function GroupErrorSummary({ errors }: { errors: GroupFieldErrors }) {
  return (
    <ErrorSummary
      title="The group gift was not started"
      fields={GROUP_FORM_FIELDS}
      labels={LABELS}
      fieldId={groupFieldId}
      errors={errors}
    />
  );
}

export function NewGroupFormFrame({ control, errors, onSubmit, busy, alert, footer }: NewGroupFormFrameProps) {
  const field = (name: GroupFormField) => ({ id: groupFieldId(name), label: LABELS[name], error: errors[name] });
  return (
    <form
      method="post"
      action={TOGETHER_NEW_PATH}
      noValidate
      onSubmit={onSubmit}
      className="mt-6 space-y-5"
      aria-describedby="start-note"
    >
      {alert}
      <p id="start-note" className="text-slate-700">
        Nothing is paid to start. Each friend pays their own share through the link you pass on.
      </p>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Who is it for?</legend>
        <Field {...field('recipientFirstName')} required>
          {(p) => <Input {...p} {...control('recipientFirstName')} autoComplete="off" />}
        </Field>
        <Field {...field('recipientLastName')} required>
          {(p) => <Input {...p} {...control('recipientLastName')} autoComplete="off" />}
        </Field>
        <Field
          {...field('recipientEmail')}
          required
          className="sm:col-span-2"
          hint="They get one e-mail when the gift is sent."
        >
          {(p) => <Input {...p} type="email" {...control('recipientEmail')} autoComplete="off" />}
        </Field>
      </fieldset>
      <Field
        {...field('organiserEmail')}
        required
        hint="Where we send your organiser link and the link to share. Never shown to anyone."
      >
        {(p) => <Input {...p} type="email" {...control('organiserEmail')} autoComplete="email" />}
      </Field>
      <Field {...field('personalNote')} hint="Shown on the share page and to the recipient.">
        {(p) => <Textarea {...p} rows={3} {...control('personalNote')} />}
      </Field>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Security question (optional)</legend>
        <Field {...field('securityQuestion')}>
          {(p) => <Input {...p} {...control('securityQuestion')} autoComplete="off" />}
        </Field>
        <Field {...field('securityAnswer')}>
          {(p) => <Input {...p} {...control('securityAnswer')} autoComplete="off" />}
        </Field>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...field('deadlineDays')} required hint="It goes by itself then, if anyone has contributed.">
          {(p) => (
            <Select {...p} {...control('deadlineDays')}>
              {DAYS.map((d) => (
                <option key={d} value={d}>
                  In {d} day{d === 1 ? '' : 's'}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field {...field('goal')} hint="Friends see progress in 10% steps.">
          {(p) => <Input {...p} inputMode="decimal" {...control('goal')} placeholder="300.00" />}
        </Field>
      </div>
      {footer}
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Starting…' : 'Start the group gift'}
      </Button>
    </form>
  );
}
