// The single error handler: every failure leaves as `{ error }` JSON with a 4xx naming the problem, or a 500
// whose details stay in the log.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { KIND_STATUS, Refusal } from './errors';

function describeValidation(err: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const where = err.validationContext === 'body' ? field : `${err.validationContext ?? 'request'} ${field}`.trim();
    const message = first.message ?? 'is invalid';
    if (!field) return `${where || 'request body'}: ${message}`;
    return message.toLowerCase().startsWith(field.toLowerCase()) ? message : `${where}: ${message}`;
  }
  return err.message;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof Refusal) {
      return reply
        .status(KIND_STATUS[err.kind])
        .headers(err.headers)
        .send({ ...err.details, error: err.message });
    }
    if (err.validation) return reply.status(400).send({ error: describeValidation(err) });
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ error: err.message || 'Too many requests, try again later' });
    if (status >= 400 && status < 500) {
      const messages: Record<string, string> = {
        FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
        FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
      };
      return reply.status(status).send({ error: messages[err.code] ?? err.message });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
}
