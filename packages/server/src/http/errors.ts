// DRF-style API errors and the one central error handler: 400 {field: [msg]}, 401/403/404/429 {detail}, 409 {field: [msg]}.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly body: Record<string, unknown>,
    public readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export const badRequest = (errors: FieldErrors & { [k: string]: unknown }) => new ApiError(400, errors);
export const nonField = (message: string) => new ApiError(400, { non_field_errors: [message] });
export const unauthorized = (detail = 'Authentication credentials were not provided.') => new ApiError(401, { detail });
export const forbidden = (detail = 'You do not have permission to perform this action.') => new ApiError(403, { detail });
export const notFound = (detail = 'Not found.') => new ApiError(404, { detail });
export const conflict = (errors: FieldErrors) => new ApiError(409, errors);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(
    429,
    { detail: `Too many attempts. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.` },
    { 'retry-after': String(retryAfterSeconds) },
  );

interface ZodLikeIssue {
  instancePath: string;
  message?: string;
}

/** Zod issues as `{field: [msg]}`; issues on the whole object go to non_field_errors. The one converter. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message?: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = typeof issue.path[0] === 'string' && issue.path[0] !== '' ? issue.path[0] : 'non_field_errors';
    (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return errors;
}

/** Fastify's schema validation issues (a JSON pointer per issue) in the same shape. */
export function validationBody(issues: ZodLikeIssue[]): FieldErrors {
  return fieldErrors(issues.map((i) => ({ path: i.instancePath.replace(/^\//, '').split('/'), message: i.message })));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).headers(error.headers).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error.validation as ZodLikeIssue[]));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ detail: 'Too many requests. Try again later.' });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, unsupported media type, body too large: the client's fault, said plainly.
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.message;
      return reply.status(status).send(status === 400 ? { non_field_errors: [message] } : { detail: message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Something went wrong on our side. The error has been logged.' });
  });
}
