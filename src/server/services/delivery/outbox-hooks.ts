// What the outbox worker does after a failure, as wired for the running server and the tests alike: a bounce
// marks the gift undeliverable and tells the sender; giving up after the last attempt flags the gift.
import type { Db } from '../../db/client.js';
import type { Clock } from '../../clock.js';
import type { BouncedMessage } from '../../email/outbox.js';
import { recordBounce } from './bounce.js';
import { flagLostEmail } from './lost-email.js';

export function outboxHooks(deps: { db: Db; clock: Clock; publicUrl: string }) {
  return {
    onBounce: (message: BouncedMessage) => recordBounce(deps, message),
    onGiveUp: (message: BouncedMessage, error: string) => flagLostEmail(deps.db, deps.clock, message, error),
  };
}
