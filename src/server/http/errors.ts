// One place maps errors to HTTP answers: every non-2xx is {"code", "message"} (codes in src/shared/schemas/error.ts);
// bad input is 4xx; a 5xx hides internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ResponseSerializationError, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import type { ApiError, ErrorCode } from '../../shared/schemas/error.js';
import { validationAnswer } from './validation-errors.js';

/** Fastify's own refusals of a request it could not read, in words and with a code. */
const FASTIFY_ANSWERS: Record<string, ApiError> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type: send the request body as JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'MALFORMED_REQUEST', message: 'The request body is empty: send a JSON object.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_REQUEST', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'MALFORMED_REQUEST',
    message: 'The Content-Length header does not match the body.',
  },
};

/** Any other status a plugin or Fastify answers with, by status. */
const STATUS_CODES: Record<number, ErrorCode> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';
const SERVER_ERROR: ApiError = { code: 'INTERNAL', message: SERVER_ERROR_MESSAGE };

/** The code for a status no more precise refusal named. */
export const codeForStatus = (status: number): ErrorCode =>
  STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const answer: ApiError = { code: error.code, message: error.message };
      return reply.status(error.statusCode).headers(error.headers).send(answer);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { statusCode, ...answer } = validationAnswer(error.validation[0]!, error.validationContext, request);
      return reply.status(statusCode).send(answer);
    }
    // An answer that does not match its declared schema is our bug: log what did not match, send nothing of it.
    if (error instanceof ResponseSerializationError) {
      request.log.error(
        { err: error, issues: error.cause.issues, route: `${error.method} ${error.url}` },
        'response does not match its schema',
      );
      return reply.status(500).send(SERVER_ERROR);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = FASTIFY_ANSWERS[error.code];
      if (known) return reply.status(status).send(known);
      if (error instanceof SyntaxError)
        return reply.status(status).send({ code: 'MALFORMED_REQUEST', message: 'The request body is not valid JSON.' });
      return reply.status(status).send({ code: codeForStatus(status), message: error.message || 'Bad request.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(SERVER_ERROR);
  });
}
