import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { HttpError } from './http-error';

/** Long enough for a failover or a restart, short enough that a person tries again. */
const DATABASE_RETRY_AFTER_SECONDS = 30;

/**
 * Every failure answers JSON `{ message }` with a fitting status; bad input never becomes a 500,
 * and no stack trace leaves the server.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: issue.message ?? 'Invalid value.',
      }));
      return reply.code(400).send({ message: errors[0]?.message ?? 'Invalid request.', errors });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply
          .code(413)
          .send({ message: request.routeOptions.config.bodyTooLargeMessage ?? messages.bodyTooLarge });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ message: 'Send the request body as application/json.' });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(400).send({ message: messages.badJson });
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return reply.code(400).send({ message: messages.badJson });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: messages.databaseUnavailable });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: messages.serverError });
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The message a 413 carries on this route (the CV route names the 5MB limit). */
    bodyTooLargeMessage?: string;
  }
}
