// The contact form's markup, one copy for both ways it is drawn: the app's form (react-hook-form's register gives
// each control its props) and the server's answer to the form posted without scripts (a name and what was typed).
// The form element around it posts to /contact in both, so the form works before and without any script.
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CONTACT_CATEGORIES, EMAIL_MAX, NAME_MAX } from '../../../shared/constants';
import { CONTACT_PAGE_PATH } from '../../../shared/contact-page';
import {
  CONTACT_CATEGORY_LABELS,
  CONTACT_MESSAGE_MAX,
  CONTACT_SUBJECT_MAX,
  type ContactFieldErrors,
  type ContactFormField,
} from '../../../shared/schemas/contact';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { Select } from '../../components/ui/select';

export type ContactControlName = ContactFormField | 'website';

/** What makes a control part of the form: react-hook-form's register, or a name and the value to show. */
export type ContactControl = (
  name: ContactControlName,
) => Partial<UseFormRegisterReturn<ContactControlName>> & { name: string; defaultValue?: string };

export interface ContactFormFrameProps {
  control: ContactControl;
  errors: ContactFieldErrors;
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
  busy?: boolean;
  /** Above the fields: why the message was not sent (the server's answer to a form posted without scripts). */
  alert?: ReactNode;
}

/** The form: every field required; the honeypot hidden from people. Without a script it posts form-encoded. */
export function ContactFormFrame({ control, errors, onSubmit, busy, alert }: ContactFormFrameProps) {
  return (
    <form
      method="post"
      action={CONTACT_PAGE_PATH}
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-label="Contact form"
    >
      {alert}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" required error={errors.name}>
          {(props) => <Input {...props} {...control('name')} autoComplete="name" maxLength={NAME_MAX} />}
        </Field>
        <Field label="Email" required error={errors.email}>
          {(props) => (
            <Input {...props} {...control('email')} type="email" autoComplete="email" maxLength={EMAIL_MAX} />
          )}
        </Field>
      </div>
      <Field label="Category" required error={errors.category}>
        {(props) => (
          <Select {...props} {...control('category')}>
            <option value="">Select a category</option>
            {CONTACT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CONTACT_CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Subject" required error={errors.subject}>
        {(props) => <Input {...props} {...control('subject')} maxLength={CONTACT_SUBJECT_MAX} />}
      </Field>
      <Field label="Message" required error={errors.message}>
        {(props) => <Textarea {...props} {...control('message')} rows={6} maxLength={CONTACT_MESSAGE_MAX} />}
      </Field>
      {/* Honeypot: off-screen and out of the tab order, so only bots fill it; the server drops such messages. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...control('website')} />
      </div>
      <p className="text-sm text-slate-600">
        <span className="text-red-700" aria-hidden="true">
          *
        </span>{' '}
        All fields are required.
      </p>
      <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
        {busy ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
