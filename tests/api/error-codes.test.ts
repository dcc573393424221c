// Every error answer carries a stable code beside its message (src/shared/schemas/error.ts): one route per kind of
// error, the framework's refusals (validation, unknown route, body too large, unreadable body, CSRF) included; the
// OpenAPI document lists every code; and the test app's own check (tests/helpers/error-codes.ts), which fails any
// API test file whose error answers lack a code, catches an answer without one.
import type { LightMyRequestResponse } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../../src/shared/schemas/error.js';
import { CLAIM_MESSAGES } from '../../src/shared/schemas/claim-contract.js';
import { SERVER_ERROR_MESSAGE } from '../../src/server/http/errors.js';
import { errorResponses } from '../../src/server/http/contracts.js';
import { BODY_LIMIT_BYTES } from '../../src/server/app.js';
import { INVALID_LINK_MESSAGE } from '../../src/server/services/donors/sign-in.js';
import { LOGIN_FAILED_MESSAGE } from '../../src/server/services/admin/login.js';
import { SETUP_DONE_MESSAGE } from '../../src/server/services/admin/setup.js';
import { buildTestApp, describeEachEngine, type TestContext } from '../helpers/test-app.js';
import { ADMIN, adminCookie, setupAdmin } from '../helpers/admin.js';
import { claim, claimableGift } from '../helpers/claims.js';
import { giftPayload } from '../helpers/gift-payload.js';

/** Gift starts one address may make here: the cases that need a gift make theirs from the tests' own address. */
const GIFT_STARTS = 10;

const UNKNOWN_TOKEN = 'A'.repeat(43);

interface Case {
  code: ErrorCode;
  status: number;
  message: string | RegExp;
  send(c: TestContext): Promise<LightMyRequestResponse>;
}

const CASES: Case[] = [
  {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: /^amount: /,
    send: (c) => c.app.inject({ method: 'POST', url: '/api/gifts', payload: { ...giftPayload(), amount: 'lots' } }),
  },
  {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: 'Unexpected field: extra. Remove it and try again.',
    send: (c) => c.app.inject({ method: 'POST', url: '/api/gifts', payload: { ...giftPayload(), extra: 1 } }),
  },
  {
    code: 'MALFORMED_REQUEST',
    status: 400,
    message: 'The request body is not valid JSON.',
    send: (c) =>
      c.app.inject({
        method: 'POST',
        url: '/api/gifts',
        payload: '{"amount":',
        headers: { 'content-type': 'application/json' },
      }),
  },
  {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    status: 415,
    message: /send the request body as JSON/,
    send: (c) =>
      c.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: 'hello',
        headers: { 'content-type': 'text/plain' },
      }),
  },
  {
    code: 'PAYLOAD_TOO_LARGE',
    status: 413,
    message: 'The request body is too large.',
    send: (c) =>
      c.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: JSON.stringify({ message: 'x'.repeat(BODY_LIMIT_BYTES) }),
        headers: { 'content-type': 'application/json' },
      }),
  },
  {
    code: 'ROUTE_NOT_FOUND',
    status: 404,
    message: 'Not found: DELETE /api/no-such-route',
    send: (c) => c.app.inject({ method: 'DELETE', url: '/api/no-such-route' }),
  },
  {
    code: 'GIFT_NOT_FOUND',
    status: 404,
    message: CLAIM_MESSAGES.notFound,
    send: (c) => c.app.inject({ method: 'GET', url: `/api/gifts/claim/${UNKNOWN_TOKEN}` }),
  },
  {
    // A malformed token names nothing, like an unknown one (the contract's params check).
    code: 'GIFT_NOT_FOUND',
    status: 404,
    message: CLAIM_MESSAGES.notFound,
    send: (c) => c.app.inject({ method: 'GET', url: '/api/gifts/claim/not-a-token' }),
  },
  {
    code: 'ANSWER_INCORRECT',
    status: 400,
    message: CLAIM_MESSAGES.incorrectAnswer,
    send: async (c) => {
      const { claimToken } = await claimableGift(c, { securityAnswer: 'Rex' });
      return claim(c, claimToken, { securityAnswer: 'Fido' });
    },
  },
  {
    code: 'CLAIM_LOCKED',
    status: 429,
    message: /^Too many incorrect answers\..*Please try again in 1 hour/,
    send: async (c) => {
      const { claimToken } = await claimableGift(c, { securityAnswer: 'Rex' });
      for (let i = 0; i < 4; i++) await claim(c, claimToken, { securityAnswer: `wrong ${i}` });
      return claim(c, claimToken, { securityAnswer: 'wrong again' });
    },
  },
  {
    code: 'ADMIN_AUTH_REQUIRED',
    status: 401,
    message: 'Please log in as an admin to continue',
    send: (c) => c.app.inject({ method: 'GET', url: '/api/admin/stats' }),
  },
  {
    code: 'AUTH_REQUIRED',
    status: 401,
    message: 'Please sign in to continue',
    send: (c) => c.app.inject({ method: 'GET', url: '/api/donor/profile' }),
  },
  {
    code: 'LOGIN_FAILED',
    status: 401,
    message: LOGIN_FAILED_MESSAGE,
    send: async (c) => {
      await setupAdmin(c);
      return c.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: ADMIN.email, password: 'not the password' },
        remoteAddress: '10.7.0.1',
      });
    },
  },
  {
    code: 'ADMIN_SETUP_DONE',
    status: 403,
    message: SETUP_DONE_MESSAGE,
    send: async (c) => {
      await setupAdmin(c);
      return c.app.inject({
        method: 'POST',
        url: '/api/admin/setup',
        payload: { ...ADMIN, email: 'second@example.com' },
      });
    },
  },
  {
    code: 'GIFT_STATE_CONFLICT',
    status: 409,
    message: /^Gift #\d+ is not frozen\.$/,
    send: async (c) => {
      await setupAdmin(c);
      const cookie = await adminCookie(c);
      const { gift } = await claimableGift(c);
      return c.app.inject({ method: 'POST', url: `/api/admin/gifts/${gift.id}/unfreeze-claim`, headers: { cookie } });
    },
  },
  {
    code: 'CSRF_REJECTED',
    status: 403,
    message: 'Cross-site requests are not allowed. Use the form on this site.',
    send: (c) =>
      c.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: {},
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      }),
  },
  {
    code: 'SIGN_IN_LINK_INVALID',
    status: 400,
    message: INVALID_LINK_MESSAGE,
    send: (c) => c.app.inject({ method: 'POST', url: '/api/donor/sign-in/verify', payload: { token: 'forged' } }),
  },
  {
    code: 'WEBHOOK_SIGNATURE_INVALID',
    status: 400,
    message: /the event was not accepted/,
    send: (c) =>
      c.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload: '{"id":"evt_forged"}',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      }),
  },
  {
    code: 'RATE_LIMITED',
    status: 429,
    message: /try again in \d+ minutes?/i,
    send: async (c) => {
      const start = () =>
        c.app.inject({ method: 'POST', url: '/api/gifts', payload: giftPayload(), remoteAddress: '10.8.0.1' });
      for (let i = 0; i < GIFT_STARTS; i++) expect((await start()).statusCode).toBe(201);
      return start();
    },
  },
  {
    code: 'PROVIDER_UNAVAILABLE',
    status: 502,
    message: /could not start the payment/,
    send: async (c) => {
      const payments = c.deps.payments as { createCheckout: unknown };
      const real = payments.createCheckout;
      payments.createCheckout = async () => {
        throw new Error('connection reset');
      };
      try {
        return await c.app.inject({
          method: 'POST',
          url: '/api/gifts',
          payload: giftPayload(),
          remoteAddress: '10.8.0.2',
        });
      } finally {
        payments.createCheckout = real;
      }
    },
  },
  {
    code: 'INTERNAL',
    status: 500,
    message: SERVER_ERROR_MESSAGE,
    send: (c) => c.app.inject({ method: 'GET', url: '/api/probe/fails' }),
  },
];

describeEachEngine(
  'error codes',
  (ctx) => {
    beforeAll(() => {
      ctx()
        .app.withTypeProvider<ZodTypeProvider>()
        .get(
          '/api/probe/fails',
          { schema: { summary: 'Probe', response: { 200: z.object({ ok: z.boolean() }), ...errorResponses } } },
          async () => {
            throw new Error('the database said something private');
          },
        );
    });

    it.each(CASES.map((c) => [`${c.code} (${c.status})`, c] as const))('%s', async (_name, c) => {
      const res = await c.send(ctx());
      expect(res.statusCode, res.body).toBe(c.status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'message']);
      expect(body.code).toBe(c.code);
      if (typeof c.message === 'string') expect(body.message).toBe(c.message);
      else expect(body.message).toMatch(c.message);
    });

    it('lists every code in the OpenAPI document: the error schema of every route is an enum of all of them', async () => {
      const doc = (await ctx().app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
      const operations = Object.values(doc.paths as Record<string, Record<string, { responses: object }>>).flatMap(
        (methods) => Object.values(methods),
      );
      expect(operations.length).toBeGreaterThan(20);
      for (const op of operations) {
        for (const status of ['4XX', '5XX']) {
          const schema = (op.responses as Record<string, { content: Record<string, { schema: never }> }>)[status]!
            .content['application/json']!.schema as { required: string[]; properties: { code: { enum: string[] } } };
          expect(schema.required.sort()).toEqual(['code', 'message']);
          expect(schema.properties.code.enum).toEqual(ERROR_CODES);
        }
      }
      for (const c of CASES) expect(doc.info.description).toContain(`\`${c.code}\``);
    });
  },
  { config: { giftStartsPerClient: GIFT_STARTS } },
);

describe('the check that every error answer in the API tests has a code', () => {
  it('fails the test app on an error answer without a code', async () => {
    const c = await buildTestApp('pglite');
    c.app.get('/api/probe/bare-error', async (_request, reply) => reply.status(418).send({ message: 'I am a teapot' }));
    expect((await c.app.inject({ method: 'GET', url: '/api/probe/bare-error' })).statusCode).toBe(418);
    await expect(c.close()).rejects.toThrow(/GET \/api\/probe\/bare-error → 418 \{"message":"I am a teapot"\}/);
  });
});
