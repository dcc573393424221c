// The links e-mailed to a recipient's address (address-links.ts), opened and confirmed: GET describes what the link
// would do (the page asks for the one click), POST does it. Each purpose's rule lives in its own file.
import type { ServiceDeps } from '../../deps.js';
import type { RecipientLinkView } from '../../../shared/schemas/recipient-rights.js';
import { requireRecipientLink } from './address-links.js';
import { isStopped, resumeAllGifts, stopAllGifts } from './stop-all.js';
import { resumeSender, senderStopOfLink } from './stop-sender.js';

const PURPOSES = ['stop-all', 'resume-all', 'resume-sender'] as const;

export async function describeRecipientLink(deps: Pick<ServiceDeps, 'db'>, token: string): Promise<RecipientLinkView> {
  const link = await requireRecipientLink(deps.db, token, PURPOSES);
  if (link.purpose === 'resume-sender')
    return { purpose: link.purpose, done: !(await senderStopOfLink(deps.db, link.tokenHash)) };
  const stopped = await isStopped(deps.db, link.addressDigest);
  return { purpose: link.purpose, done: link.purpose === 'stop-all' ? stopped : !stopped };
}

export async function followRecipientLink(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  token: string,
): Promise<string> {
  const link = await requireRecipientLink(deps.db, token, PURPOSES);
  if (link.purpose === 'resume-sender') return resumeSender(deps, token);
  return link.purpose === 'stop-all' ? stopAllGifts(deps, token) : resumeAllGifts(deps, token);
}
