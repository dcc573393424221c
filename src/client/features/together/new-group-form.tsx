// The organiser's form (/together/new): recipient, the organiser's own e-mail (where the links go), an optional
// message and security question, the deadline and an optional goal. Checked with the server's own schema; on success
// the two links are shown once (they are stored only hashed, and also e-mailed to the organiser).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { TOGETHER_DEADLINE_MAX_DAYS, TOGETHER_DEADLINE_MIN_DAYS } from '../../../shared/constants';
import {
  createGroupGiftSchema,
  type CreateGroupGiftInput,
  type CreateGroupGiftPayload,
  type CreateGroupGiftResponse,
} from '../../../shared/schemas/together';
import { useStartGroupGift } from './use-together';

type Fields = Omit<CreateGroupGiftPayload, 'deadlineDays'> & { deadlineDays: string };

const EMPTY: Fields = {
  recipientFirstName: '',
  recipientLastName: '',
  recipientEmail: '',
  organiserEmail: '',
  personalNote: '',
  securityQuestion: '',
  securityAnswer: '',
  deadlineDays: '7',
  goal: '',
};

const DAYS = Array.from(
  { length: TOGETHER_DEADLINE_MAX_DAYS - TOGETHER_DEADLINE_MIN_DAYS + 1 },
  (_, i) => i + TOGETHER_DEADLINE_MIN_DAYS,
);

export function NewGroupForm({ onStarted }: { onStarted: (links: CreateGroupGiftResponse) => void }) {
  const start = useStartGroupGift();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<Fields, unknown, CreateGroupGiftInput>({
    resolver: zodResolver(createGroupGiftSchema) as never,
    defaultValues: EMPTY,
  });
  // The API takes what was typed (it parses it with the same schema); the resolver has checked it already.
  const onValid = () => {
    if (start.isPending) return;
    const typed = getValues();
    start.mutate({ ...typed, deadlineDays: Number(typed.deadlineDays) }, { onSuccess: onStarted });
  };
  const text = (name: keyof Fields) => register(name);
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="mt-6 space-y-5" aria-describedby="start-note">
      <p id="start-note" className="text-slate-700">
        Nothing is paid to start. Each friend pays their own share through the link you pass on.
      </p>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Who is it for?</legend>
        <Field label="Recipient first name" required error={errors.recipientFirstName?.message}>
          {(p) => <Input {...p} {...text('recipientFirstName')} autoComplete="off" />}
        </Field>
        <Field label="Recipient last name" required error={errors.recipientLastName?.message}>
          {(p) => <Input {...p} {...text('recipientLastName')} autoComplete="off" />}
        </Field>
        <Field
          label="Recipient email"
          required
          error={errors.recipientEmail?.message}
          className="sm:col-span-2"
          hint="They get one e-mail when the gift is sent."
        >
          {(p) => <Input {...p} type="email" {...text('recipientEmail')} autoComplete="off" />}
        </Field>
      </fieldset>
      <Field
        label="Your email"
        required
        error={errors.organiserEmail?.message}
        hint="Where we send your organiser link and the link to share. Never shown to anyone."
      >
        {(p) => <Input {...p} type="email" {...text('organiserEmail')} autoComplete="email" />}
      </Field>
      <Field
        label="Message (optional)"
        error={errors.personalNote?.message}
        hint="Shown on the share page and to the recipient."
      >
        {(p) => <Textarea {...p} rows={3} {...text('personalNote')} />}
      </Field>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Security question (optional)</legend>
        <Field label="Question" error={errors.securityQuestion?.message}>
          {(p) => <Input {...p} {...text('securityQuestion')} autoComplete="off" />}
        </Field>
        <Field label="Answer" error={errors.securityAnswer?.message}>
          {(p) => <Input {...p} {...text('securityAnswer')} autoComplete="off" />}
        </Field>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Deadline"
          required
          error={errors.deadlineDays?.message}
          hint="It goes by itself then, if anyone has contributed."
        >
          {(p) => (
            <select
              {...p}
              {...text('deadlineDays')}
              className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2"
            >
              {DAYS.map((d) => (
                <option key={d} value={d}>
                  In {d} day{d === 1 ? '' : 's'}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Goal in dollars (optional)"
          error={errors.goal?.message}
          hint="Friends see progress in 10% steps."
        >
          {(p) => <Input {...p} inputMode="decimal" {...text('goal')} placeholder="300.00" />}
        </Field>
      </div>
      {start.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
          {errorMessage(start.error, 'We could not start the group gift. Please try again.')}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={start.isPending}>
        {start.isPending ? 'Starting…' : 'Start the group gift'}
      </Button>
    </form>
  );
}

/** The two links, shown once after the start. */
export function GroupLinks({ links }: { links: CreateGroupGiftResponse }) {
  return (
    <div className="mt-6 space-y-6" role="status">
      <p className="text-slate-700">
        Your group gift is open. We have also e-mailed both links to you. Keep the organiser link to yourself.
      </p>
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Link to share with friends</h2>
        <p className="mt-1 break-all rounded-md bg-slate-100 p-3 font-mono text-sm" data-testid="share-link">
          {links.shareUrl}
        </p>
      </div>
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Your private organiser link</h2>
        <p className="mt-1 break-all rounded-md bg-slate-100 p-3 font-mono text-sm">
          <a href={links.organiserUrl} className="text-brand-800 underline" data-testid="organiser-link">
            {links.organiserUrl}
          </a>
        </p>
        <p className="mt-1 text-sm text-slate-600">
          See the total and the count, and send the gift when you are ready.
        </p>
      </div>
    </div>
  );
}
