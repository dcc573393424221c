// One place maps errors to HTTP answers: every non-2xx is {"message"}; bad input is 4xx; a 5xx hides internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ResponseSerializationError, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { validationAnswer } from './validation-errors.js';

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'Unsupported content type: send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send(error.code ? { message: error.message, code: error.code } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const answer = validationAnswer(error.validation[0]!, error.validationContext, request);
      return reply.status(answer.statusCode).send({ message: answer.message });
    }
    // An answer that does not match its declared schema is our bug: log what did not match, send nothing of it.
    if (error instanceof ResponseSerializationError) {
      request.log.error(
        { err: error, issues: error.cause.issues, route: `${error.method} ${error.url}` },
        'response does not match its schema',
      );
      return reply.status(500).send({ message: SERVER_ERROR_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FASTIFY_MESSAGES[error.code] ??
        (error instanceof SyntaxError ? 'The request body is not valid JSON.' : error.message || 'Bad request.');
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: SERVER_ERROR_MESSAGE });
  });
}
