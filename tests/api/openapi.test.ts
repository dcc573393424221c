// The OpenAPI description at /api/docs is generated from the registered routes and their shared zod schemas.
import { z } from 'zod';
import { describeEachEngine } from '../helpers/test-app.js';

describeEachEngine('OpenAPI description', (ctx) => {
  beforeAll(async () => {
    ctx().app.post(
      '/api/probe/:id',
      {
        config: {
          openapi: {
            summary: 'Probe',
            body: z.object({ name: z.string().min(1), amount: z.string() }).strict(),
            response: z.object({ ok: z.boolean() }),
          },
        },
      },
      async () => ({ ok: true }),
    );
    await ctx().app.ready();
  });

  it('describes every API route with its method, parameters and body schema', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.paths['/api/health'].get.summary).toMatch(/database/);
    const probe = doc.paths['/api/probe/{id}'].post;
    expect(probe.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    const body = probe.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['name', 'amount']);
    expect(body.additionalProperties).toBe(false);
    expect(probe.responses['4XX'].content['application/json'].schema.required).toEqual(['message']);
  });

  it('documents every route of the product with a summary, and the create-gift body from the shared schema', async () => {
    const doc = (await ctx().app.inject({ method: 'GET', url: '/api/docs' })).json();
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, { summary: string }>>)) {
      for (const [method, op] of Object.entries(methods)) {
        expect(op.summary, `${method.toUpperCase()} ${path} has no description`).not.toBe(`${method.toUpperCase()} ${path}`);
      }
    }
    for (const path of ['/api/gifts', '/api/gifts/claim/{token}', '/api/admin/login', '/api/contact', '/api/donor/profile']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const create = doc.paths['/api/gifts'].post.requestBody.content['application/json'].schema;
    expect(create.properties.amount.type).toBe('string');
    expect(create.required).toEqual(expect.arrayContaining(['amount', 'recipientEmail', 'totalPaid']));
  });
});
