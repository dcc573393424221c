// The contact page as the server renders it to answer the contact form posted without scripts (POST /contact,
// decision 007 amended): the renderer is built from the client's components (src/client/ssr/contact-page.tsx); the
// server fills the view from the shared schema and the same service as POST /api/contact.
import type { ContactFieldErrors, ContactFormValues } from './schemas/contact.js';
import type { RenderedServerPage } from './server-rendered-page.js';

/** Where the contact page's form posts when the page's scripts have not run (its own address). */
export const CONTACT_PAGE_PATH = '/contact';

/** What the API answers for a sent message, and the no-script page shows. */
export const CONTACT_SENT_MESSAGE = "Thank you for your message. We'll get back to you soon.";

export type ContactPageView =
  /** The form again, with what was typed and why it was not sent: each field's problem, or the service's refusal. */
  | { kind: 'form'; values: ContactFormValues; errors: ContactFieldErrors; alert?: string }
  /** Sent (or dropped as a bot's, which looks the same). */
  | { kind: 'sent' };

export type RenderContactPage = (view: ContactPageView) => RenderedServerPage;
