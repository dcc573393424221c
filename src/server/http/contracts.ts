// Route contracts (decision 009): every route declares params, querystring, body, headers and responses with the
// shared zod schemas. Fastify validates input with them before the handler runs, and serializes each answer
// through its declared schema, so a field no schema names never leaves the server.
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorSchema } from '../../shared/schemas/error.js';
import { plainSerializer } from './plain-serializer.js';
import { plannedParamsCheck } from './planned-params.js';

/**
 * A missing JSON body is checked as `{}`, so it answers "field: this field is required" like an empty one. Plain
 * string path parameters are checked by a planned function (planned-params.ts), zod giving the error when they fail.
 */
const contractValidator: FastifySchemaCompiler<z.ZodType> = (route) => {
  const check = validatorCompiler(route);
  if (route.httpPart === 'body') return (data) => check(data ?? {});
  const planned = route.httpPart === 'params' ? plannedParamsCheck(route.schema) : null;
  if (!planned) return check;
  return (data) => {
    const value = planned(data);
    return value ? { value } : check(data);
  };
};

/** A route as registered, with the contract Fastify validates and serializes it by. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route (HEAD aside) with its contract, in registration order: the contract tests walk it. */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Call before any route is registered. */
export function useRouteContracts(app: FastifyInstance): void {
  app.setValidatorCompiler(contractValidator);
  // A flat answer of plain fields is written by a planned serializer (plain-serializer.ts); the rest by zod.
  app.setSerializerCompiler<z.ZodType>((route) => plainSerializer(route.schema, serializerCompiler(route)));
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
    }
  });
}

/** Every refusal is {"code", "message"}: bad input, not found, refused, rate-limited; and a 5xx that hides internals. */
export const errorResponses = {
  '4xx': apiErrorSchema.describe(
    'Bad input, not signed in, not found, refused or rate-limited: a code and a sentence to act on',
  ),
  '5xx': apiErrorSchema.describe('Our side or the payment partner failed; the message says whether to retry'),
} as const;

/** OpenAPI security requirement of a route that needs the admin or the donor session cookie. */
export const sessionSecurity = {
  admin: [{ adminSession: [] }],
  donor: [{ donorSession: [] }],
};
