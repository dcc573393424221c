import { usePageMeta } from '../../lib/page-meta';
import { ContactForm } from '../../features/info/contact-form';
import { CONTACT_DESCRIPTION, CONTACT_TITLE, ContactPageContent } from '../../features/info/contact-page-content';

export default function ContactPage() {
  usePageMeta(CONTACT_TITLE, CONTACT_DESCRIPTION);
  return <ContactPageContent form={<ContactForm />} />;
}
