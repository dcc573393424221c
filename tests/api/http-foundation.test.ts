// The HTTP contract every area relies on: JSON errors, 4xx for bad input, security headers, CSRF refusal.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describeEachEngine } from '../helpers/test-app.js';

describeEachEngine('HTTP foundation', (ctx) => {
  beforeAll(async () => {
    // A probe route with a body, added before the app is ready: the parsers and error mapping under test are the real ones.
    const { app } = ctx();
    const body = z.object({ name: z.string().min(1, 'Name is required') }).strict();
    app
      .withTypeProvider<ZodTypeProvider>()
      .post('/api/probe', { schema: { body } }, async (request) => ({ hello: request.body.name }));
    await app.ready();
  });

  it('reports the database reachable', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'reachable', engine: ctx().engine });
  });

  it('answers unknown /api paths with a 404 JSON message', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await ctx().app.inject({ method, url: '/api/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().message).toMatch(/Not found/);
    }
  });

  it('answers malformed JSON with 400, never 5xx', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'MALFORMED_REQUEST', message: 'The request body is not valid JSON.' });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/application\/json/);
  });

  it('answers an oversized body with 413', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(200_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });

  it('names the field in validation errors and rejects unknown fields', async () => {
    const missing = await ctx().app.inject({ method: 'POST', url: '/api/probe', payload: { name: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('name: Name is required');
    const extra = await ctx().app.inject({ method: 'POST', url: '/api/probe', payload: { name: 'a', admin: true } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/Unexpected field: admin/);
    const ok = await ctx().app.inject({ method: 'POST', url: '/api/probe', payload: { name: 'Ann' } });
    expect(ok.json()).toEqual({ hello: 'Ann' });
  });

  it('puts the security headers on every answer, errors and 404s included', async () => {
    for (const url of ['/api/health', '/api/missing']) {
      const res = await ctx().app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("object-src 'none'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses a cross-site state change and lets same-origin through', async () => {
    const cross = await ctx().app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { name: 'x' },
    });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().message).toMatch(/Cross-site/);
    const same = await ctx().app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: { name: 'x' },
    });
    expect(same.statusCode).toBe(200);
  });
});
