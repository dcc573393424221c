// Checks an answer of the real app against the contract its route declared: the status code is declared, and the
// body parses with that status's zod schema and equals what it parses to (so no undeclared field was sent).
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import type { RegisteredRoute } from '../../src/server/http/contracts.js';

/** The registered route a request reached: among the patterns that match its path, the most static one (as the router picks). */
export function routeFor(app: FastifyInstance, method: string, url: string): RegisteredRoute {
  const path = url.split('?')[0]!;
  const params = (r: RegisteredRoute) => (r.url.match(/:\w+/g) ?? []).length;
  const matching = app.registeredRoutes
    .filter((r) => r.method === method && new RegExp(`^${r.url.replace(/:\w+/g, '[^/]+')}$`).test(path))
    .sort((a, b) => params(a) - params(b));
  if (!matching[0]) throw new Error(`no route for ${method} ${path}`);
  return matching[0];
}

export function declaredSchema(route: RegisteredRoute, status: number): z.ZodType | undefined {
  const responses = (route.schema?.response ?? {}) as Record<string, z.ZodType>;
  return responses[String(status)] ?? responses[`${String(status)[0]}xx`] ?? responses.default;
}

export function expectDeclaredAnswer(
  app: FastifyInstance,
  method: string,
  url: string,
  res: LightMyRequestResponse,
): string {
  const route = routeFor(app, method, url);
  const where = `${method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  const schema = declaredSchema(route, res.statusCode);
  expect(schema, `${where}: status not declared`).toBeDefined();
  if (schema instanceof z.ZodUndefined) {
    expect(res.body, where).toBe('');
  } else {
    expect(res.headers['content-type'], where).toMatch(/^application\/json/);
    const body: unknown = res.json();
    const parsed = schema!.safeParse(body);
    expect(parsed.error?.issues, where).toBeUndefined();
    expect(parsed.data, `${where}: carries a field its schema does not declare`).toEqual(body);
  }
  return `${method} ${route.url}`;
}
