// Turns a failed route contract (params, querystring, body or headers checked by the zod type provider) into the
// one sentence the API has always answered: `field: this field is required`, `Unexpected field(s): …`, or
// `field: <the schema's message>`. Only the first problem is reported, so a person fixes one thing at a time.
import type { FastifyRequest } from 'fastify';
import type { ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import type { ApiError } from '../../shared/schemas/error.js';

export interface ValidationAnswer extends ApiError {
  statusCode: 400 | 404;
}

type Part = 'body' | 'querystring' | 'params' | 'headers';

export function validationAnswer(
  issue: ZodFastifySchemaValidationError,
  part: string | undefined,
  request: FastifyRequest,
): ValidationAnswer {
  if (issue.keyword === 'unrecognized_keys') {
    const keys = (issue.params as { keys?: string[] }).keys ?? [];
    const many = keys.length > 1;
    return {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: `Unexpected field${many ? 's' : ''}: ${keys.join(', ')}. Remove ${many ? 'them' : 'it'} and try again.`,
    };
  }
  // A path segment that does not have the shape of an identifier names nothing: "not found", like an unknown one.
  // Every path parameter of the API names a gift (a claim token, a public id, an admin's gift id).
  if (part === 'params' && issue.keyword === 'invalid_format')
    return { statusCode: 404, code: 'GIFT_NOT_FOUND', message: issue.message ?? 'Not found.' };
  const path = issue.instancePath.split('/').filter(Boolean);
  const field = path.join('.');
  // The type provider does not report the input: look the value up where the request keeps that part.
  if (issue.keyword === 'invalid_type' && field && valueAt(partOf(request, part), path) === undefined) {
    return { statusCode: 400, code: 'VALIDATION_FAILED', message: `${field}: this field is required` };
  }
  const message = issue.message ?? 'is not valid';
  return { statusCode: 400, code: 'VALIDATION_FAILED', message: field ? `${field}: ${message}` : message };
}

function partOf(request: FastifyRequest, part: string | undefined): unknown {
  switch (part as Part | undefined) {
    case 'body':
      return request.body;
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'headers':
      return request.headers;
    default:
      return undefined;
  }
}

function valueAt(input: unknown, path: string[]): unknown {
  let node = input;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
