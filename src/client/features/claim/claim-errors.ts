// The claim page turns the server's claim messages into the words a recipient reads.
import { ApiError, errorMessage } from '../../lib/api';
import { CLAIM_MESSAGES } from '../../../shared/schemas/claim-contract';

const CLAIM_ERROR_TEXT: Record<string, string> = {
  [CLAIM_MESSAGES.incorrectAnswer]: 'The answer to your security question is incorrect',
  [CLAIM_MESSAGES.answerRequired]: 'Please provide an answer to the security question',
  [CLAIM_MESSAGES.notPaid]: 'Gift payment has not been completed yet',
};

export function claimErrorText(error: unknown): string {
  const message = error instanceof ApiError ? error.serverMessage : '';
  return CLAIM_ERROR_TEXT[message] ?? errorMessage(error, 'Failed to claim gift');
}

/** The same wording for a message the server-rendered claim page got from the claim service. */
export function recipientClaimErrorText(serverMessage: string): string {
  return CLAIM_ERROR_TEXT[serverMessage] ?? serverMessage;
}
