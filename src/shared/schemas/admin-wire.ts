// Admin wire constants without zod, so a page can name them without loading the schemas (the admin forms load
// theirs on first interaction, src/client/lib/lazy-zod-resolver.ts). admin.ts re-exports them.

import type { ErrorCode } from './error.js';
export const LOGIN_MISSING_MESSAGE = 'Please enter both email and password';

/** Search answers a plain list; this header says whether another page follows. */
export const HAS_MORE_HEADER = 'x-has-more';

/** The `code` of the 403 a money action answers when the last password or code check is too old (decision 020). */
export const STEP_UP_REQUIRED_CODE = 'STEP_UP_REQUIRED' satisfies ErrorCode;
/** A money action needs a login or second-factor check within this many minutes. */
export const STEP_UP_WINDOW_MINUTES = 15;
/** What a login answers: signed in, or the second factor still to give (or to enrol first). */
export type AdminLoginNext = 'signed-in' | 'second-factor' | 'enrol';
