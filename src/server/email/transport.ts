// Where delivered e-mail goes: a real SMTP server (nodemailer) or the dev mailbox table.
import nodemailer from 'nodemailer';
import { devEmails } from '../db/schema.js';
import type { Db } from '../db/client.js';
import type { Clock } from '../clock.js';

export interface OutgoingEmail {
  /** Stable per outbox row, so a receiving server can drop a duplicate after a crash-retry. */
  messageId: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
}

export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(email: OutgoingEmail): Promise<void>;
  close(): Promise<void>;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    kind: 'smtp',
    async send(email) {
      await transport.sendMail({
        from,
        to: email.to,
        replyTo: email.replyTo ?? undefined,
        subject: email.subject,
        text: email.text,
        html: email.html ?? undefined,
        messageId: email.messageId,
      });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * The dev mailbox refuses every address at this reserved domain permanently (as an SMTP server answers 550), so a
 * bounce can be tried without SMTP: send a gift to someone@bounce.invalid.
 */
export const DEV_BOUNCE_DOMAIN = 'bounce.invalid';

/** An SMTP answer in the 5xx range (nodemailer's responseCode): the server will never accept it for this address. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export class PermanentRefusal extends Error {
  readonly responseCode = 550;
}

export function devMailbox(db: Db, clock: Clock): Mailer {
  return {
    kind: 'dev-mailbox',
    async send(email) {
      if (email.to.toLowerCase().endsWith(`@${DEV_BOUNCE_DOMAIN}`)) {
        throw new PermanentRefusal(
          `550 5.1.1 <${email.to}>: mailbox unavailable (dev mailbox refuses @${DEV_BOUNCE_DOMAIN})`,
        );
      }
      await db.insert(devEmails).values({
        toAddress: email.to,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html ?? null,
        createdAt: clock.now(),
      });
    },
    async close() {},
  };
}
