// The two links of a group gift (decision 026). The organiser's token is random; the share token is derived from
// it, so the organiser page can show the share link again while only hashes are stored, and nobody holding the share
// link can work back to the organiser's.
import { createHash } from 'node:crypto';
import { newSecretToken, sha256 } from '../../crypto.js';

export function shareTokenOf(organiserToken: string): string {
  return createHash('sha256').update(`together-share:${organiserToken}`).digest('base64url');
}

/** A fresh organiser token, its share token, and the two hashes stored. */
export function newGroupTokens() {
  const organiser = newSecretToken();
  const shareToken = shareTokenOf(organiser.token);
  return {
    organiserToken: organiser.token,
    organiserTokenHash: organiser.hash,
    shareToken,
    shareTokenHash: sha256(shareToken),
  };
}

export const shareUrl = (publicUrl: string, token: string) => `${publicUrl}/together/${token}`;
export const organiserUrl = (publicUrl: string, token: string) => `${publicUrl}/together/organise/${token}`;
