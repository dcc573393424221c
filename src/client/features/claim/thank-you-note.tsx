// "Send a thank-you note" on the claim success page: one note, up to 500 characters, to the anonymous sender. The
// recipient is told it reaches the sender without anything about them, and the answer tells nothing back.
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { apiRequest, errorMessage } from '../../lib/api';
import { THANK_YOU_MAX } from '../../../shared/constants';
import type { ThankYouNoteInput } from '../../../shared/schemas/manage';
import { lazyZodSchema } from '../../lib/lazy-zod-resolver';

/** The note's shared schema loads with the first interaction (lib/lazy-zod-resolver.ts). */
const thankYou = lazyZodSchema(() => import('../../../shared/schemas/manage').then((m) => m.thankYouSchema));

export function ThankYouNote({ token }: { token: string }) {
  const send = useMutation({
    mutationFn: (values: ThankYouNoteInput) =>
      apiRequest<{ message: string }>('POST', `/api/gifts/claim/${encodeURIComponent(token)}/thank-you`, values),
  });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ThankYouNoteInput>({ resolver: thankYou.resolver, defaultValues: { note: '' } });
  if (send.isSuccess) {
    return (
      <p role="status" className="mt-8 rounded-lg bg-green-50 p-4 text-left text-green-900">
        {send.data.message}
      </p>
    );
  }
  const left = THANK_YOU_MAX - watch('note').length;
  const sendError = send.isError ? errorMessage(send.error, 'Your note could not be sent. Please try again.') : null;
  return (
    <form
      onSubmit={handleSubmit((values) => send.mutate(values))}
      noValidate
      className="mt-8 text-left"
      aria-labelledby="thanks-title"
    >
      <h2 id="thanks-title" className="font-semibold">
        Send a thank-you note
      </h2>
      <p id="thanks-hint" className="mt-1 text-sm text-slate-700">
        We pass it on to the person who sent the gift. They stay anonymous: you will not learn who they are, and they
        only see what you write here. You can send one note.
      </p>
      <Field
        id="thank-you"
        label="Your note"
        required
        className="mt-3"
        describedBy="thanks-hint thanks-count"
        error={errors.note?.message ?? sendError}
      >
        {(control) => <Textarea {...control} {...register('note')} rows={4} maxLength={THANK_YOU_MAX} />}
      </Field>
      <p id="thanks-count" className="mt-1 text-sm text-slate-600">
        {left} characters left
      </p>
      <Button type="submit" className="mt-3" disabled={send.isPending}>
        Send note
      </Button>
    </form>
  );
}
