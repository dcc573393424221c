// Donor accounts: passwordless sign-in by e-mail link, sign-out, profile and gift history (cookie hg_donor).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { errorResponses, sessionSecurity } from '../http/contracts.js';
import { clearSessionCookie, requireSession, sessionCookie, setSessionCookie } from '../http/session-auth.js';
import { readSession } from '../services/sessions.js';
import { messageSchema } from '../../shared/schemas/common.js';
import {
  SIGN_IN_NEUTRAL_MESSAGE,
  donorGiftSchema,
  donorProfileSchema,
  signInRequestSchema,
  signInVerifySchema,
  signedInSchema,
} from '../../shared/schemas/donor.js';
import { admitSignInRequest, sendSignInLinkIfDonor, signOut, verifySignIn } from '../services/donors/sign-in.js';
import { donorGiftHistory, donorProfile } from '../services/donors/account.js';
import { deleteDonorAccount } from '../services/donors/delete-account.js';
import { afterAnswerWorkSettled, runAfterAnswer } from '../services/donors/after-answer.js';

const tags = ['donor'];

export const donorRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Lets in-flight link e-mails reach the outbox before the database closes.
    app.addHook('onClose', async () => afterAnswerWorkSettled());

    app.post(
      '/api/donor/sign-in/request',
      {
        schema: {
          summary: 'Ask for a sign-in link; the answer never tells whether an account exists',
          tags,
          body: signInRequestSchema,
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { email } = request.body;
        await admitSignInRequest(deps, { email, ip: request.ip });
        // The lookup and the e-mail happen after answering: same answer, same time, account or not.
        runAfterAnswer(
          () => sendSignInLinkIfDonor(deps, { email, ip: request.ip }),
          (err) => request.log.error({ err }, 'donor sign-in link failed'),
        );
        return { message: SIGN_IN_NEUTRAL_MESSAGE };
      },
    );

    app.post(
      '/api/donor/sign-in/verify',
      {
        schema: {
          summary: 'Open a single-use sign-in link: starts a donor session',
          tags,
          body: signInVerifySchema,
          response: { 200: signedInSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { sessionId } = await verifySignIn(deps, {
          token: request.body.token,
          ip: request.ip,
          previousSessionId: sessionCookie(request, 'donor'),
        });
        setSessionCookie(reply, deps, 'donor', sessionId);
        return { signedIn: true as const };
      },
    );

    app.post(
      '/api/donor/logout',
      {
        schema: {
          summary: 'End the donor session on the server',
          tags,
          security: sessionSecurity.donor,
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const sessionId = sessionCookie(request, 'donor');
        const session = await readSession(deps.db, deps.clock, 'donor', sessionId);
        await signOut(deps, { sessionId, donorId: session?.subjectId, ip: request.ip });
        clearSessionCookie(reply, deps, 'donor');
        return { message: 'You have been signed out' };
      },
    );

    app.delete(
      '/api/donor/account',
      {
        schema: {
          summary: 'Delete the account: erases the profile, unlinks the gifts, ends every session (decision 012)',
          tags,
          security: sessionSecurity.donor,
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const session = await requireSession(request, deps, 'donor');
        await deleteDonorAccount(deps, session.subjectId, request.ip);
        clearSessionCookie(reply, deps, 'donor');
        return { message: 'Your donor account has been deleted' };
      },
    );

    app.get(
      '/api/donor/profile',
      {
        schema: {
          summary: 'The signed-in donor',
          tags,
          security: sessionSecurity.donor,
          response: { 200: donorProfileSchema, ...errorResponses },
        },
      },
      async (request) => {
        const session = await requireSession(request, deps, 'donor');
        return donorProfile(deps.db, session.subjectId);
      },
    );

    app.get(
      '/api/donor/gift-history',
      {
        schema: {
          summary: "The signed-in donor's gifts, newest first",
          tags,
          security: sessionSecurity.donor,
          response: { 200: z.array(donorGiftSchema), ...errorResponses },
        },
      },
      async (request) => {
        const session = await requireSession(request, deps, 'donor');
        return donorGiftHistory(deps.db, session.subjectId);
      },
    );
  };
