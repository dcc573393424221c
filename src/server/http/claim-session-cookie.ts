// The claim session's cookie (decision 012): one per gift, named by its public id, so claiming a second gift in
// the same browser does not end the first one's session. HttpOnly, SameSite=Lax (the provider's refresh_url is a
// top-level GET from its site and must carry it), Secure when PUBLIC_URL is https, sent only to /api/gifts/ (the
// claim API and the status and dashboard calls), never to pages.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { CLAIM_SESSION_ABSOLUTE_MS } from '../services/sessions.js';
import type { ClaimSessionCookies, OpenedClaimSession } from '../services/claims/claim-session.js';
import { requestCookie } from './request-cookies.js';
import { setCookie } from './response-cookies.js';

export const CLAIM_SESSION_COOKIE_PATH = '/api/gifts/';
export const claimSessionCookieName = (giftPublicId: string) => `hg_claim_${giftPublicId}`;

export function setClaimSessionCookie(reply: FastifyReply, deps: AppDeps, session: OpenedClaimSession): void {
  setCookie(reply, claimSessionCookieName(session.giftPublicId), session.id, {
    path: CLAIM_SESSION_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.secureCookies,
    maxAge: Math.floor(CLAIM_SESSION_ABSOLUTE_MS / 1000),
  });
}

export const claimSessionCookies =
  (request: FastifyRequest): ClaimSessionCookies =>
  (giftPublicId) =>
    requestCookie(request, claimSessionCookieName(giftPublicId));
