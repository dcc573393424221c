// The OpenAPI description, generated from the routes as registered and the shared zod schemas they declare in
// `config.openapi`. Served at /api/docs.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

export interface OpenApiRouteDoc {
  summary: string;
  tags?: string[];
  body?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
  /** Cookie session the call needs. */
  auth?: 'admin' | 'donor';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: OpenApiRouteDoc;
  }
}

interface CollectedRoute {
  method: string;
  url: string;
  doc?: OpenApiRouteDoc;
}

const toSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;

const messageSchema = {
  type: 'object',
  properties: { message: { type: 'string', description: 'A sentence a person can act on' } },
  required: ['message'],
};

/** Call before routes are registered: collects every /api route as it is added. */
export function collectApiRoutes(app: FastifyInstance): () => CollectedRoute[] {
  const routes: CollectedRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    for (const method of methods) {
      routes.push({ method: method.toLowerCase(), url: route.url, doc: (route.config as { openapi?: OpenApiRouteDoc } | undefined)?.openapi });
    }
  });
  return () => routes;
}

export function buildOpenApiDocument(routes: CollectedRoute[], serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const params = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const doc = route.doc;
    const parameters: unknown[] = params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    if (doc?.query) {
      const q = toSchema(doc.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {})) {
        parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
      }
    }
    const operation: Record<string, unknown> = {
      summary: doc?.summary ?? `${route.method.toUpperCase()} ${path}`,
      tags: doc?.tags ?? [path.split('/')[2] ?? 'api'],
      parameters,
      responses: {
        '200': {
          description: 'Success',
          content: { 'application/json': { schema: doc?.response ? toSchema(doc.response, 'output') : {} } },
        },
        '4XX': { description: 'Bad input, not found, refused or rate-limited', content: { 'application/json': { schema: messageSchema } } },
      },
    };
    if (doc?.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: toSchema(doc.body, 'input') } } };
    }
    if (doc?.auth) operation.security = [{ [`${doc.auth}Session`]: [] }];
    paths[path] = { ...paths[path], [route.method]: operation };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Hushgift API',
      version: '1.0.0',
      description: 'Send money anonymously. Amounts are decimal strings with two places ("52.80"); every error is {"message"}.',
    },
    servers: [{ url: serverUrl }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: {
        adminSession: { type: 'apiKey', in: 'cookie', name: 'hg_admin' },
        donorSession: { type: 'apiKey', in: 'cookie', name: 'hg_donor' },
      },
    },
  };
}
