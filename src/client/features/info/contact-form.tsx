// The contact form: every field required, checked with the same schema as the server; a toast on success or failure.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_CATEGORIES,
  EMAIL_MAX,
  NAME_MAX,
  SUPPORT_EMAIL_PUBLIC,
  type ContactCategory,
} from '../../../shared/constants';
import {
  CONTACT_CATEGORY_LABELS,
  CONTACT_MESSAGE_MAX,
  CONTACT_SUBJECT_MAX,
  contactSchema,
  type ContactInput,
  type ContactMessage,
} from '../../../shared/schemas/contact';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/use-toast';
import { useSendContact } from './use-send-contact';

/** The form's values: no category is chosen until the person picks one. */
type ContactFields = Omit<ContactInput, 'category'> & { category: ContactCategory | '' };
const EMPTY: ContactFields = { name: '', email: '', category: '', subject: '', message: '', website: '' };

export function ContactForm() {
  const send = useSendContact();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactFields, unknown, ContactMessage>({
    resolver: zodResolver<ContactFields, unknown, ContactMessage>(contactSchema),
    defaultValues: EMPTY,
  });

  const onValid = (message: ContactMessage) => {
    if (send.isPending) return;
    send.mutate(message, {
      onSuccess: () => {
        toast({ title: 'Message sent successfully!', description: "We'll get back to you soon." });
        reset(EMPTY);
      },
      onError: () => {
        toast({
          title: 'Error sending message',
          description: `Please try again or email us directly at ${SUPPORT_EMAIL_PUBLIC}.`,
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" required error={errors.name?.message}>
          {(control) => <Input {...control} {...register('name')} autoComplete="name" maxLength={NAME_MAX} />}
        </Field>
        <Field label="Email" required error={errors.email?.message}>
          {(control) => (
            <Input {...control} {...register('email')} type="email" autoComplete="email" maxLength={EMAIL_MAX} />
          )}
        </Field>
      </div>
      <Field label="Category" required error={errors.category?.message}>
        {(control) => (
          <Select {...control} {...register('category')}>
            <option value="">Select a category</option>
            {CONTACT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CONTACT_CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Subject" required error={errors.subject?.message}>
        {(control) => <Input {...control} {...register('subject')} maxLength={CONTACT_SUBJECT_MAX} />}
      </Field>
      <Field label="Message" required error={errors.message?.message}>
        {(control) => <Textarea {...control} {...register('message')} rows={6} maxLength={CONTACT_MESSAGE_MAX} />}
      </Field>
      {/* Honeypot: off-screen and out of the tab order, so only bots fill it; the server drops such messages. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <p className="text-sm text-slate-600">
        <span className="text-red-700" aria-hidden="true">
          *
        </span>{' '}
        All fields are required.
      </p>
      <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
