// The contact form in the app: every field required, checked with the same schema as the server; sent as JSON with
// a toast on success or failure. Before hydration (or without scripts) the same form posts to /contact and the
// server answers a page (ContactFormFrame); what was typed before hydration is kept (react-hook-form reads a
// control that was edited before the form was ready from the control itself).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SUPPORT_EMAIL_PUBLIC, type ContactCategory } from '../../../shared/constants';
import {
  CONTACT_FORM_FIELDS,
  contactSchema,
  type ContactInput,
  type ContactMessage,
} from '../../../shared/schemas/contact';
import { toast } from '../../components/ui/use-toast';
import { ContactFormFrame } from './contact-form-frame';
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
    <ContactFormFrame
      control={(name) => register(name)}
      errors={Object.fromEntries(CONTACT_FORM_FIELDS.map((key) => [key, errors[key]?.message]))}
      onSubmit={handleSubmit(onValid)}
      busy={send.isPending}
    />
  );
}
