// The contact form: every field required, checked with the same schema as the server; toasts per spec §8.
import { useId, useRef, useState, type FormEvent } from 'react';
import { CONTACT_CATEGORIES, SUPPORT_EMAIL_PUBLIC } from '../../../shared/constants';
import {
  CONTACT_CATEGORY_LABELS,
  CONTACT_MESSAGE_MAX,
  CONTACT_SUBJECT_MAX,
  contactSchema,
  type ContactInput,
} from '../../../shared/schemas/contact';
import { NAME_MAX, EMAIL_MAX } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { Input, Label, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { cn } from '../../lib/cn';
import { useSendContact } from './use-send-contact';

type Field = 'name' | 'email' | 'category' | 'subject' | 'message';
const FIELDS: Field[] = ['name', 'email', 'category', 'subject', 'message'];
const EMPTY: Record<Field, string> = { name: '', email: '', category: '', subject: '', message: '' };

const selectClass =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

export function ContactForm() {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useSendContact();

  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    const input: ContactInput = { ...values, category: values.category as ContactInput['category'], website: honeypot };
    const parsed = contactSchema.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (FIELDS.includes(field) && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    send.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Message sent successfully!', description: "We'll get back to you soon." });
        setValues(EMPTY);
        setErrors({});
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

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange: set(field),
    required: true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
    className: cn(errors[field] && 'border-red-700'),
  });
  const error = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-name`} required>
            Name
          </Label>
          <Input {...fieldProps('name')} autoComplete="name" maxLength={NAME_MAX} />
          {error('name')}
        </div>
        <div>
          <Label htmlFor={`${id}-email`} required>
            Email
          </Label>
          <Input {...fieldProps('email')} type="email" autoComplete="email" maxLength={EMAIL_MAX} />
          {error('email')}
        </div>
      </div>
      <div>
        <Label htmlFor={`${id}-category`} required>
          Category
        </Label>
        <select {...fieldProps('category')} className={cn(selectClass, errors.category && 'border-red-700')}>
          <option value="">Select a category</option>
          {CONTACT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CONTACT_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
        {error('category')}
      </div>
      <div>
        <Label htmlFor={`${id}-subject`} required>
          Subject
        </Label>
        <Input {...fieldProps('subject')} maxLength={CONTACT_SUBJECT_MAX} />
        {error('subject')}
      </div>
      <div>
        <Label htmlFor={`${id}-message`} required>
          Message
        </Label>
        <Textarea {...fieldProps('message')} rows={6} maxLength={CONTACT_MESSAGE_MAX} />
        {error('message')}
      </div>
      {/* Honeypot: off-screen and out of the tab order, so only bots fill it; the server drops such messages. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Leave this field empty</label>
        <input
          id={`${id}-website`}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(e) => setHoneypot(e.target.value)}
        />
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
