// What every claim e-mail (the notification and each reminder) ends with: its own verification code and where to
// check it (issue 25 point 2), and the link that stops all gifts to the address (point 5). The page's address is written as text without a scheme, so neither our HTML nor a
// careful mail program makes it a link: a reader who doubts the e-mail types it rather than trusting the e-mail.
import { VERIFY_PAGE_PATH } from '../../../shared/schemas/recipient-rights.js';

export interface RecipientFooterInput {
  publicUrl: string;
  /** XXXX-XXXX, minted for this very e-mail. */
  verificationCode: string;
  /** "Stop all gifts to this address": a link minted for this very e-mail. */
  stopAllUrl: string;
}

/** "hushgift.app/verify": the /verify page's address as a person types it. */
export const verifyAddress = (publicUrl: string) => `${new URL(publicUrl).host}${VERIFY_PAGE_PATH}`;

export function recipientFooter(input: RecipientFooterInput): string {
  return `Is this e-mail really from Hushgift? Its verification code is ${input.verificationCode}. Type ${verifyAddress(input.publicUrl)} into your browser's address bar yourself (do not click a link to it) and enter the code: the page says whether a real gift has it.

Don't want gifts through Hushgift? Stop all gifts to this address: ${input.stopAllUrl}`;
}
