/**
 * POST /api/page-hidden.php: the beacon sent when the page is hidden. It records activity for a
 * logged-in member and answers 204 to everyone; the body is never used.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageHiddenBody } from '../../src/shared/contract/settings';

/** A beacon is a few bytes; nothing bigger is read. */
const BEACON_BODY_LIMIT = 4 * 1024;

/** The body as an object when it is a JSON object, otherwise an empty one. */
function asObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const pageHiddenRoute: FastifyPluginAsyncZod = async (app) => {
  // sendBeacon sends a string as text/plain and a Blob with its own type: this route (and only
  // this route, the parsers are encapsulated) takes any type and never fails on the content.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: BEACON_BODY_LIMIT },
    (_request, body, done) => done(null, asObject(String(body))),
  );

  app.post(
    '/api/page-hidden.php',
    {
      schema: {
        summary: 'Page hidden (beacon)',
        description:
          'Records activity (last_active) when logged in. Accepts any small body of any content ' +
          'type (sendBeacon sends text/plain) and always answers 204, logged in or not.',
        tags: ['account'],
        body: PageHiddenBody,
        response: { 204: z.null().describe('No content') },
      },
      // Without a body there is nothing to parse; validation still gets an object.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      if (request.member) await app.repos.members.touch(request.member.id, Date.now());
      return reply.code(204).send(null);
    },
  );
};

export default pageHiddenRoute;
