// Admin wire constants without zod, so a page can name them without loading the schemas (the admin forms load
// theirs on first interaction, src/client/lib/lazy-zod-resolver.ts). admin.ts re-exports them.

export const LOGIN_MISSING_MESSAGE = 'Please enter both email and password';

/** Search answers a plain list; this header says whether another page follows. */
export const HAS_MORE_HEADER = 'x-has-more';
