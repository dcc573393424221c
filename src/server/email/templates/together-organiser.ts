// The organiser's e-mails (decision 026): the two links when a group gift starts, and a reminder before its
// deadline. Never a contributor's name or share: the organiser sees only the total and the count.
import { formatUsd } from '../../../shared/money.js';
import { formatDate, inert, textToHtml } from '../render.js';

export interface OrganiserLinksInput {
  recipientFirstName: string;
  organiserUrl: string;
  shareUrl: string;
  deadlineAt: Date;
}

export function organiserLinksEmail(input: OrganiserLinksInput) {
  const name = inert(input.recipientFirstName);
  const text = `Hi,

Your group gift for ${name} is open until ${formatDate(input.deadlineAt)}. Nothing has been paid yet.

Pass this link on to everyone who wants to give (each pays their own share, and nobody sees who gave or how much):

${input.shareUrl}

Your private organiser page — see the total and the number of contributions, and send the gift when you are ready:

${input.organiserUrl}

Keep the organiser link to yourself: anyone with it can send the gift. If you do not send it, it goes to ${name} by itself at the deadline, provided someone has contributed.

— Hushgift`;
  return { subject: `Your group gift for ${name} is open`, text, html: textToHtml(text) };
}

export interface OrganiserReminderInput {
  recipientFirstName: string;
  deadlineAt: Date;
  contributions: number;
  totalCents: number;
}

export function organiserReminderEmail(input: OrganiserReminderInput) {
  const name = inert(input.recipientFirstName);
  const held =
    input.contributions === 0
      ? 'Nobody has contributed yet: with no contribution at the deadline, the group gift simply closes.'
      : `It holds ${input.contributions} contribution${input.contributions === 1 ? '' : 's'}, ${formatUsd(input.totalCents)} in all; it goes to ${name} by itself at the deadline.`;
  const text = `Hi,

A reminder: your group gift for ${name} closes on ${formatDate(input.deadlineAt)}. ${held}

To send it now, open the organiser link from the e-mail you got when you started it (we keep no copy of that link, so we cannot send it again).

— Hushgift`;
  return { subject: `Your group gift for ${name} closes soon`, text, html: textToHtml(text) };
}
