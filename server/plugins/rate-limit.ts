/**
 * Request limits per client IP: a generous global one, and strict ones on the routes that guess
 * or create accounts. With REDIS_URL the counters are shared by every server instance.
 *
 * The built client's files are not counted: a first visit's service worker fetches every one of
 * them (about 190), so counting them let a carrier NAT, where many phones share one address, bring
 * only six new visitors a minute before the landers of an ad campaign answered 429. They are
 * immutable files from disk; pages, the API, photos and misses all still count.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { isClientFilePath } from '../lib/client-files';
import { HttpError } from '../lib/http-error';
import { unencapsulated } from './unencapsulated';

/** Route `config` for a strict limit. */
export function routeLimit(max: number, timeWindow: number) {
  return { rateLimit: { max, timeWindow } };
}

/**
 * Route `config` for a limit per logged-in member rather than per IP: members behind one address
 * (an office, a carrier NAT) do not share it, and one member's many devices do. The route hook runs
 * after the session hook, so the member is known; logged-out calls fall back to the IP.
 */
export function memberLimit(max: number, timeWindow: number) {
  return {
    rateLimit: {
      max,
      timeWindow,
      keyGenerator: (request: FastifyRequest) =>
        request.member ? `member-${request.member.id}` : request.ip,
    },
  };
}

/** The file server's catch-all route (plugins/static.ts): files, and pages and misses it passes. */
const CLIENT_FILES_ROUTE = '/*';

export default unencapsulated('rate-limit', async (app: FastifyInstance) => {
  const { rateLimits, redisUrl, redisPrefix, clientDir } = app.config;
  const redis = redisUrl
    ? new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: true })
    : undefined;
  if (redis) {
    // Without a listener ioredis prints every lost connection as an unhandled error; the limiter
    // skips Redis while it is away (skipOnError) and readiness reports it (routes/health.ts).
    redis.on('error', (err: Error) => app.log.warn({ err }, 'rate limits: Redis unreachable'));
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: rateLimits.global,
    timeWindow: 60_000,
    // The limiter runs once a request, on its route: a page or a miss that the file server
    // passes to the 404 handler is counted here or not at all, so this asks for the file itself.
    allowList: (request: FastifyRequest) =>
      request.routeOptions.url === CLIENT_FILES_ROUTE && isClientFilePath(clientDir, request.url),
    ...(redis && { redis, nameSpace: `${redisPrefix}rl-`, skipOnError: true }),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests, retry in ${context.after}`, 'error.too_many_requests'),
  });
});
