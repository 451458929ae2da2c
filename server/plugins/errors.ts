/**
 * Every error becomes an `ApiError` JSON body. Bad input is always a 4xx with a clear message;
 * only a genuine fault is a 500, and its details stay in the log.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '../../src/shared/contract/fields';
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

/** What a request the HTTP parser refused gets: status and message by the parser's error code. */
function clientErrorAnswer(code: string): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'The request headers are too large'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request did not arrive in time'];
  if (code === 'HPE_INVALID_METHOD') return [400, 'Malformed request: unknown HTTP method'];
  if (code === 'HPE_INVALID_VERSION') return [400, 'Malformed request: unsupported HTTP version'];
  if (code === 'HPE_INVALID_URL') return [400, 'Malformed request: invalid request target'];
  if (/CONTENT_LENGTH/.test(code)) return [400, 'Malformed request: invalid Content-Length'];
  if (/CHUNK|TRANSFER_ENCODING/.test(code)) {
    return [400, 'Malformed request: invalid chunked transfer encoding'];
  }
  if (/HEADER|TOKEN/.test(code)) return [400, 'Malformed request: invalid header'];
  return [400, 'Malformed HTTP request'];
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses never reaches a route, so it
 * is answered here, in the same ApiError shape, and the connection is closed as Node would.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = clientErrorAnswer(error.code ?? '');
  const body = JSON.stringify(apiError(status, message));
  // The packet being parsed; when it starts the request, a HEAD answer must carry no body.
  const packet: unknown = error.rawPacket;
  const head = Buffer.isBuffer(packet) && packet.subarray(0, 5).toString('latin1') === 'HEAD ';
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${head ? '' : body}`,
    );
  }
  socket.destroy(error);
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
