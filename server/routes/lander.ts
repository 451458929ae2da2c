/** GET /api/lander.php?slug=: the members a lander shows, picked by the slug's niche. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../src/shared/contract/fields';
import {
  LANDER_PROFILES_MAX,
  LanderQuery,
  LanderResponse,
} from '../../src/shared/contract/landers';
import { parseLanderSlug } from '../../src/shared/lander-slug';
import { todayIso } from '../lib/dates';
import { HttpError } from '../lib/http-error';
import { sessionMember } from '../plugins/session';
import type { SearchFilter } from '../repositories/search.repository';
import { headlineTotal, nicheBounds, visitorsMaySee } from '../services/lander-audience';
import { landerSlotFiller } from '../services/lander-prerender';

const landerRoute: FastifyPluginAsyncZod = async (app) => {
  app.prerenderFillers.set('lander', landerSlotFiller(app.config.localesDir));
  app.get(
    '/api/lander.php',
    {
      schema: {
        summary: 'Members for a lander',
        description:
          'slug is a lander slug of SPEC §2.5 (eng, she-nl, gay-eng, milf-de …); anything else is ' +
          '400 lander.unknown_slug. Answers the language and niche of the slug and up to ' +
          `${LANDER_PROFILES_MAX} cards of members who fit the niche: 1 and 3 (bdsm) everyone, ` +
          '2 (she) and 4 (bbw) women, 5 (gilf) women 60 and over, 6 (milf) women 35 to 55, 7 (gay) ' +
          'men. Members with a photo first, then by last activity. Never members who left, are ' +
          'banned, hidden by a moderator, opted out of invitation pages, fictional, or blocked ' +
          'either way with the logged-in viewer. Visitors get cards only under ' +
          'logged_out_search (or logged_out_search_trafficsource with a trafficsource naming a ' +
          'network), otherwise profiles is empty. total is what a search for the niche counts, ' +
          'rounded down to a hundred above 100.',
        tags: ['landers'],
        querystring: LanderQuery,
        response: { 200: LanderResponse, 400: ApiError, 403: ApiError },
      },
    },
    async (request) => {
      const { slug, trafficsource } = request.query;
      const parsed = parseLanderSlug(slug);
      if (!parsed) throw new HttpError(400, `Unknown lander slug: ${slug}`, 'lander.unknown_slug');
      const viewerId = sessionMember(request)?.id ?? null;
      const today = todayIso();
      const bounds = nicheBounds(parsed.niche, today);
      // The headline is the same for everyone, so one cached total per niche serves every visitor.
      const counted: SearchFilter = {
        ...bounds,
        country: null,
        countryregion: null,
        viewerId: null,
        limit: LANDER_PROFILES_MAX,
        offset: 0,
        today,
      };
      const mayShow = viewerId !== null || visitorsMaySee(app.site.config, trafficsource);
      const [total, profiles] = await Promise.all([
        app.searchTotals.total(counted, () => app.repos.search.count(counted)),
        mayShow
          ? app.repos.landers.cards(
              { ...bounds, viewerId, today, now: Date.now() },
              LANDER_PROFILES_MAX,
            )
          : [],
      ]);
      return { ...parsed, profiles, total: headlineTotal(total) };
    },
  );
};

export default landerRoute;
