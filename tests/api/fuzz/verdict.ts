/**
 * What every answer must be: never a 5xx, and every 4xx an ApiError JSON body that says what was
 * wrong (or, for a page path, the app shell), with no internals leaking out.
 */
import { ApiError } from '../../../src/shared/contract/fields';
import type { Answer } from './transports';

/** Paths the app shell answers (static.ts FILE_PATH, inverted): a 404 there is an HTML page. */
const FILE_PATH = /^\/(api|assets|uploads|_i18n)(\/|$)|\.[a-z0-9]+$/i;

/** Text that only a leaked database error or stack trace would contain. */
const INTERNALS =
  /SQLITE_|syntax error at or near|relation "|violates .* constraint|at [\w.<>]+ \(\/|node_modules|\.ts:\d+:\d+/;

function pathOf(url: string): string {
  return url.split('?')[0] ?? url;
}

/** Why `answer` is wrong for a request `method url`, or null when it is fine. */
export function problemWith(method: string, url: string, answer: Answer): string | null {
  const { status, headers, body } = answer;
  if (status >= 500) return `status ${status}: ${body.subarray(0, 300).toString('utf8')}`;
  if (status < 100) return `no status line (got ${status})`;
  // A body cut short by the test giving up on the connection says nothing about the server.
  if (answer.complete === false) return null;
  const type = headers['content-type'] ?? '';
  const text = body.toString('utf8');
  if (INTERNALS.test(text)) return `status ${status} leaks internals: ${text.slice(0, 300)}`;
  if (status < 400) {
    if (type.startsWith('application/json') && body.length > 0) {
      try {
        JSON.parse(text);
      } catch {
        return `status ${status} with a JSON type but a body that is not JSON: ${text.slice(0, 200)}`;
      }
    }
    return null;
  }
  const page =
    status === 404 &&
    (method === 'GET' || method === 'HEAD') &&
    !FILE_PATH.test(pathOf(url)) &&
    type.startsWith('text/html');
  if (page) return null;
  if (!type.startsWith('application/json')) {
    return `status ${status} with content type "${type}": ${text.slice(0, 200)}`;
  }
  if (method === 'HEAD' || body.length === 0) {
    return method === 'HEAD' ? null : `status ${status} with an empty body`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `status ${status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  const error = ApiError.safeParse(parsed);
  if (!error.success) return `status ${status} body is not an ApiError: ${text.slice(0, 300)}`;
  if (error.data.statusCode !== status) {
    return `status ${status} but the body says ${error.data.statusCode}: ${text.slice(0, 200)}`;
  }
  if (error.data.message.trim().length < 8 || /^(client error|error)$/i.test(error.data.message)) {
    return `status ${status} with an unclear message: ${text.slice(0, 200)}`;
  }
  return null;
}
