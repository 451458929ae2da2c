/**
 * GET /metrics on the main port (plugins/metrics.ts collects them): only with METRICS_TOKEN set,
 * and only for `Authorization: Bearer <token>`. Anyone else gets exactly the answer of a path that
 * does not exist, so the endpoint is not even revealed. Rate limited like every route.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries the token; compared in constant time. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer +(\S+)\s*$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(sha256(match[1] ?? ''), expected);
}

const metricsRoute: FastifyPluginAsync = async (app) => {
  const { token } = app.config.metrics;
  if (token === undefined) return;
  const expected = sha256(token);
  // No input to validate: no query, no body; the answer is Prometheus text, not contract JSON.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const scraped = bearerMatches(request.headers.authorization, expected)
      ? await app.metrics.scrape()
      : null;
    if (!scraped) return reply.callNotFound();
    return reply
      .header('content-type', scraped.contentType)
      .header('cache-control', 'no-store')
      .send(scraped.text);
  });
};

export default metricsRoute;
