/** GET /api/member_lander.php?member=: one member's public card for their invitation page. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../src/shared/contract/fields';
import { MemberLanderQuery, MemberLanderResponse } from '../../src/shared/contract/landers';
import { todayIso } from '../lib/dates';
import { sessionMember } from '../plugins/session';
import { visitorsMaySee } from '../services/lander-audience';
import { memberCardFiller } from '../services/member-lander-prerender';

const memberLanderRoute: FastifyPluginAsyncZod = async (app) => {
  app.prerenderFillers.set(
    'member-card',
    memberCardFiller(app.config.localesDir, {
      config: app.site.config,
      memberCard: (...args) => app.repos.landers.memberCard(...args),
    }),
  );
  app.get(
    '/api/member_lander.php',
    {
      schema: {
        summary: "A member's invitation card",
        description:
          'The card (name, age, city, country, approved main photo; never e-mail, birth date or ' +
          'location) of member, or profile null when the page must show no member: unknown, left, ' +
          'banned, hidden by a moderator, opted out of invitation pages, fictional, blocked either ' +
          'way with the logged-in viewer, or a visitor while logged-out search is off (the rule of ' +
          'search.php, trafficsource included). Never a 404 for a well-formed id, so an unknown ' +
          'member cannot be told from a hidden one.',
        tags: ['landers'],
        querystring: MemberLanderQuery,
        response: { 200: MemberLanderResponse, 400: ApiError, 403: ApiError },
      },
    },
    async (request) => {
      const { member, trafficsource } = request.query;
      const viewerId = sessionMember(request)?.id ?? null;
      if (viewerId === null && !visitorsMaySee(app.site.config, trafficsource)) {
        return { profile: null };
      }
      const profile = await app.repos.landers.memberCard(member, viewerId, todayIso(), Date.now());
      return { profile };
    },
  );
};

export default memberLanderRoute;
