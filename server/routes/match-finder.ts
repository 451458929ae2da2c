/** GET /api/match_finder.php: the match-finder quiz answers → how many fit, and a few pictures. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../src/shared/contract/fields';
import { MatchFinderQuery, MatchFinderResponse } from '../../src/shared/contract/landers';
import { todayIso } from '../lib/dates';
import { sessionMember } from '../plugins/session';
import { visitorsMaySee } from '../services/lander-audience';
import { manualFilters, toSearchFilter } from '../services/search-filters';

/** Pictures the quiz shows blurred. */
export const MATCH_FINDER_PICTURES = 12;

const matchFinderRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/match_finder.php',
    {
      schema: {
        summary: 'Match-finder: count and pictures',
        description:
          'gender, min_age and max_age required; country (a site country, else 400 ' +
          'search.unknown_country) and countryregion (0 all; one of the country, else 400 ' +
          'search.unknown_region) optional. count is what search.php counts for the same filters ' +
          `(cached a minute). profiles: up to ${MATCH_FINDER_PICTURES} {id, main_image} of members ` +
          'with an approved photo who may appear on invitation pages, newest activity first, no ' +
          'names; empty for a visitor while logged-out search is off (trafficsource as in ' +
          'search.php).',
        tags: ['landers'],
        querystring: MatchFinderQuery,
        response: { 200: MatchFinderResponse, 400: ApiError, 403: ApiError },
      },
    },
    async (request) => {
      const q = request.query;
      const viewerId = sessionMember(request)?.id ?? null;
      const today = todayIso();
      const options = manualFilters(
        {
          gender: q.gender,
          min_age: q.min_age,
          max_age: q.max_age,
          country: q.country ?? '',
          countryregion: q.countryregion ?? 0,
        },
        app.site,
      );
      const filter = toSearchFilter(options, { pp: MATCH_FINDER_PICTURES }, viewerId, today);
      const mayShow = viewerId !== null || visitorsMaySee(app.site.config, q.trafficsource);
      const [count, profiles] = await Promise.all([
        app.searchTotals.total(filter, () => app.repos.search.count(filter)),
        mayShow
          ? app.repos.landers.pictures({ ...filter, now: Date.now() }, MATCH_FINDER_PICTURES)
          : [],
      ]);
      return { count, profiles };
    },
  );
};

export default matchFinderRoute;
