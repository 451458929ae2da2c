/**
 * GET /api/health is readiness: may this instance get requests? 200 when the database (and Redis,
 * when configured) answers and no shutdown has begun; load balancers and start scripts poll it.
 * GET /api/health/live is liveness: the process runs and its event loop turns, draining or not; a
 * supervisor restarts the process only when this fails.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HealthLiveResponse,
  HealthResponse,
  HealthUnavailable,
} from '../../src/shared/contract/settings';
import { apiError } from '../plugins/errors';

/** A dependency slower than this counts as not answering: a check must not hang the prober. */
export const HEALTH_CHECK_TIMEOUT_MS = 2000;

/** Resolves true when `ping` does within the timeout. */
async function answers(ping: () => Promise<unknown>, onFail: (err: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), HEALTH_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([ping(), late]);
    return true;
  } catch (err) {
    onFail(err);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Why the instance is not ready, for the 503's message; the first failed check names the key. */
const FAILED: Record<keyof HealthUnavailable['checks'], string> = {
  draining: 'the instance is shutting down',
  database: 'the database does not answer',
  redis: 'Redis does not answer',
};

const healthRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Readiness',
        description:
          '200 when the database answers, Redis answers (when REDIS_URL is set) and the instance ' +
          'is not shutting down. Otherwise 503 with key health.draining, health.database or ' +
          'health.redis (the first failed check) and every check in `checks`.',
        tags: ['ops'],
        response: { 200: HealthResponse, 503: HealthUnavailable },
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const [database, redis] = await Promise.all([
        answers(
          () => app.repos.health.ping(),
          (err) => request.log.error({ err }, 'health: database ping failed'),
        ),
        app.config.redisUrl
          ? answers(
              () => app.realtime.ping(),
              (err) => request.log.error({ err }, 'health: redis ping failed'),
            )
          : undefined,
      ]);
      const checks: HealthUnavailable['checks'] = {
        database: database ? 'ok' : 'failed',
        redis: redis === undefined ? 'off' : redis ? 'ok' : 'failed',
        draining: app.shutdown.draining,
      };
      const failed = (['draining', 'database', 'redis'] as const).filter((check) =>
        check === 'draining' ? checks.draining : checks[check] === 'failed',
      );
      if (failed.length === 0) return { status: 'ok' as const, engine: app.dbEngine };
      const message = `Not ready: ${failed.map((check) => FAILED[check]).join('; ')}`;
      return reply.code(503).send({ ...apiError(503, message, `health.${failed[0]}`), checks });
    },
  );

  app.get(
    '/api/health/live',
    {
      schema: {
        summary: 'Liveness',
        description:
          '200 while the process runs and its event loop turns, also while it drains for a ' +
          'shutdown (then `draining` is true). Checks no dependency: restart only when this fails.',
        tags: ['ops'],
        response: { 200: HealthLiveResponse },
      },
      config: { rateLimit: false },
    },
    async () => ({ status: 'ok' as const, draining: app.shutdown.draining }),
  );
};

export default healthRoute;
