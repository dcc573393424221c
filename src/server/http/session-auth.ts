// Cookie plumbing for sessions, and the guard that answers 401 without a valid one.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { adminAuthRequired, unauthorized } from '../errors.js';
import { SESSION_HINT_COOKIE } from '../../shared/session-hint.js';
import {
  PENDING_SESSION_ABSOLUTE_MS,
  PENDING_SESSION_COOKIE,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  readSession,
  type Session,
  type AccountSessionKind,
} from '../services/sessions.js';
import { requestCookie } from './request-cookies.js';
import { setCookie, clearCookie } from './response-cookies.js';

export function setSessionCookie(reply: FastifyReply, deps: AppDeps, kind: AccountSessionKind, rawId: string): void {
  const options = {
    path: '/',
    sameSite: 'lax',
    secure: deps.config.secureCookies,
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  } as const;
  setCookie(reply, SESSION_COOKIE[kind], rawId, { ...options, httpOnly: true });
  // Readable, and no secret: lets a signed-out page skip the 401 "who is signed in" call (src/shared/session-hint.ts).
  setCookie(reply, SESSION_HINT_COOKIE[kind], '1', { ...options, httpOnly: false });
}

export function clearSessionCookie(reply: FastifyReply, deps: AppDeps, kind: AccountSessionKind): void {
  clearCookie(reply, SESSION_COOKIE[kind], {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.secureCookies,
  });
  clearCookie(reply, SESSION_HINT_COOKIE[kind], {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: deps.config.secureCookies,
  });
}

export function sessionCookie(request: FastifyRequest, kind: AccountSessionKind): string | undefined {
  return requestCookie(request, SESSION_COOKIE[kind]);
}

/** The signed-in subject, or a 401 JSON answer. */
export async function requireSession(
  request: FastifyRequest,
  deps: AppDeps,
  kind: AccountSessionKind,
): Promise<Session> {
  const session = await readSession(deps.db, deps.clock, kind, sessionCookie(request, kind));
  if (!session) {
    throw kind === 'admin' ? adminAuthRequired() : unauthorized('Please sign in to continue');
  }
  return session;
}

const PENDING_COOKIE_OPTIONS = { path: '/api/admin/', httpOnly: true, sameSite: 'strict' } as const;

/** The cookie of a login (or setup) whose second factor is still to come. */
export function setPendingCookie(reply: FastifyReply, deps: AppDeps, rawId: string): void {
  setCookie(reply, PENDING_SESSION_COOKIE, rawId, {
    ...PENDING_COOKIE_OPTIONS,
    secure: deps.config.secureCookies,
    maxAge: Math.floor(PENDING_SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearPendingCookie(reply: FastifyReply, deps: AppDeps): void {
  clearCookie(reply, PENDING_SESSION_COOKIE, { ...PENDING_COOKIE_OPTIONS, secure: deps.config.secureCookies });
}

export const pendingCookie = (request: FastifyRequest): string | undefined =>
  requestCookie(request, PENDING_SESSION_COOKIE);
