// Parses input with a shared zod schema; the first problem becomes a 400 naming the field.
import type { z } from 'zod';
import { badRequest } from '../errors.js';

export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const keys = (issue as { keys: string[] }).keys;
    throw badRequest(`Unexpected field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}. Remove ${keys.length > 1 ? 'them' : 'it'} and try again.`);
  }
  const field = issue.path.join('.');
  // zod does not report the input on issues by default: look the value up at the issue's path.
  if (issue.code === 'invalid_type' && field && valueAt(input, issue.path) === undefined) {
    throw badRequest(`${field}: this field is required`);
  }
  throw badRequest(field ? `${field}: ${issue.message}` : issue.message);
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let node = input;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}
