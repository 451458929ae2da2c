/**
 * GET /api/stats.php: the operator's funnel, revenue and postback figures, as JSON or as the CSV
 * the console downloads. Holders of the stats role only: anyone else gets the 404 of an unknown
 * path, as for the moderation console, before the query is even read.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../src/shared/contract/fields';
import {
  STATS_PATH,
  STATS_RANGE_MAX_DAYS,
  StatsQuery,
  StatsResponse,
} from '../../src/shared/contract/stats';
import { statsCsv, statsCsvFilename } from '../../src/shared/stats-csv';
import { unknownPath } from '../services/moderation';
import { statsReport } from '../services/stats-report';
import { NO_STORE } from './moderation';

/** Route hook: the stats role's one authorization rule. */
async function statsHoldersOnly(request: FastifyRequest): Promise<void> {
  const { member } = request;
  if (!member || !(await request.server.repos.statsRoles.isHolder(member.id))) {
    throw unknownPath(request);
  }
}

const statsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    STATS_PATH,
    {
      schema: {
        summary: 'Acquisition funnel, revenue and postbacks',
        description:
          'Holders of the stats role only (`npm run admin -- grant-stats EMAIL`); anyone else gets ' +
          'the 404 of an unknown path. from and to are UTC days, both included, at most ' +
          `${STATS_RANGE_MAX_DAYS} days (else 400 stats.errors.range_order / range_too_long). ` +
          'One row per day of the range (zeros included) or, with group=design|slug|language|' +
          'country|network|sub1|sub2|sub3, per value of that dimension, most lander views first; ' +
          'any dimension given as a filter narrows every figure ("" matches "not set"). Counts ' +
          'per funnel step; revenue per currency in minor units (gross: payments, refunds, net). ' +
          'options: the values each dimension took in the range. postbacks: the state of the ' +
          'partner postbacks of conversions made in the range (of the filtered network), with ' +
          'the 20 newest that failed at least once and are still pending or given up. format=csv ' +
          'answers the table as text/csv (the step counts, then gross, refunds and net per ' +
          'currency in major units, and a total line) as the attachment stats-FROM-TO.csv.',
        tags: ['stats'],
        querystring: StatsQuery,
        response: {
          200: StatsResponse.or(z.string().describe('text/csv with format=csv')),
          400: ApiError,
          404: ApiError,
        },
      },
      onRequest: statsHoldersOnly,
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_STORE);
      const report = await statsReport(app, request.query);
      if (request.query.format === 'json') return report;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statsCsvFilename(report)}"`)
        .send(statsCsv(report));
    },
  );
};

export default statsRoute;
