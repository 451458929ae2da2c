/** GET /api/health: ready when the database answers; used by load balancers and start scripts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, HealthResponse } from '../../src/api/contract';
import { HttpError } from '../lib/http-error';

const healthRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Readiness',
        description: '200 when the server and its database answer, 503 otherwise.',
        tags: ['ops'],
        response: { 200: HealthResponse, 503: ApiError },
      },
      config: { rateLimit: false },
    },
    async (request) => {
      try {
        await app.repos.health.ping();
      } catch (err) {
        request.log.error({ err }, 'database ping failed');
        throw new HttpError(503, 'The database does not answer');
      }
      return { status: 'ok' as const, engine: app.dbEngine };
    },
  );
};

export default healthRoute;
