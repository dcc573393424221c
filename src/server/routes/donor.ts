// Donor accounts: passwordless sign-in by e-mail link, sign-out, profile and gift history (cookie hg_donor).
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../deps.js';
import { validate } from '../http/validate.js';
import { clearSessionCookie, requireSession, sessionCookie, setSessionCookie } from '../http/session-auth.js';
import { readSession } from '../services/sessions.js';
import { SIGN_IN_NEUTRAL_MESSAGE, signInRequestSchema, signInVerifySchema } from '../../shared/schemas/donor.js';
import { admitSignInRequest, sendSignInLinkIfDonor, signOut, verifySignIn } from '../services/donors/sign-in.js';
import { donorGiftHistory, donorProfile } from '../services/donors/account.js';
import { afterAnswerWorkSettled, runAfterAnswer } from '../services/donors/after-answer.js';

export const donorRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const doc = (summary: string, extra: object = {}) => ({ config: { openapi: { summary, tags: ['donor'], ...extra } } });
    // Lets in-flight link e-mails reach the outbox before the database closes.
    app.addHook('onClose', async () => afterAnswerWorkSettled());

    app.post('/api/donor/sign-in/request', doc('Ask for a sign-in link; the answer never tells whether an account exists', { body: signInRequestSchema }), async (request) => {
      const { email } = validate(signInRequestSchema, request.body);
      await admitSignInRequest(deps, { email, ip: request.ip });
      // The lookup and the e-mail happen after answering: same answer, same time, account or not.
      runAfterAnswer(
        () => sendSignInLinkIfDonor(deps, { email, ip: request.ip }),
        (err) => request.log.error({ err }, 'donor sign-in link failed'),
      );
      return { message: SIGN_IN_NEUTRAL_MESSAGE };
    });

    app.post('/api/donor/sign-in/verify', doc('Open a single-use sign-in link: starts a donor session', { body: signInVerifySchema }), async (request, reply) => {
      const { token } = validate(signInVerifySchema, request.body);
      const { sessionId } = await verifySignIn(deps, {
        token,
        ip: request.ip,
        previousSessionId: sessionCookie(request, 'donor'),
      });
      setSessionCookie(reply, deps, 'donor', sessionId);
      return { signedIn: true };
    });

    app.post('/api/donor/logout', doc('End the donor session on the server', { auth: 'donor' }), async (request, reply) => {
      const sessionId = sessionCookie(request, 'donor');
      const session = await readSession(deps.db, deps.clock, 'donor', sessionId);
      await signOut(deps, { sessionId, donorId: session?.subjectId, ip: request.ip });
      clearSessionCookie(reply, deps, 'donor');
      return { message: 'You have been signed out' };
    });

    app.get('/api/donor/profile', doc('The signed-in donor', { auth: 'donor' }), async (request, reply) => {
      const session = await requireSession(request, deps, 'donor');
      reply.header('cache-control', 'no-store');
      return donorProfile(deps.db, session.subjectId);
    });

    app.get('/api/donor/gift-history', doc("The signed-in donor's gifts, newest first", { auth: 'donor' }), async (request, reply) => {
      const session = await requireSession(request, deps, 'donor');
      reply.header('cache-control', 'no-store');
      return donorGiftHistory(deps.db, session.subjectId);
    });
  };
