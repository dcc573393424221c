// Helmet sets the security headers: the same values the hand-written hook sent before it (the policy no weaker),
// on a page, an API answer, a 404 and a 400.
import { AFTER_PAINT_LOADER_CSP } from '../../src/server/http/after-paint-scripts.js';
import { CLAIM_FORM_SCRIPT_CSP } from '../../src/server/http/claim-form-script.js';
import { buildTestApp, describeEachEngine } from '../helpers/test-app.js';

/** The headers as the hand-written hook (src/server/http/security.ts before Helmet) sent them, verbatim. */
const BEFORE_HELMET = {
  'content-security-policy': [
    "default-src 'self'",
    `script-src 'self' ${AFTER_PAINT_LOADER_CSP} ${CLAIM_FORM_SCRIPT_CSP}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};
const HSTS_BEFORE = 'max-age=31536000; includeSubDomains';

/** A policy as directive → sorted sources, so formatting (spaces after ";") does not count, content does. */
function directives(policy: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = sources.sort();
  }
  return out;
}

function expectSameHeaders(headers: Record<string, unknown>, what: string): void {
  const { 'content-security-policy': csp, ...rest } = BEFORE_HELMET;
  expect(directives(String(headers['content-security-policy'])), `${what}: CSP`).toEqual(directives(csp));
  for (const [name, value] of Object.entries(rest)) expect(headers[name], `${what}: ${name}`).toBe(value);
  // Helmet's additions, all of them tightening.
  expect(headers['cross-origin-resource-policy'], what).toBe('same-origin');
  expect(headers['x-dns-prefetch-control'], what).toBe('off');
  expect(headers['x-permitted-cross-domain-policies'], what).toBe('none');
  expect(headers['x-powered-by'], what).toBeUndefined();
}

describeEachEngine('security headers from Helmet', (ctx) => {
  beforeAll(async () => {
    await ctx().app.ready();
  });

  it('on a page, an API answer, a 404 and a 400: today’s values, no weaker', async () => {
    const { app } = ctx();
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expectSameHeaders(page.headers, 'page');

    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(api.statusCode).toBe(200);
    expectSameHeaders(api.headers, 'API answer');

    const missing = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expectSameHeaders(missing.headers, '404');

    const bad = await app.inject({
      method: 'POST',
      url: '/api/gifts',
      headers: { 'content-type': 'application/json' },
      payload: '{"amount": ',
    });
    expect(bad.statusCode).toBe(400);
    expectSameHeaders(bad.headers, '400 (malformed JSON)');

    const invalid = await app.inject({ method: 'POST', url: '/api/gifts', payload: { amount: 'lots' } });
    expect(invalid.statusCode).toBe(400);
    expectSameHeaders(invalid.headers, '400 (invalid body)');
    // No HSTS over plain http, as before.
    expect(api.headers['strict-transport-security']).toBeUndefined();
  });

  it('marks every API answer never to be stored, refusals and 404s included, and leaves pages their own rule', async () => {
    const { app } = ctx();
    const answers = [
      await app.inject({ method: 'GET', url: '/api/health' }),
      await app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await app.inject({ method: 'GET', url: `/api/gifts/claim/${'a'.repeat(43)}` }),
      await app.inject({ method: 'GET', url: '/api/gifts/claim/not-a-token' }),
      await app.inject({ method: 'GET', url: '/api/donor/profile' }),
      await app.inject({ method: 'POST', url: '/api/gifts', payload: { amount: 'lots' } }),
      await app.inject({ method: 'GET', url: `/api/gifts/manage/${'a'.repeat(43)}` }),
      await app.inject({ method: 'GET', url: `/api/together/${'a'.repeat(43)}` }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 404, 404, 401, 400, 404, 404]);
    for (const res of answers) expect(res.headers['cache-control'], res.raw.req.url).toBe('no-store');
    // The API's own documentation may be revalidated rather than never stored; a path that only begins like the
    // API's is not the API.
    expect((await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).headers['cache-control']).toBe(
      'no-cache',
    );
    expect((await app.inject({ method: 'GET', url: '/apiary' })).headers['cache-control']).not.toBe('no-store');
  });
});

it('adds HSTS, as before, when the public URL is https', async () => {
  const ctx = await buildTestApp('pglite', { config: { publicUrl: 'https://gifts.example', secureCookies: true } });
  try {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['strict-transport-security']).toBe(HSTS_BEFORE);
  } finally {
    await ctx.close();
  }
});
