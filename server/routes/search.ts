/** GET /api/search.php: member search, first as an automatic load with defaults, then manual. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, SEARCH_PAGE_SIZE } from '../../src/shared/contract/fields';
import { SearchQuery, SearchResponse } from '../../src/shared/contract/members';
import { todayIso } from '../lib/dates';
import { HttpError } from '../lib/http-error';
import { sessionMember } from '../plugins/session';
import { visitorsMaySee } from '../services/lander-audience';
import { defaultFilters, manualFilters, toSearchFilter } from '../services/search-filters';

const searchRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search.php',
    {
      schema: {
        summary: 'Search members',
        description:
          'auto_load=1 (without manual_search) ignores filters and searches with defaults derived ' +
          'from the member: the other gender, their country, the age bracket holding their age; the ' +
          'defaults come back in filter_options. Otherwise the given filters apply (country must be ' +
          'a site country, countryregion 0 means all). Results are ordered by last activity; ' +
          'paging.num_results is the total, reused for a minute per filter and member. do_not_save is accepted (filters are never stored ' +
          'server-side). Logged out only when the site allows logged-out search.',
        tags: ['search'],
        querystring: SearchQuery,
        response: { 200: SearchResponse, 400: ApiError, 403: ApiError },
      },
    },
    async (request) => {
      const q = request.query;
      const { config } = app.site;
      const me = sessionMember(request);
      if (!me && !visitorsMaySee(config, q.trafficsource)) {
        throw new HttpError(403, 'Log in to search members', 'auth.not_logged_in');
      }
      const today = todayIso();
      const automatic = q.auto_load === true && q.manual_search !== true;
      const basics = me && automatic ? await app.repos.members.getSearchBasics(me.id) : undefined;
      const options = automatic
        ? defaultFilters(basics ?? null, app.site, today, q.searchAllCountries === true)
        : manualFilters(q, app.site);
      const filter = toSearchFilter(options, q, me?.id ?? null, today);
      const search = app.repos.search;
      const [total, profiles] = await Promise.all([
        app.searchTotals.total(filter, () => search.count(filter)),
        search.page(filter),
      ]);
      return {
        profiles,
        paging: { num_results: total, page: q.page ?? 1, pp: q.pp ?? SEARCH_PAGE_SIZE },
        filter_options: options,
      };
    },
  );
};

export default searchRoute;
