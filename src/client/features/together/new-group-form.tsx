// The organiser's form (/together/new): recipient, the organiser's own e-mail (where the links go), an optional
// message and security question, the deadline and an optional goal. Checked with the server's own schema; on success
// the two links are shown once (they are stored only hashed, and also e-mailed to the organiser). Its markup is
// NewGroupFormFrame, which also posts to the server before the scripts arrive (POST /together/new).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage } from '../../lib/api';
import {
  createGroupGiftSchema,
  type CreateGroupGiftInput,
  type CreateGroupGiftResponse,
} from '../../../shared/schemas/together';
import { EMPTY_GROUP_FORM, type GroupFormValues } from '../../../shared/together-new-page';
import { NewGroupFormFrame } from './new-group-form-frame';
import { useStartGroupGift } from './use-together';

export function NewGroupForm({ onStarted }: { onStarted: (links: CreateGroupGiftResponse) => void }) {
  const start = useStartGroupGift();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<GroupFormValues, unknown, CreateGroupGiftInput>({
    resolver: zodResolver(createGroupGiftSchema) as never,
    defaultValues: EMPTY_GROUP_FORM,
  });
  // The API takes what was typed (it parses it with the same schema); the resolver has checked it already.
  const onValid = () => {
    if (start.isPending) return;
    const typed = getValues();
    start.mutate({ ...typed, deadlineDays: Number(typed.deadlineDays) }, { onSuccess: onStarted });
  };
  return (
    <NewGroupFormFrame
      // The prerendered page shows the same default values, so what is drawn before the scripts matches.
      control={(name) => ({ ...register(name), defaultValue: EMPTY_GROUP_FORM[name] })}
      errors={Object.fromEntries(Object.entries(errors).map(([name, e]) => [name, e?.message]))}
      onSubmit={handleSubmit(onValid)}
      busy={start.isPending}
      footer={
        start.isError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
            {errorMessage(start.error, 'We could not start the group gift. Please try again.')}
          </p>
        ) : null
      }
    />
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
