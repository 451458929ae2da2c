/**
 * Every error becomes an `ApiError` JSON body. Bad input is always a 4xx with a clear message;
 * only a genuine fault is a 500, and its details stay in the log.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '../../src/api/contract';
import { HttpError } from '../lib/http-error';
import { unencapsulated } from './unencapsulated';

type Issue = { path: string; message: string };

/** Builds an ApiError body. */
export function apiError(
  statusCode: number,
  message: string,
  key?: string,
  issues?: Issue[],
): ApiError {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(key !== undefined && { key }),
    ...(issues !== undefined && { issues }),
  };
}

/** Messages that are i18n keys (e.g. signup.name_starts_with_at) double as the error key. */
const I18N_KEY = /^[a-z]+(\.[a-z0-9_]+)+$/;

interface RawIssue {
  instancePath: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** Flattens zod issues; a failed union reports the branch that came closest. */
function flatten(raw: RawIssue[]): Issue[] {
  return raw.flatMap((issue): Issue[] => {
    const base = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const branches = issue.params?.errors;
    if (issue.keyword === 'invalid_union' && Array.isArray(branches) && branches.length > 0) {
      const closest = (branches as Array<Array<{ path: PropertyKey[]; message: string }>>).reduce(
        (best, branch) => (branch.length < best.length ? branch : best),
      );
      return closest.map((sub) => ({
        path: [base, ...sub.path.map(String)].filter(Boolean).join('.'),
        message: sub.message,
      }));
    }
    return [{ path: base, message: issue.message ?? 'Invalid value' }];
  });
}

function validationBody(context: string | undefined, raw: RawIssue[]): ApiError {
  const issues = flatten(raw);
  const where = context === 'querystring' ? 'query parameter' : (context ?? 'request');
  const summary = issues
    .slice(0, 3)
    .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
    .join('; ');
  const key = issues.find((i) => I18N_KEY.test(i.message))?.message;
  return apiError(400, `Invalid ${where}: ${summary}`, key, issues);
}

export default unencapsulated('errors', async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(validationBody(error.validationContext, error.validation));
    }
    if (error instanceof HttpError) {
      const body = apiError(error.statusCode, error.message, error.key);
      return reply.code(error.statusCode).send(error.ban ? { ...body, ban: error.ban } : body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type) have safe messages.
      return reply.code(status).send(apiError(status, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send(apiError(500, 'Something went wrong on our side. Please try again later.'));
  });
});
