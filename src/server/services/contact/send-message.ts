// Stores a contact message and queues its e-mail to support in one transaction, at most
// CONTACT_RATE_LIMIT accepted messages per client address per hour. A filled honeypot is dropped silently.
import { contactMessages } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { humanWait, tooManyRequests } from '../../errors.js';
import { queueEmail } from '../../email/outbox.js';
import { contactEmail } from '../../email/templates/contact.js';
import { admitAttempt, clientAddressKey } from '../rate-limit.js';
import { CONTACT_RATE_LIMIT, CONTACT_RATE_WINDOW_MS, type ContactMessage } from '../../../shared/schemas/contact.js';

export type SendOutcome = 'sent' | 'dropped';

export async function sendContactMessage(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  input: ContactMessage,
  clientAddress: string,
): Promise<SendOutcome> {
  const bucket = `contact:${clientAddressKey(clientAddress)}`;
  return deps.db.transaction(async (tx) => {
    // Counted in the same locked step as the check, so a parallel burst cannot slip past the limit; bots count too.
    const admission = await admitAttempt(tx, deps.clock, [
      { bucket, limit: CONTACT_RATE_LIMIT, windowMs: CONTACT_RATE_WINDOW_MS },
    ]);
    if (!admission.admitted) {
      throw tooManyRequests(
        `You have sent ${CONTACT_RATE_LIMIT} messages in the last hour. Please try again ${humanWait(admission.retryAfterSeconds)}, or email us directly at ${deps.config.supportEmail}.`,
        admission.retryAfterSeconds,
      );
    }
    if (input.website?.trim()) return 'dropped';

    const receivedAt = deps.clock.now();
    const { website: _honeypot, ...message } = input;
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...message, createdAt: receivedAt })
      .returning({ id: contactMessages.id });
    await queueEmail(tx, deps.clock, {
      kind: 'contact',
      to: deps.config.supportEmail,
      replyTo: message.email,
      dedupeKey: `contact:${row!.id}`,
      ...contactEmail({ id: row!.id, message, receivedAt }),
    });
    return 'sent';
  });
}
