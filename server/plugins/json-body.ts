/**
 * Fastify's JSON body parser plus one rule: no NUL characters. PostgreSQL cannot store them in text,
 * so without this a "\u0000" in any string field would turn bad input into a 500.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error';
import { unencapsulated } from './unencapsulated';

/** JSON escapes for U+0000; raw NULs cannot appear in valid JSON text at all. */
const NUL_ESCAPE = /\\u0000/i;

export default unencapsulated('json-body', async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (NUL_ESCAPE.test(text)) {
      done(
        new HttpError(400, 'Text must not contain NUL characters', 'error.invalid_text'),
        undefined,
      );
      return;
    }
    parseJson(request, text, done);
  });
});
