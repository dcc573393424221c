import { SESSION_HINT_COOKIE, type SessionHintKind } from '../../shared/session-hint';

/** Whether this browser may be signed in as `kind` (the server sets the hint with the session; see the shared file). */
export function maybeSignedIn(kind: SessionHintKind): boolean {
  return document.cookie.split('; ').includes(`${SESSION_HINT_COOKIE[kind]}=1`);
}

/** The session turned out to be gone (401): drop the hint so the next visit does not ask again. */
export function forgetSignedIn(kind: SessionHintKind): void {
  document.cookie = `${SESSION_HINT_COOKIE[kind]}=; path=/; max-age=0; samesite=lax`;
}
