// Claim payloads and answers (spec §3, §7), shared by the claim page and the claim routes.
import { z } from 'zod';
import { SECURITY_ANSWER_MAX } from '../constants.js';

export * from './claim-contract.js';

/** POST /api/gifts/claim/:token. The answer is sent only when the gift has a question; emptiness is checked by the server against the gift. */
export const claimRequestSchema = z
  .object({
    securityAnswer: z
      .string({ error: 'securityAnswer must be text' })
      .max(SECURITY_ANSWER_MAX, `Security answer must be at most ${SECURITY_ANSWER_MAX} characters`)
      .nullish(),
  })
  .strict();
export type ClaimRequest = z.infer<typeof claimRequestSchema>;
