// Beside each HttpOnly session cookie the server sets a readable "signed in" hint (no secret, just "1"), so a page
// can skip asking the API who is signed in when nobody is: the 401 that question gets otherwise is logged by the
// browser as a console error on every signed-out visit to /admin or /donor/* (Lighthouse best practices).
export const SESSION_HINT_COOKIE = { admin: 'hg_admin_in', donor: 'hg_donor_in' } as const;
export type SessionHintKind = keyof typeof SESSION_HINT_COOKIE;
